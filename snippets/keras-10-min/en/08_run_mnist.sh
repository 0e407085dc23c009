python mnist_classifier.py
