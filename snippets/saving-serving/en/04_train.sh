rm -f results.jsonl  # no results left from an earlier run
KERAS_BACKEND=torch python train.py
