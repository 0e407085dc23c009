# 2) Keras, the other two engines, what the lesson uses for data and plots, and
#    JupyterLab to follow it in a notebook (no torch: it is there)
pip install "keras==3.15.1" "jax==0.10.2" "tensorflow==2.21.0" "numpy==2.4.6" \
    "pandas==3.1.1" "pyarrow==26.0.1" "matplotlib==3.11.2" \
    "jupyterlab==4.6.6"
