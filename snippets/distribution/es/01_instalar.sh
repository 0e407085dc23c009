# Keras con el motor JAX, y pandas + pyarrow para leer el parquet (torch y TensorFlow
# no hacen falta)
pip install "keras==3.15.1" "jax==0.10.2" "numpy==2.4.6" "pandas==3.1.1" \
    "pyarrow==26.0.1"
