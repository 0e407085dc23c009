for motor in torch jax tensorflow; do
  KERAS_BACKEND=$motor python perdida_portable.py
done
