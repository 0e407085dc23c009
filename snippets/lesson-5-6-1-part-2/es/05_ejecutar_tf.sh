python determinismo_tf.py
