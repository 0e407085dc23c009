for engine in tensorflow jax torch; do
  KERAS_BACKEND=$engine python export_two.py
done
