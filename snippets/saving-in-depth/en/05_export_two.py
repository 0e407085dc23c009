"""export_two.py: a SavedModel with two endpoints, the probabilities and the features of
the hidden layer, written with ExportArchive and served with TensorFlow without
Keras."""

import keras
import numpy as np

engine = keras.backend.backend()
keras.utils.set_random_seed(0)
measures = keras.Input((4,))
features = keras.layers.Dense(8, activation="relu")(measures)
net = keras.Model(measures, keras.layers.Dense(3, activation="softmax")(features))
# shares the hidden layer, and its weights, with the network
features_only = keras.Model(measures, features)
signature = [keras.InputSpec(shape=(None, 4), dtype="float32")]
x = np.random.default_rng(1).normal(size=(5, 4)).astype("float32")

archive = keras.export.ExportArchive()
try:
    archive.track(net)  # the variables the SavedModel has to carry
except NotImplementedError as error:
    print(f"[{engine}] track: {type(error).__name__}: {error}")
    try:  # what the message suggests, with each endpoint
        archive.track_and_add_endpoint("probabilities", net, signature)
    except Exception as error:
        print(
            f"[{engine}] track_and_add_endpoint: {type(error).__name__}: "
            f"{str(error).splitlines()[0]}"
        )
    raise SystemExit
archive.add_endpoint("probabilities", net.call, input_signature=signature)
archive.add_endpoint("features", features_only.call, input_signature=signature)
archive.write_out(f"two_endpoints_{engine}", verbose=False)

import tensorflow as tf  # no Keras any more: what the server would do

served = tf.saved_model.load(f"two_endpoints_{engine}")
present = [
    name
    for name in ("probabilities", "features", "serving_default")
    if name in served.signatures
]
print(f"[{engine}] {len(served.signatures)} endpoints:", ", ".join(present))
for name, model in (("probabilities", net), ("features", features_only)):
    difference = np.abs(
        getattr(served, name)(x).numpy() - model.predict(x, verbose=0)
    ).max()
    print(
        f"[{engine}] {name}: the same as Keras (1e-6)? {difference < 1e-6} "
        f"(difference {difference:.1e})"
    )
