python espejo_tf.py
