import keras_hub

# Descarga el preajuste: arquitectura ResNet-50 y pesos entrenados con ImageNet.
clasificador = keras_hub.models.ImageClassifier.from_preset("resnet_50_imagenet")
print(type(clasificador).__name__, f"{clasificador.count_params():,} parámetros")
