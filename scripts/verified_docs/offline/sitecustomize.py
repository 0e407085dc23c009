"""Start-up code for every Python process the page tests start (its folder is on PYTHONPATH: verified_docs.execute.runner_env).

1. Network guard: a connection outside loopback fails at once with a message that says what to
   do, instead of hanging or being retried. Tests make no network connection.
2. Offline fixtures: where a page's real code downloads a file through Keras's get_file, the
   file that scripts/make_fixtures.py generated is served instead, and a note on stderr says so.
   The page keeps its real loading code; only this boundary is substituted.
3. One import hook (after_import): patches applied right after a module first runs.

Pages run with --online (make test-online) start without this file.
"""

import importlib.abc
import ipaddress
import os
import socket
import sys
from pathlib import Path

FIXTURES = Path(os.environ.get("OFFLINE_FIXTURES", "build/fixtures")).resolve()

# get_file(fname=...) -> fixture file, relative to FIXTURES, and what it really is.
KERAS_FILES = {
    "mnist.npz": ("keras/datasets/mnist.npz", "synthetic digits, not MNIST"),
    "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_160_no_top.h5": (
        "keras/models/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_160_no_top.h5",
        "seeded random weights in MobileNetV2's layout, not ImageNet's",
    ),
}


class NetworkBlocked(RuntimeError):
    pass


def _blocked(what: str):
    msg = (
        f"network access blocked during tests: {what}. Offline tests serve fixtures "
        "(scripts/verified_docs/offline/sitecustomize.py, scripts/make_fixtures.py); a block that really needs "
        "the network is marked <!--pytest.mark.network--> and runs with `make test-online`."
    )
    print(f"[offline] {msg}", file=sys.stderr)
    raise NetworkBlocked(msg)


def _is_local(host) -> bool:
    if host in ("localhost", "", None):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


_connect, _connect_ex, _getaddrinfo = socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo


def _guarded(real):
    def connect(self, address):
        if self.family in (socket.AF_INET, socket.AF_INET6) and not _is_local(address[0]):
            _blocked(f"connect to {address[0]}:{address[1]}")
        return real(self, address)

    return connect


def _getaddrinfo_guarded(host, *args, **kwargs):
    if not _is_local(host.decode() if isinstance(host, bytes) else host):
        _blocked(f"name lookup of {host}")
    return _getaddrinfo(host, *args, **kwargs)


socket.socket.connect = _guarded(_connect)
socket.socket.connect_ex = _guarded(_connect_ex)
socket.getaddrinfo = _getaddrinfo_guarded


def _patch_keras_get_file(module):
    real_get_file = module.get_file

    def get_file(fname=None, origin=None, *args, **kwargs):
        name = fname or (origin or "").rsplit("/", 1)[-1]
        if name in KERAS_FILES:
            relpath, what = KERAS_FILES[name]
            path = FIXTURES / relpath
            if not path.is_file():
                raise FileNotFoundError(
                    f"offline fixture {path} is missing: run `make fixtures` (scripts/make_fixtures.py writes it)"
                )
            print(f"[offline] {name} served from {path} ({what})", file=sys.stderr)
            return str(path)
        return real_get_file(fname, origin, *args, **kwargs)

    module.get_file = get_file


# name -> what to call with the module right after it runs, before anything does `from ... import`.
PATCHES = {"keras.src.utils.file_utils": _patch_keras_get_file}


def after_import(name: str, patch) -> None:
    """Call patch(module) right after `name` is first imported. The one import hook of every child
    process: the bench's observer (verified_docs.bench_child) registers its own patches here too."""
    if name in PATCHES:
        raise ValueError(f"{name} is already patched after import")
    PATCHES[name] = patch


class _PatchAfterImport(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in PATCHES:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        exec_module = spec.loader.exec_module

        def exec_then_patch(module):
            exec_module(module)
            PATCHES[name](module)

        spec.loader.exec_module = exec_then_patch
        return spec


sys.meta_path.insert(0, _PatchAfterImport())
