# Check for exercise 1: what your child processes started with (chosen), against the
# order the lesson teaches: KERAS_BACKEND, then keras.json and, with neither,
# tensorflow.
rule = {("jax", None): "jax", ("jax", "torch"): "torch", (None, None): "tensorflow"}
for (in_json, in_variable), expected in rule.items():
    got = chosen.get((in_json, in_variable), "not tried")
    verdict = "PASS   " if got == expected else "NO PASS"
    print(
        f"{verdict} keras.json={in_json}, KERAS_BACKEND={in_variable}: "
        f"started {got}; the rule says {expected}"
    )
