for engine in torch jax tensorflow; do
  KERAS_BACKEND=$engine python reopen.py
done
