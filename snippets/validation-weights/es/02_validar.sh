for motor in torch jax tensorflow; do
  KERAS_BACKEND=$motor python validar.py
done
