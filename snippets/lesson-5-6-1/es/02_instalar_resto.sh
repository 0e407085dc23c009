# 2) Keras, los otros dos motores, lo que usa la lección para datos y gráficos, y
#    JupyterLab para seguirla en un cuaderno (sin torch: ya está)
pip install "keras==3.15.1" "jax==0.10.2" "tensorflow==2.21.0" "numpy==2.4.6" \
    "pandas==3.1.1" "pyarrow==26.0.1" "matplotlib==3.11.2" \
    "jupyterlab==4.6.6"
