"""Trains the network with each way of handing over the data, on the KERAS_BACKEND
engine, and notes each result."""

import json
import re

import keras
import numpy as np
from data import TUNED, EPOCHS, WAYS, OTHERS, new_network, for_predict, weights

engine = keras.backend.backend()


def note(way, **result):
    with open("grid.jsonl", "a", encoding="utf-8") as notes:
        notes.write(
            json.dumps({"engine": engine, "way": way, **result}, ensure_ascii=False)
            + "\n"
        )


def reason(error):
    """The first sentence of the line that says what happened, without colour codes or
    Keras's headers."""
    lines = [
        re.sub(r"\x1b\[\d*m", "", line).strip() for line in str(error).splitlines()
    ]
    lines = [
        line
        for line in lines
        if line and not line.startswith(("Exception encountered", "in user code"))
    ]
    final = [line for line in lines if re.match(r"\w+Error: ", line)]
    return (final[-1].split(": ", 1)[1] if final else lines[0]).split(". ")[0]


reference = None  # what NumPy gives on this engine: the other ways are compared with it
for way, data_of in (WAYS | TUNED).items():
    net = new_network()
    # shuffle=False: fit goes through the batches in order, so every way takes the same
    # steps.
    history = net.fit(**data_of(), epochs=EPOCHS, shuffle=False, verbose=0)
    prediction = net.predict(**for_predict(data_of()), verbose=0)
    result = {
        "final_loss": history.history["loss"][-1],
        "weights": weights(net),
        "prediction": prediction,
    }
    reference = reference or result
    same = all(
        np.abs(result[k] - reference[k]).max() < 1e-5 for k in ("weights", "prediction")
    )
    # When it does not match, its loss is not printed: it depends on how the threads
    # share the work.
    final_loss = f"loss {result['final_loss']:.5f}" if same else "other batches"
    print(
        f"[{engine}] {way:<13} {final_loss}, {len(prediction)} predictions, "
        f"like NumPy: {same}"
    )
    note(way, final_loss=result["final_loss"], like_numpy=bool(same))

for way, data_of in OTHERS.items():
    try:
        history = new_network().fit(**data_of(), epochs=1, shuffle=False, verbose=0)
        print(f"[{engine}] {way:<13} trains: loss {history.history['loss'][-1]:.5f}")
        note(way, final_loss=history.history["loss"][-1], like_numpy=None)
    except Exception as error:
        print(f"[{engine}] {way:<13} {type(error).__name__}: {reason(error)}")
        note(way, error=type(error).__name__)
