python a_mano_tf.py
