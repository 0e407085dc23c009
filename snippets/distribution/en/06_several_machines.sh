# On every machine, with the address of machine 0 (here 10.0.0.1) reachable from all
# of them:
export KERAS_DISTRIBUTION_JOB_ADDRESSES=10.0.0.1:12355 \
    KERAS_DISTRIBUTION_NUM_PROCESSES=2
# then, on machine 0:
KERAS_DISTRIBUTION_PROCESS_ID=0 python har_processes.py report_0.txt
# or, on machine 1:
KERAS_DISTRIBUTION_PROCESS_ID=1 python har_processes.py report_1.txt
