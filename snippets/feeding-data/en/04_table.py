import json

with open("grid.jsonl", encoding="utf-8") as notes:
    cells = {(n["way"], n["engine"]): n for n in map(json.loads, notes)}


def cell(entry):
    if entry is None:
        return "not noted"
    if "error" in entry:
        return entry["error"]
    if entry["like_numpy"] is False:
        return "✗ other batches"
    return f"{entry['final_loss']:.5f}" + (" ✓" if entry["like_numpy"] else "")


ENGINES = ["torch", "jax", "tensorflow"]
print(f"{'':14}" + "".join(f"{engine:<22}" for engine in ENGINES).rstrip())
for way in dict.fromkeys(w for w, _ in cells):
    print(
        f"{way:<14}"
        + "".join(
            f"{cell(cells.get((way, engine))):<22}" for engine in ENGINES
        ).rstrip()
    )
