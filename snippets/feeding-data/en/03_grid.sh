rm -f grid.jsonl  # no notes left from an earlier run
for engine in torch jax tensorflow; do
  KERAS_BACKEND=$engine python grid.py
done
