# TensorFlow primero: los otros dos intentan abrir con TFSMLayer la SavedModel que
# exporta él.
for motor in tensorflow jax torch; do
  KERAS_BACKEND=$motor python exportar.py
done
