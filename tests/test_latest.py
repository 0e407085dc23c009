"""make test-latest (verified_docs.latest): which pins it drops, and whom a failure is laid at."""

from __future__ import annotations

from verified_docs import latest


def test_only_the_named_packages_move_to_their_newest_release():
    every = latest.requirements()
    for name in latest.LATEST:
        assert name in every, f"{name} keeps its pin in make test-latest's environment: {every}"
    assert "numpy==" in " ".join(every), "a package make test-latest does not name lost its pin"
    one = latest.requirements("jax")
    assert "jax" in one and "jaxlib" in one, "jax moved without its jaxlib"
    assert any(r.startswith("torch==") for r in one), "--only jax moved torch too"


def test_a_failure_is_laid_at_the_innermost_installed_package():
    trace = (
        'File "/x/.venv-latest/lib/python3.12/site-packages/keras/src/trainers/trainer.py", line 3\n'
        'File "/x/.venv-latest/lib/python3.12/site-packages/torch/nn/modules/module.py", line 9\n'
        "RuntimeError: boom\n"
    )
    installed = {"torch": "2.15.0", "keras": "3.16.0"}
    assert latest.culprit(trace, installed, {"torch", "keras"}) == "torch 2.15.0"
    assert latest.culprit(trace, installed, {"keras"}) == "keras 3.16.0", "a failure laid at a package that did not move"
    assert "unchanged" in latest.culprit(trace, installed, set())
    diff = "output differs from its recording\n--- recorded x.out\n+++ this run\n-torch 2.13.0+cpu\n+torch 2.15.0\n"
    assert latest.culprit(diff, installed) == "output differs from its recording: 'torch 2.13.0+cpu' is now 'torch 2.15.0'"
    assert latest.culprit('Traceback\n  File "<cell>", line 1\nValueError\n', {}).startswith("the page's own code")
