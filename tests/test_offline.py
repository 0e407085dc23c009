"""The offline layer every page test runs under (scripts/verified_docs/offline/sitecustomize.py)."""

import subprocess
import sys

import pytest

from verified_docs.execute import WORK, runner_env
from verified_docs.project import ROOT

# Makes its own pages (or none): --cached keeps its verdict when a page of the site changes.
pytestmark = pytest.mark.independent_of_pages


def run_offline(code: str, **extra_env) -> subprocess.CompletedProcess:
    workdir = WORK / "offline-check"
    workdir.mkdir(parents=True, exist_ok=True)
    env = runner_env("run", workdir) | extra_env
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=workdir, capture_output=True, text=True)


def test_network_attempt_fails_clearly():
    proc = run_offline("import urllib.request; urllib.request.urlopen('http://example.com', timeout=5)")
    assert proc.returncode != 0
    assert "network access blocked during tests: name lookup of example.com" in proc.stderr
    assert "pytest.mark.network" in proc.stderr  # says what to do


def test_loopback_is_allowed():
    code = (
        "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen();"
        "c = socket.create_connection(s.getsockname()); print('ok')"
    )
    proc = run_offline(code)
    assert proc.stdout.strip() == "ok", proc.stderr


def test_mnist_is_served_from_the_fixture_and_says_so():
    code = (
        "import os; os.environ['KERAS_BACKEND'] = 'jax'  # the lightest import: the guard is the same for every backend\n"
        "import keras\n"
        "(x, y), (xt, yt) = keras.datasets.mnist.load_data()\n"
        "print(x.shape, x.dtype, xt.shape)\n"
    )
    proc = run_offline(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "(12000, 28, 28) uint8 (2000, 28, 28)"
    assert "mnist.npz served from" in proc.stderr and "not MNIST" in proc.stderr


def test_missing_fixture_says_which_command_makes_it():
    code = "import os; os.environ['KERAS_BACKEND'] = 'jax'  # the lightest import: the guard is the same for every backend\nimport keras\nkeras.datasets.mnist.load_data()"
    proc = run_offline(code, OFFLINE_FIXTURES=str(ROOT / "build" / "no-such-fixtures"))
    assert proc.returncode != 0
    assert "run `make fixtures`" in proc.stderr
