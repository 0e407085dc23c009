for engine in torch jax tensorflow; do
  KERAS_BACKEND=$engine python validate.py
done
