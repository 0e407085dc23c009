import json

with open("results.jsonl", encoding="utf-8") as log:
    results = {(f["kind"], f["engine"]): f["result"] for f in map(json.loads, log)}

ENGINES = ["torch", "jax", "tensorflow"]
TABLES = {
    "Opening what torch saved, on each column's engine": {
        "load_model": ".keras",
        "load_model(compile=False)": ".keras, compile=False",
        "load_weights": ".weights.h5",
        "build and load_weights": ".weights.h5 + build",
        "only .keras, with build": ".keras, compile=False + build",
        "TFSMLayer (SavedModel tf)": "TFSMLayer",
    },
    "Exporting from each column's engine, and serving it": {
        "export SavedModel": "tf_saved_model",
        "export ONNX": "onnx",
        "tf.saved_model.load": "tf.saved_model.load",
        "onnxruntime": "onnxruntime",
    },
}
for title, rows in TABLES.items():
    print(title)
    print(f"{'':26}" + "".join(f"{engine:<17}" for engine in ENGINES).rstrip())
    for name, kind in rows.items():
        # With no entry in the log, the step never happened: there was no export to
        # open. If a step was noted twice (a program run again), the last entry counts.
        cells = [results.get((kind, engine), "nothing to serve") for engine in ENGINES]
        print(f"{name:26}" + "".join(f"{cell:<17}" for cell in cells).rstrip())
    print()
