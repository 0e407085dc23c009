rm -f rejilla.jsonl  # ningún apunte de una vez anterior
for motor in torch jax tensorflow; do
  KERAS_BACKEND=$motor python rejilla.py
done
