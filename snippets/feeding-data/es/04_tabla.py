import json

with open("rejilla.jsonl", encoding="utf-8") as apuntes:
    celdas = {(f["manera"], f["motor"]): f for f in map(json.loads, apuntes)}


def celda(apunte):
    if apunte is None:
        return "sin apunte"
    if "error" in apunte:
        return apunte["error"]
    if apunte["como_numpy"] is False:
        return "✗ otros lotes"
    return f"{apunte['perdida']:.5f}" + (" ✓" if apunte["como_numpy"] else "")


MOTORES = ["torch", "jax", "tensorflow"]
print(f"{'':14}" + "".join(f"{motor:<22}" for motor in MOTORES).rstrip())
for manera in dict.fromkeys(m for m, _ in celdas):
    print(
        f"{manera:<14}"
        + "".join(
            f"{celda(celdas.get((manera, motor))):<22}" for motor in MOTORES
        ).rstrip()
    )
