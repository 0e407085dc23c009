import keras_hub

# Downloads the preset: the ResNet-50 architecture and weights trained on ImageNet.
classifier = keras_hub.models.ImageClassifier.from_preset("resnet_50_imagenet")
print(type(classifier).__name__, f"{classifier.count_params():,} parameters")
