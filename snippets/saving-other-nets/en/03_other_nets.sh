for engine in torch jax tensorflow; do
  KERAS_BACKEND=$engine python other_nets.py
done
