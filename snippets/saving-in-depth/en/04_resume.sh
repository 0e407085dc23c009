for engine in torch jax tensorflow; do
  KERAS_BACKEND=$engine python resume.py
done
