# Los dos procesos, en este equipo. El 0 coordina desde un puerto que esté libre.
rm -f informe_0.txt informe_1.txt  # ningún informe de una vez anterior
puerto=$(python -c "import socket
s = socket.socket()
s.bind(('127.0.0.1', 0))
print(s.getsockname()[1])")
export KERAS_DISTRIBUTION_JOB_ADDRESSES=127.0.0.1:$puerto \
    KERAS_DISTRIBUTION_NUM_PROCESSES=2
KERAS_DISTRIBUTION_PROCESS_ID=0 python har_procesos.py informe_0.txt > gloo_0.log &
proceso_0=$!
KERAS_DISTRIBUTION_PROCESS_ID=1 python har_procesos.py informe_1.txt > gloo_1.log
wait $proceso_0  # espera al proceso 0; su código de salida queda en $?
cat informe_0.txt informe_1.txt
