# Un exportador a ONNX para TensorFlow y otro para JAX (torch trae el suyo), y ONNX
# Runtime para servir.
# Con Keras, JAX, TensorFlow y NumPy fijados a las versiones de la lección, para
# que pip no cambie ninguno de esos cuatro.
pip install "onnxruntime==1.32.0" "tf2onnx==1.17.0" "jax2onnx==0.17.1" \
    "keras==3.15.1" "jax==0.10.2" "tensorflow==2.21.0" "numpy==2.4.6"
