"""probar_rocm.py: ¿puede este entorno entrenar Keras en la GPU de AMD?

Cuatro comprobaciones, de la más barata a la más cara. La primera que falla dice qué
hacer y termina con código de salida 1:
  1. compilación: el PyTorch instalado es de ROCm (torch.version.hip tiene valor);
  2. GPU: PyTorch la ve (torch.cuda.is_available()), y la cuda:0 no es una integrada ni
     una GPU sin kernels en este PyTorch (con un aviso si otra dedicada tiene más
     memoria);
  3. cuentas: una multiplicación de matrices y una convolución dan en la GPU lo mismo
     que en la CPU;
  4. Keras: una red convolucional pequeña aprende en la GPU, con los pesos en la GPU.

ROCM_GUIDE_ACCEPT_CUDA=1 es un interruptor de la CI del sitio, para ejecutar la guía en
una máquina NVIDIA: con una Radeon no lo definas.
"""

import os
import sys

os.environ["KERAS_BACKEND"] = "torch"  # Keras lee la variable al importarse: va antes

import torch

ACEPTAR_CUDA = os.environ.get("ROCM_GUIDE_ACCEPT_CUDA") == "1"
# Desvío relativo máximo entre GPU y CPU. El redondeo de float32 da del orden de 1e-6
# (con la opción NVIDIA, TF32 puede llegar a 1e-3: también cabe); una compilación que
# calcula mal da NaN o diferencias del orden de 1.
TOLERANCIA = 1e-2


def decir(texto):
    print(texto, flush=True)


def fallar(problema, remedio):
    decir(f"FALLO: {problema}")
    decir(f"  qué hacer: {remedio}")
    sys.exit(1)


def comprobar_compilacion():
    if torch.version.hip:
        return f"ROCm (HIP {torch.version.hip})"
    if torch.version.cuda and ACEPTAR_CUDA:
        return (
            f"CUDA {torch.version.cuda}, aceptada a petición (ROCM_GUIDE_ACCEPT_CUDA=1)"
        )
    tipo = (
        f"compilación CUDA {torch.version.cuda}"
        if torch.version.cuda
        else "compilación solo para CPU"
    )
    fallar(
        f"este PyTorch no es una compilación ROCm ({tipo})",
        "desinstálalo (pip uninstall -y torch) y vuelve a instalarlo desde el índice "
        "ROCm de PyTorch (paso 2); si no desinstalas, pip da por cumplido "
        "«torch==2.9.1» y no cambia nada",
    )


def comprobar_gpu():
    if not torch.cuda.is_available():
        fallar(
            "PyTorch es de ROCm, pero no ve ninguna GPU",
            "revisa el acceso a /dev/kfd y /dev/dri/renderD* (grupos render y video) y "
            "que HIP_VISIBLE_DEVICES, ROCR_VISIBLE_DEVICES o CUDA_VISIBLE_DEVICES no "
            "oculten la tarjeta (Resolución de problemas)",
        )
    # Keras y este programa trabajan en cuda:0. Con un Ryzen 7000 o 9000, la gráfica
    # integrada del procesador puede estar en la lista junto a la Radeon, e incluso ser
    # la cuda:0.
    gpus = [
        torch.cuda.get_device_properties(i) for i in range(torch.cuda.device_count())
    ]
    decir(f"ok  GPU: cuda:0, {gpus[0].name} (de {len(gpus)} visibles)")
    # La ISA de cada GPU, frente a las que trae este PyTorch: la integrada de un Ryzen
    # 7000 (gfx1036) no está entre ellas, aunque ROCm no la marque como integrada.
    isas = torch.cuda.get_arch_list()
    sin_kernels = [
        bool(torch.version.hip) and p.gcnArchName.split(":")[0] not in isas
        for p in gpus
    ]
    for i, p in enumerate(gpus):
        decir(
            f"    cuda:{i}: {p.name}, {p.gcnArchName.split(':')[0]}, "
            f"{p.total_memory / 2**30:.1f} GiB, "
            f"{'GPU integrada' if p.is_integrated else 'GPU dedicada'}"
            f"{', sin kernels en este PyTorch' if sin_kernels[i] else ''}"
        )
    if gpus[0].is_integrated or sin_kernels[0]:
        fallar(
            "cuda:0 es una GPU integrada o una para la que este PyTorch no trae "
            "kernels",
            "deja visible solo la Radeon con ROCR_VISIBLE_DEVICES (paso 1, "
            "«Si rocminfo lista una gráfica integrada») y repite la prueba",
        )
    if any(
        not p.is_integrated and p.total_memory > gpus[0].total_memory for p in gpus[1:]
    ):
        decir(
            "AVISO: otra GPU dedicada tiene más memoria que cuda:0; "
            "si es la que querías probar, déjala sola con ROCR_VISIBLE_DEVICES "
            "(paso 1, «Si rocminfo lista una gráfica integrada»)"
        )


def desvio_relativo(en_gpu, en_cpu):
    """La mayor diferencia absoluta, medida en unidades del mayor valor de la referencia
    (CPU)."""
    return ((en_gpu.cpu() - en_cpu).abs().max() / en_cpu.abs().max()).item()


def comprobar_cuentas():
    azar = torch.Generator().manual_seed(0)
    a, b = torch.randn(2, 1024, 1024, generator=azar)
    fotos = torch.randn(8, 3, 64, 64, generator=azar)
    filtros = torch.randn(16, 3, 3, 3, generator=azar)
    calculos = {
        "matmul 1024 × 1024": lambda d: a.to(d) @ b.to(d),
        "conv2d 3 × 3": lambda d: torch.nn.functional.conv2d(
            fotos.to(d), filtros.to(d), padding=1
        ),
    }
    for nombre, calcular in calculos.items():
        referencia = calcular("cpu")
        resultado = calcular("cuda")
        # la GPU trabaja en diferido: esperar a que termine de verdad
        torch.cuda.synchronize()
        if not torch.isfinite(resultado).all():
            fallar(
                f"{nombre}: la GPU devuelve NaN o infinitos",
                "mira «Resultados que no cuadran»",
            )
        desvio = desvio_relativo(resultado, referencia)
        if desvio > TOLERANCIA:
            fallar(
                f"{nombre}: la GPU se aparta de la CPU ({desvio:.1e})",
                "mira «Resultados que no cuadran»",
            )
        decir(f"ok  {nombre}: GPU = CPU (desvío relativo {desvio:.1e})")


def comprobar_keras():
    import keras
    import numpy as np

    if keras.backend.backend() != "torch":
        fallar(
            f"Keras usa el backend {keras.backend.backend()}",
            "define KERAS_BACKEND=torch antes de importar Keras",
        )

    # Datos sintéticos, sin descargas: la clase 1 son imágenes más claras. Una red que
    # funciona la aprende en pocas épocas, y para eso hace falta también la
    # retropropagación de la convolución.
    generador = np.random.default_rng(0)
    clases = generador.integers(0, 2, size=256)
    imagenes = (
        generador.random((256, 32, 32, 3)) * 0.5 + 0.5 * clases[:, None, None, None]
    ).astype("float32")

    keras.utils.set_random_seed(42)
    red = keras.Sequential(
        [
            keras.Input((32, 32, 3)),
            keras.layers.Conv2D(16, 3, padding="same", activation="relu"),
            keras.layers.MaxPooling2D(),
            keras.layers.Conv2D(16, 3, activation="relu"),
            keras.layers.GlobalAveragePooling2D(),
            keras.layers.Dense(2),
        ]
    )
    red.compile(
        optimizer="adam",
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    perdidas = red.fit(imagenes, clases, batch_size=32, epochs=5, verbose=0).history[
        "loss"
    ]
    torch.cuda.synchronize()

    lugares = {peso.value.device.type for peso in red.weights}
    if lugares != {"cuda"}:
        fallar(
            f"los pesos de Keras están en {sorted(lugares)}, no en la GPU",
            "Keras coloca los pesos en 'cuda' si PyTorch ve la GPU; quita "
            "KERAS_TORCH_DEVICE si la definiste",
        )
    if not np.isfinite(perdidas).all() or perdidas[-1] >= perdidas[0]:
        fallar(
            f"la red no aprende en la GPU (pérdidas {perdidas})",
            "mira «Resultados que no cuadran»",
        )
    decir(
        f"ok  Keras entrena en la GPU: pérdida {perdidas[0]:.3f} → {perdidas[-1]:.3f} "
        "en 5 épocas"
    )


if __name__ == "__main__":
    decir(f"PyTorch {torch.__version__}")
    decir(f"ok  compilación: {comprobar_compilacion()}")
    comprobar_gpu()
    comprobar_cuentas()
    comprobar_keras()
    decir(
        "VRAM pico reservada por PyTorch: "
        f"{torch.cuda.max_memory_allocated() / 2**20:.0f} MiB"
    )
    decir("Todo en orden: sigue con el paso 5 (o con el 4, si usas notebooks).")
