# Cuánto ocupan en disco los paquetes de las dos líneas, con todas sus dependencias, en
# el entorno que ejecuta este bloque: su lista de dependencias la da cada paquete
# instalado.
import importlib.metadata as metadatos

from packaging.requirements import Requirement


def con_dependencias(nombres):
    pendientes, vistos = list(nombres), {}
    while pendientes:
        nombre = pendientes.pop()
        clave = nombre.lower().replace("_", "-")
        if clave in vistos:
            continue
        try:
            vistos[clave] = paquete = metadatos.distribution(nombre)
        except metadatos.PackageNotFoundError:
            continue  # solo falta lo que ninguna de las dos líneas instala
        for linea in paquete.requires or []:
            # sin extras: lo que se instala sin pedir nada más
            requisito = Requirement(linea)
            if requisito.marker is None or requisito.marker.evaluate({"extra": ""}):
                pendientes.append(requisito.name)
    return vistos


paquetes = con_dependencias(["keras", "jax", "tensorflow", "torch"])
tamanos = {n: sum(a.size or 0 for a in p.files or []) for n, p in paquetes.items()}
print(f"{len(paquetes)} paquetes, {sum(tamanos.values()) / 1e9:.1f} GB en disco")
for nombre in sorted(tamanos, key=tamanos.get, reverse=True)[:3]:
    print(f"  {nombre:<11}{tamanos[nombre] / 1e9:.2f} GB")
