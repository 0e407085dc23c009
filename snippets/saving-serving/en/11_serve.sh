# neither picks a Keras engine: KERAS_BACKEND is not needed
python serve_savedmodel.py
python serve_onnx.py
