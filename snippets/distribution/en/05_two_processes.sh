# Both processes, on this computer. Process 0 coordinates from a port that is free.
rm -f report_0.txt report_1.txt  # no report left from an earlier run
port=$(python -c "import socket
s = socket.socket()
s.bind(('127.0.0.1', 0))
print(s.getsockname()[1])")
export KERAS_DISTRIBUTION_JOB_ADDRESSES=127.0.0.1:$port \
    KERAS_DISTRIBUTION_NUM_PROCESSES=2
KERAS_DISTRIBUTION_PROCESS_ID=0 python har_processes.py report_0.txt > gloo_0.log &
process_0=$!
KERAS_DISTRIBUTION_PROCESS_ID=1 python har_processes.py report_1.txt > gloo_1.log
wait $process_0  # waits for process 0; its exit status is left in $?
cat report_0.txt report_1.txt
