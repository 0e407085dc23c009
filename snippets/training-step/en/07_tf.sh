python by_hand_tf.py
