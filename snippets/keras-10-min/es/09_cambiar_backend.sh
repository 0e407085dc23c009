for motor in jax tensorflow; do
  KERAS_BACKEND=$motor python clasificador_mnist.py
done
