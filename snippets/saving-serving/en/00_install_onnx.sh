# An ONNX exporter for TensorFlow and one for JAX (torch ships its own), and ONNX
# Runtime to serve.
# With Keras, JAX, TensorFlow and NumPy pinned to the lesson's versions, so that pip
# changes none of those four.
pip install "onnxruntime==1.32.0" "tf2onnx==1.17.0" "jax2onnx==0.17.1" \
    "keras==3.15.1" "jax==0.10.2" "tensorflow==2.21.0" "numpy==2.4.6"
