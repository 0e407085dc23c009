python mirrored_tf.py
