"""Entrena la red con cada manera de dar los datos, en el motor de KERAS_BACKEND, y
anota cada resultado."""

import json
import re

import keras
import numpy as np
from datos import AFINADA, EPOCAS, MANERAS, OTRAS, nueva_red, para_predict, pesos

motor = keras.backend.backend()


def anota(manera, **resultado):
    with open("rejilla.jsonl", "a", encoding="utf-8") as apuntes:
        apuntes.write(
            json.dumps(
                {"motor": motor, "manera": manera, **resultado}, ensure_ascii=False
            )
            + "\n"
        )


def motivo(error):
    """La primera frase de la línea que dice qué pasó, sin los códigos de color ni las
    cabeceras de Keras."""
    lineas = [
        re.sub(r"\x1b\[\d*m", "", linea).strip() for linea in str(error).splitlines()
    ]
    lineas = [
        linea
        for linea in lineas
        if linea and not linea.startswith(("Exception encountered", "in user code"))
    ]
    finales = [linea for linea in lineas if re.match(r"\w+Error: ", linea)]
    return (finales[-1].split(": ", 1)[1] if finales else lineas[0]).split(". ")[0]


# lo que da NumPy en este motor: las otras maneras se comparan con ello
referencia = None
for manera, datos_de in (MANERAS | AFINADA).items():
    red = nueva_red()
    # shuffle=False: fit recorre los lotes en orden, así que todas las maneras ven los
    # mismos pasos.
    historia = red.fit(**datos_de(), epochs=EPOCAS, shuffle=False, verbose=0)
    prediccion = red.predict(**para_predict(datos_de()), verbose=0)
    resultado = {
        "perdida": historia.history["loss"][-1],
        "pesos": pesos(red),
        "prediccion": prediccion,
    }
    referencia = referencia or resultado
    iguales = all(
        np.abs(resultado[k] - referencia[k]).max() < 1e-5
        for k in ("pesos", "prediccion")
    )
    # Si no coincide, su pérdida no se imprime: depende de cómo se repartan el trabajo
    # los hilos.
    perdida = f"pérdida {resultado['perdida']:.5f}" if iguales else "otros lotes"
    print(
        f"[{motor}] {manera:<13} {perdida}, {len(prediccion)} predicciones, "
        f"como NumPy: {iguales}"
    )
    anota(manera, perdida=resultado["perdida"], como_numpy=bool(iguales))

for manera, datos_de in OTRAS.items():
    try:
        historia = nueva_red().fit(**datos_de(), epochs=1, shuffle=False, verbose=0)
        print(
            f"[{motor}] {manera:<13} entrena: "
            f"pérdida {historia.history['loss'][-1]:.5f}"
        )
        anota(manera, perdida=historia.history["loss"][-1], como_numpy=None)
    except Exception as error:
        print(f"[{motor}] {manera:<13} {type(error).__name__}: {motivo(error)}")
        anota(manera, error=type(error).__name__)
