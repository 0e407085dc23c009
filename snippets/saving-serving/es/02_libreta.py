"""La libreta de resultados: cada programa apunta aquí lo que ha probado; de ella sale
la tabla final."""

import json


def anota(formato, motor, resultado):
    fila = {"formato": formato, "motor": motor, "resultado": resultado}
    with open("resultados.jsonl", "a", encoding="utf-8") as libreta:
        libreta.write(json.dumps(fila, ensure_ascii=False) + "\n")
