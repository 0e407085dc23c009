# Orbax, which OrbaxCheckpoint uses and Keras does not install by itself.
# With Keras, JAX, TensorFlow and NumPy pinned to the lesson's versions, so that pip
# changes none of those four.
pip install "orbax-checkpoint==0.11.36" \
    "keras==3.15.1" "jax==0.10.2" "tensorflow==2.21.0" "numpy==2.4.6"
