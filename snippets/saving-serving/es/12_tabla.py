import json

with open("resultados.jsonl", encoding="utf-8") as libreta:
    resultados = {
        (f["formato"], f["motor"]): f["resultado"] for f in map(json.loads, libreta)
    }

MOTORES = ["torch", "jax", "tensorflow"]
TABLAS = {
    "Abrir lo guardado en torch, con el motor de cada columna": {
        "load_model": ".keras",
        "load_model(compile=False)": ".keras, compile=False",
        "load_weights": ".weights.h5",
        "build y load_weights": ".weights.h5 + build",
        "solo .keras, con build": ".keras, compile=False + build",
        "TFSMLayer (SavedModel tf)": "TFSMLayer",
    },
    "Exportar desde el motor de cada columna, y servirlo": {
        "export SavedModel": "tf_saved_model",
        "export ONNX": "onnx",
        "tf.saved_model.load": "tf.saved_model.load",
        "onnxruntime": "onnxruntime",
    },
}
for titulo, filas in TABLAS.items():
    print(titulo)
    print(f"{'':26}" + "".join(f"{motor:<17}" for motor in MOTORES).rstrip())
    for nombre, formato in filas.items():
        # Sin apunte en la libreta, el paso no llegó a darse: no hubo exportación que
        # abrir. Si un paso se apuntó dos veces (un programa ejecutado de nuevo), vale
        # el último apunte.
        celdas = [
            resultados.get((formato, motor), "nada que servir") for motor in MOTORES
        ]
        print(f"{nombre:26}" + "".join(f"{celda:<17}" for celda in celdas).rstrip())
    print()
