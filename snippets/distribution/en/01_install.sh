# Keras with the JAX engine, and pandas + pyarrow to read the parquet (no torch or
# TensorFlow needed)
pip install "keras==3.15.1" "jax==0.10.2" "numpy==2.4.6" "pandas==3.1.1" \
    "pyarrow==26.0.1"
