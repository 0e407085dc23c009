rm -f resultados.jsonl  # ningún resultado de una vez anterior
KERAS_BACKEND=torch python entrenar.py
