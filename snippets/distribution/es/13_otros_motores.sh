for motor in torch tensorflow; do
  KERAS_BACKEND=$motor python otros_motores.py
done
