import os

os.environ["KERAS_BACKEND"] = "torch"  # antes del primer import de Keras
import keras
import torch
from torch.profiler import ProfilerActivity, profile

# canales al final, como en MobileNetV2
capa = keras.layers.Conv2D(16, 3, padding="same")
x = torch.randn(8, 32, 32, 8)  # lote, alto, ancho, canales
capa(x)  # la primera llamada crea los pesos

with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as perfil:
    capa(x)
copias = [e for e in perfil.events() if e.name == "aten::clone"]
print(f"copias (aten::clone) en una llamada a Conv2D: {len(copias)}")
for copia in copias:
    print("  de un tensor de forma", tuple(copia.input_shapes[0]))
vista = x.permute(0, 3, 1, 2)  # lo que permuta Keras antes de la primera copia
print(
    "¿la vista permutada ya está en channels_last?",
    vista.is_contiguous(memory_format=torch.channels_last),
)
