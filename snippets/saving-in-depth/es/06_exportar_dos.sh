for motor in tensorflow jax torch; do
  KERAS_BACKEND=$motor python exportar_dos.py
done
