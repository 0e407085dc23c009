for engine in torch tensorflow; do
  KERAS_BACKEND=$engine python other_engines.py
done
