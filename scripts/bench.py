"""The bench's entry point: `python scripts/bench.py --quick|--full` (what `make site` and `make bench` run).

A thin file over the engine's runner (verified_docs.bench), where the design card names it: which
programs are measured, how, and what the record holds are documented there.
"""

from verified_docs.bench import main

if __name__ == "__main__":
    main()
