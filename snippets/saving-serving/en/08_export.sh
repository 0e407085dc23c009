# TensorFlow first: the other two try to open the SavedModel it exports with
# TFSMLayer.
for engine in tensorflow jax torch; do
  KERAS_BACKEND=$engine python export.py
done
