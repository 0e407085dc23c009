for engine in jax tensorflow; do
  KERAS_BACKEND=$engine python mnist_classifier.py
done
