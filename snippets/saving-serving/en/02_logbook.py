"""The results log: each program notes here what it tried; the final table is read from
it."""

import json


def note(kind, engine, result):
    row = {"kind": kind, "engine": engine, "result": result}
    with open("results.jsonl", "a", encoding="utf-8") as log:
        log.write(json.dumps(row, ensure_ascii=False) + "\n")
