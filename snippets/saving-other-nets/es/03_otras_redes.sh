for motor in torch jax tensorflow; do
  KERAS_BACKEND=$motor python otras_redes.py
done
