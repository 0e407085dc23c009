# Orbax, que usa OrbaxCheckpoint y Keras no instala por su cuenta.
# Con Keras, JAX, TensorFlow y NumPy fijados a las versiones de la lección, para
# que pip no cambie ninguno de esos cuatro.
pip install "orbax-checkpoint==0.11.36" \
    "keras==3.15.1" "jax==0.10.2" "tensorflow==2.21.0" "numpy==2.4.6"
