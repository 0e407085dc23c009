# ninguno de los dos elige motor de Keras: KERAS_BACKEND no hace falta
python servir_savedmodel.py
python servir_onnx.py
