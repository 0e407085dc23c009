# En cada máquina, con la dirección de la máquina 0 (aquí 10.0.0.1), accesible desde
# todas:
export KERAS_DISTRIBUTION_JOB_ADDRESSES=10.0.0.1:12355 \
    KERAS_DISTRIBUTION_NUM_PROCESSES=2
# y después, en la máquina 0:
KERAS_DISTRIBUTION_PROCESS_ID=0 python har_procesos.py informe_0.txt
# o, en la máquina 1:
KERAS_DISTRIBUTION_PROCESS_ID=1 python har_procesos.py informe_1.txt
