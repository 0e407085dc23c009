for engine in torch jax tensorflow; do
  KERAS_BACKEND=$engine python portable_loss.py
done
