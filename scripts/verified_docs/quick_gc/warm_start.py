"""Warm interpreters: a page's `python program.py` starts from a process that has already imported
Keras on its engine, instead of importing it again.

Every program a page runs is a new Python process, and nearly all import Keras with one of its
three engines: 3 to 9 s of CPU each on the 2-core CI machine before the program's own first line,
in about 55 processes of a full run. In the suite (never in a recording nor in the bench), the
session starts one server per engine (`serve`; verified_docs.execute.share_interpreters). The
first program of that engine to ask makes the server start as its own process would have (its
environment, folder, sys.path and the start-up code its PYTHONPATH names) and import Keras, and
becomes its first fork; every later program that would start the same way is a fork too. The new
process, in its start-up code (sitecustomize.py beside this file: `forward`), sends its arguments,
folder, environment, standard streams and sys.path; the fork takes them and runs the file as
`__main__`, as `python FILE` does; the new process waits for it and exits with its status. A
signal it gets is passed on, and if it dies, the server kills the fork.

A program runs warm only where it would start the same (otherwise it starts cold, as before, and
the summary says why):
- it is `python FILE [ARGS]`, and Python's start-up fixed the same things as the server's
  (`interpreter`: executable, flags, hash secret, stream encodings, warning options; and
  `startup_variable`: PYTHON*, LC_*, LANG and TZ as the server's own);
- it chooses its engine with KERAS_BACKEND, in its environment or by a literal assignment at the
  top of the file (`os.environ["KERAS_BACKEND"] = "jax"`, or `setdefault`; other literal
  variables there are followed too, and a loop that gives literal names one literal value, as the
  pages' standalone programs set their thread variables), runs no other code before its first import that is not of
  the standard library (a warm start would run that code after Keras's import), and changes its
  environment in no other way (`os.environ[...] =` anywhere else, `update`, `pop`, `putenv`,
  ...), nor does a module of its own folder that it imports (one that mentions `environ`);
- its environment is the one an interpreter was made for: there is one per environment (at most
  MAX_INTERPRETERS per engine), and only the variables of MAY_DIFFER (bookkeeping that differs
  from one program to the next) are left out, unless the imports asked for one; the imports read
  the whole environment (tqdm's scans it for its prefix), so no other variable is;
- its folder holds no file named as a module the imports loaded (it would have shadowed it);
- KERAS_HOME holds no keras.json, or one equal to Keras's defaults, which the server read (the fork
  writes the file and takes the folder, as Keras's import does).
What a warm program does differently: it does not print what the imports print (TensorFlow's
start-up lines on stderr, which the suite compares with nothing; the first program gets them), its
parent is the server, its CPU affinity, resource limits and priority are the server's (the
suite's pages set none), its standard streams are Python objects the server made (same encoding,
errors and buffering; a file's `seekable()` answer was cached for the server's log), and NumPy's
global generator is reseeded from the system after the fork (Python's `random` does it itself), as
a new process seeds it. A recording runs without this file, so a program whose output a warm start
changed fails the suite's next run, with the diff.
"""

from __future__ import annotations

import ast
import json
import os
import signal
import socket
import struct
import sys

WARM = "VERIFIED_DOCS_WARM"  # the folder of the servers' sockets (<engine>.sock), set by the session
ENGINES = ("torch", "jax", "tensorflow")
# Variables that may differ from one program to the next (the server imports without them, and
# one its imports ask for must then be unset: _import_keras): the shell's bookkeeping, and the
# Jupyter kernel's own (jupyter_client's launcher sets them per kernel), which the programs of a
# page's shell cells inherit. KERAS_BACKEND chooses the server; KERAS_HOME, Keras's folder, is
# handled apart (refusal, _become). Every other variable must be as the first program's.
MAY_DIFFER = {"PWD", "OLDPWD", "SHLVL", "_"}
MAY_DIFFER_PREFIXES = ("JPY_", "IPY_")
MAX_INTERPRETERS = 4  # per engine: each holds its imports in memory (about 0.5 to 1 GB)
SAFE_IMPORTS = {"os", "sys", "pathlib", "json", "time", "argparse", "warnings", "__future__"}
_HEADER = struct.Struct("!Q")
_launch = dict(os.environ)  # the server's own start: what Python's start-up read


def startup_variable(key: str) -> bool:
    """Variables that Python's start-up or the time and locale modules read once, when the server
    started (PYTHONWARNINGS, PYTHONUNBUFFERED, PYTHONFAULTHANDLER, LC_*, TZ, ...): a program must
    have the server's own values. PYTHONPATH is the program's (its start-up code runs in _prepare)."""
    return (key.startswith(("PYTHON", "LC_")) and key != "PYTHONPATH") or key in ("LANG", "TZ")


_before: dict[str, str] = {}  # the server's environment before its imports
_read: set[str] = set()  # variables of MAY_DIFFER the imports asked for
_top_names: set[str] = set()  # the top-level names of the modules the imports loaded


# ----------------------------------------------------------------------- the new process's side


def _literal_env(tree: ast.Module) -> dict[str, str] | None:
    """The literal KERAS_BACKEND/other assignments at the top of the program, before its first
    other import; None if the program changes its environment in any other way, or runs any other
    code before that import (which a warm start would run after Keras's import: a keras.json it
    writes, a warnings filter, a sys.path entry)."""
    top: dict[str, tuple[str, str]] = {}  # key -> ("set" | "default", value)
    allowed: set[int] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # the docstring
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in stmt.names] if isinstance(stmt, ast.Import) else [stmt.module or ""]
            if all(n.split(".")[0] in SAFE_IMPORTS for n in names):
                continue
            break
        found = _loop_writes(stmt) if isinstance(stmt, ast.For) else [_environ_write(stmt)]
        if found is None or None in found:
            return None
        for key, how, value in found:
            if not isinstance(key, str) or not isinstance(value, str):
                return None
            if how == "set" or key not in top:  # a setdefault after a write of the same key does nothing
                top[key] = (how, value)
        allowed |= {id(node) for node in ast.walk(stmt)}
    for node in ast.walk(tree):
        if id(node) in allowed:
            continue
        if _mutates_environ(node):
            return None
    return {key: f"{how}\0{value}" for key, (how, value) in top.items()}


def _is_environ(node) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "environ") or (isinstance(node, ast.Name) and node.id == "environ")


def _environ_write(stmt):
    """(key, "set" | "default", value) of `os.environ[K] = V` / `os.environ.setdefault(K, V)`
    with literal K and V, else None."""
    found = _environ_write_nodes(stmt)
    return None if found is None else (_const(found[0]), found[1], _const(found[2]))


def _environ_write_nodes(stmt):
    """(key's node, "set" | "default", value's node) of an environment write, else None."""
    if (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Subscript)
        and _is_environ(stmt.targets[0].value)
    ):
        return (stmt.targets[0].slice, "set", stmt.value)
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        call = stmt.value
        f = call.func
        if isinstance(f, ast.Attribute) and f.attr == "setdefault" and _is_environ(f.value) and len(call.args) == 2:
            return (call.args[0], "default", call.args[1])
    return None


def _loop_writes(stmt: ast.For) -> list | None:
    """The writes of `for NAME in (K1, K2, ...): os.environ.setdefault(NAME, V)` (or
    `os.environ[NAME] = V`) over literal keys, with a literal V and nothing else in the loop (the
    pages' standalone programs set their thread variables so), one per key; else None."""
    body = stmt.body[0] if len(stmt.body) == 1 and not stmt.orelse else None
    found = _environ_write_nodes(body) if body is not None else None
    if (
        found is None
        or not isinstance(stmt.target, ast.Name)
        or not isinstance(stmt.iter, (ast.Tuple, ast.List))
        or not (isinstance(found[0], ast.Name) and found[0].id == stmt.target.id)
    ):
        return None
    return [(_const(key), found[1], _const(found[2])) for key in stmt.iter.elts]


def _const(node):
    return node.value if isinstance(node, ast.Constant) else object()


def _mutates_environ(node) -> bool:
    targets = []
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    elif isinstance(node, ast.Delete):
        targets = node.targets
    if any(isinstance(t, ast.Subscript) and _is_environ(t.value) for t in targets):
        return True
    if any(_is_environ(t) for t in targets):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        f = node.func
        if _is_environ(f.value) and f.attr in {"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__"}:
            return True
        if f.attr in {"putenv", "unsetenv"}:
            return True
    return isinstance(node, ast.Name) and node.id in {"putenv", "unsetenv"}


def program_env(path: str, env: dict[str, str]) -> dict[str, str] | None:
    """The environment the program will import Keras with, or None where this cannot be told."""
    try:
        with open(path, "rb") as f:
            tree = ast.parse(f.read(), path)
    except (OSError, SyntaxError, ValueError):
        return None
    writes = _literal_env(tree)
    if writes is None or _local_module_touches_environ(tree, os.path.dirname(os.path.realpath(path))):
        return None
    env = dict(env)
    for key, packed in writes.items():
        how, value = packed.split("\0", 1)
        if how == "set" or key not in env:
            env[key] = value
    return env


def _local_module_touches_environ(tree: ast.Module, folder: str) -> bool:
    """Whether the program imports a module of its own folder (a file the page saved beside it)
    that could change the environment: the reading above does not follow it there."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    for name in names:
        files = [os.path.join(folder, f"{name}.py")]
        package = os.path.join(folder, name)
        if os.path.isdir(package):
            files += [os.path.join(d, f) for d, _, fs in os.walk(package) for f in fs if f.endswith(".py")]
        for candidate in files:
            try:
                with open(candidate, encoding="utf-8", errors="replace") as f:
                    text = f.read()
            except OSError:
                continue
            if "environ" in text or "putenv" in text:
                return True
    return False


def _script() -> str | None:
    """The program's file, for `python FILE [ARGS]` with no interpreter option; else None."""
    orig = getattr(sys, "orig_argv", [])
    if len(orig) < 2 or orig[1] != sys.argv[0] or sys.argv[0].startswith("-") or not sys.argv[0].endswith(".py"):
        return None
    return sys.argv[0] if os.path.isfile(sys.argv[0]) else None


def _note_cold(folder: str, script: str, why: str) -> None:
    try:
        with open(os.path.join(folder, "cold.log"), "a") as log:  # for the session's summary
            log.write(f"cold: {os.path.abspath(script)}: {why}\n")
    except OSError:
        pass


def forward() -> None:
    """Called by the start-up code of a new process: runs the program warm and exits with its
    status, or returns (the program then starts cold, as usual). Once a fork runs the program,
    this never returns: the program must not run twice."""
    folder = os.environ.get(WARM)
    script = _script() if folder else None
    if not script or os.path.realpath(script) == os.path.realpath(__file__):
        return  # not a program, or the server itself starting
    env = program_env(script, dict(os.environ))
    engine = env.get("KERAS_BACKEND") if env else None
    if engine not in ENGINES:
        why = "its environment or code before its imports cannot be read" if env is None else f"KERAS_BACKEND={engine!r}"
        _note_cold(folder, script, why)
        return
    ignored = [s for s in _PASSED_ON if signal.getsignal(s) is signal.SIG_IGN]  # nohup's SIGHUP, ...
    mask = os.umask(0)
    os.umask(mask)
    request = {
        "argv": sys.argv,
        "cwd": os.getcwd(),
        "env": env,
        "path": sys.path,
        "path0": os.path.dirname(os.path.realpath(script)),
        # as Python makes it: the folder joined, nothing normalised (python ./x.py gives /d/./x.py)
        "file": script if os.path.isabs(script) else os.path.join(os.getcwd(), script),
        "orig_argv": sys.orig_argv,
        "interpreter": interpreter(),
        "ignored": [int(s) for s in ignored],
        "umask": mask,
    }
    # The engine's server says which of its interpreters has this environment; that one forks.
    conn, reply = _ask(os.path.join(folder, f"{engine}.sock"), request)
    if reply.startswith("go "):
        conn[0].close()
        conn, reply = _ask(reply[3:], request)
    if not reply.startswith("pid "):
        conn[0].close()
        _note_cold(folder, script, reply[3:] if reply.startswith("no ") else "no answer from its interpreter")
        return
    try:
        child = int(reply.split()[1])

        def pass_on(signum, _frame):
            try:
                os.kill(child, signum)
            except ProcessLookupError:
                pass

        for signum in _PASSED_ON:
            if signum not in ignored:
                signal.signal(signum, pass_on)
        status = int(_read_line(conn[1]).split()[1])
    except BaseException:  # noqa: BLE001 - no status: the program must not outlive this process
        try:
            os.kill(child, signal.SIGKILL)
        except Exception:  # noqa: BLE001
            pass
        os._exit(1)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig not in (signal.SIGKILL, signal.SIGSTOP):
            signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 1)


_PASSED_ON = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2)


def _ask(path: str, request: dict):
    """Send the request and this process's standard streams; ((socket, its reader), the first
    line of the answer). One buffered reader per connection: a second line may come with the first."""
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    reader = conn.makefile("rb")
    try:
        conn.connect(path)
        body = json.dumps(request).encode()
        socket.send_fds(conn, [_HEADER.pack(len(body))], [0, 1, 2])
        conn.sendall(body)
        return (conn, reader), _read_line(reader)
    except OSError:
        return (conn, reader), ""


def _accept(listener, ready):
    """The next request: (connection, request, descriptors), or None if select() found none on the
    listener, or it came broken."""
    if listener not in ready:
        return None
    conn, _ = listener.accept()
    try:
        return (conn, *_receive(conn))
    except (OSError, ValueError, struct.error):
        conn.close()
        return None


def _receive(conn) -> tuple[dict, list[int]]:
    head, fds, _, _ = socket.recv_fds(conn, _HEADER.size, 3)
    try:
        (size,) = _HEADER.unpack(head)
        body = b""
        while len(body) < size:
            chunk = conn.recv(size - len(body))
            if not chunk:
                raise OSError("the request ended early")
            body += chunk
        return json.loads(body), fds
    except BaseException:
        for fd in fds:
            os.close(fd)
        raise


def interpreter() -> dict:
    """What Python fixed at start-up from its command line and environment, which a fork keeps:
    the executable, the flags, the hash secret (PYTHONHASHSEED), the standard streams' encodings,
    warning options, write-through. (Variables that set more of it are held to the server's own
    launch: STARTUP_VARIABLES.)"""
    return {
        "executable": sys.executable,
        "flags": list(sys.flags),
        "hash": hash("verified-docs warm start"),
        "streams": [
            (s.encoding, s.errors, getattr(s, "write_through", None))
            for s in (sys.stdin, sys.stdout, sys.stderr)
            if s is not None
        ],
        "filesystem": [sys.getfilesystemencoding(), sys.getfilesystemencodeerrors()],
        "warnoptions": list(sys.warnoptions),
        "xoptions": sorted(map(str, sys._xoptions.items())),
    }


def _read_line(reader) -> str:
    try:
        return reader.readline().decode().strip()
    except (OSError, ValueError):
        return ""


# ------------------------------------------------------------------------------- the server


def refusal(request: dict, engine: str, keras_json: str | None) -> str | None:
    """Why a request cannot run warm (None: it can)."""
    env = request["env"]
    mine = interpreter()
    for what, theirs in request["interpreter"].items():
        if json.loads(json.dumps(mine[what])) != theirs:
            return f"the interpreter's {what} differs: {theirs!r}, the server's {mine[what]!r}"
    for key in sorted(k for k in set(env) | set(_launch) if startup_variable(k)):
        if env.get(key) != _launch.get(key):
            return f"{key}={env.get(key)!r}, the server started with {_launch.get(key)!r}"
    # A file of the program's folder named as a module the imports loaded would have been loaded
    # instead (the folder comes first on sys.path).
    try:
        shadows = sorted(n for n in os.listdir(request["path0"]) if n.removesuffix(".py") in _top_names)
    except OSError:
        shadows = ["(its folder cannot be listed)"]
    if shadows:
        return f"its folder holds {shadows}, named as modules the server imported"
    if env.get("KERAS_BACKEND") != engine:
        return f"KERAS_BACKEND={env.get('KERAS_BACKEND')!r}, this server's engine is {engine}"
    # The imports read the whole environment (tqdm's, for one, scans it for its prefix).
    for key in sorted(set(env) | set(_before)):
        if key in ("KERAS_BACKEND", "KERAS_HOME") or (_may_differ(key) and key not in _read):
            continue
        if env.get(key) != _before.get(key):
            return f"{key}={env.get(key)!r}, the server imported with {_before.get(key)!r}"
    home = env.get("KERAS_HOME")
    if home:  # as Keras reads it: from the program's folder, ~ expanded
        home = os.path.join(request["cwd"], os.path.expanduser(home))
    if not home or keras_json is None:
        return "no KERAS_HOME, or Keras wrote no keras.json in the server's"
    if os.path.exists(os.path.join(home, "keras.json")):
        try:
            with open(os.path.join(home, "keras.json")) as f:
                theirs = json.load(f)
        except (OSError, ValueError):
            return "KERAS_HOME's keras.json cannot be read"
        if theirs != json.loads(keras_json):
            return "KERAS_HOME's keras.json differs from Keras's defaults, which the server has"
    return None


def _may_differ(key: str) -> bool:
    return key in MAY_DIFFER or key.startswith(MAY_DIFFER_PREFIXES)


def _import_keras(engine: str):
    """Import Keras on the engine without the variables that may differ, noting any the imports
    ask for (os.environ's get, `in` and [] all go through __getitem__; a scan does not see them)."""
    global _before
    for key in [k for k in os.environ if _may_differ(k)]:
        del os.environ[key]
    _before = dict(os.environ)
    cls = type(os.environ)
    getitem = cls.__getitem__

    def noting(self, key):
        if self is os.environ and _may_differ(key):
            _read.add(key)
        return getitem(self, key)

    cls.__getitem__ = noting
    try:
        os.environ["KERAS_BACKEND"] = engine
        import keras  # noqa: F401  (the import this server is for)
        from keras.src.backend import config
    finally:
        cls.__getitem__ = getitem
    if _read:
        print(f"note: its imports asked for {sorted(_read)}: those must be as they were", file=sys.stderr, flush=True)
    return config


def _prepare(engine: str, request: dict, keras_home: str):
    """Start as the first program's process did, then import Keras as it would have: in its
    environment, folder and sys.path, with the start-up code its PYTHONPATH names (the server
    itself starts without any: share_interpreters)."""
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update({k: v for k, v in request["env"].items() if k != "KERAS_BACKEND"})
    sys.path[:] = request["path"]
    import site

    site.execsitecustomize()  # as Python's start-up does, last
    sys.path[:] = [request["path0"], *request["path"]]
    # Keras's import in a folder of its own, where it writes its defaults to keras.json, as in a
    # page's new folder; each fork then takes its program's folder (refusal, _become).
    os.environ["KERAS_HOME"] = keras_home
    config = _import_keras(engine)
    os.environ["KERAS_HOME"] = request["env"].get("KERAS_HOME", keras_home)
    _top_names.update(name.split(".")[0] for name in list(sys.modules))
    changed = {k: v for k, v in os.environ.items() if _before.get(k) != v and k not in ("KERAS_BACKEND", "KERAS_HOME")}
    keras_json = None
    if os.path.exists(config._config_path):
        with open(config._config_path) as f:
            keras_json = f.read()
    sys.stdout.flush()
    sys.stderr.flush()
    return config, changed, keras_json


def _listen(path: str) -> socket.socket:
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    return listener


def _environment(request: dict) -> str:
    """What an interpreter of the engine is made for: the interpreter's start-up and every
    environment variable but those that may differ from one program to the next."""
    env = {k: v for k, v in request["env"].items() if key_matters(k)}
    return json.dumps([request["interpreter"], env], sort_keys=True)


def dispatch(engine: str, sock_path: str) -> None:
    """The engine's server: for each request, the interpreter made for its environment (one is
    forked from this process, which imports nothing, the first time an environment asks: most
    programs share the page kernels' environment, but one a program starts has what that program
    changed, e.g. Keras's TF_FORCE_GPU_ALLOW_GROWTH). At most MAX_INTERPRETERS per engine."""
    listener = _listen(sock_path)
    made: dict[str, tuple[int, str]] = {}  # environment -> (pid, socket) of its interpreter
    first: dict | None = None
    count = 0
    wake_r, wake_w = _signals()
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))
    import select

    while not stopping:
        ready, _, _ = select.select([listener, wake_r], [], [])
        if wake_r in ready:
            os.read(wake_r, 4096)
        while made:
            pid, _ = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            made = {k: v for k, v in made.items() if v[0] != pid}
        got = _accept(listener, ready)
        if got is None:
            continue
        conn, request, fds = got
        for fd in fds:
            os.close(fd)
        key = _environment(request)
        if key not in made and len(made) >= MAX_INTERPRETERS:
            _answer(conn, f"no {MAX_INTERPRETERS} environments already", request)
            continue
        if key not in made:
            if first is None:
                first = request["env"]
            else:
                theirs = request["env"]
                keys = sorted(k for k in set(first) | set(theirs) if first.get(k) != theirs.get(k) and key_matters(k))
                note = ", ".join(f"{k}={theirs.get(k)!r}" for k in keys) or "the interpreter's start-up"
                print(f"note: another environment, for {request['file']}: {note}", file=sys.stderr, flush=True)
            count += 1
            path = f"{sock_path}.{count}"
            own = _listen(path)
            pid = os.fork()
            if pid == 0:
                listener.close()
                conn.close()
                os.close(wake_r)
                os.close(wake_w)
                serve(engine, own)
                return  # a program's fork: its code runs on from the caller (see __main__)
            own.close()
            made[key] = (pid, path)
        _answer(conn, f"go {made[key][1]}", request)
    for pid, _ in made.values():
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    for pid, _ in made.values():
        os.waitpid(pid, 0)  # so that their programs' CPU reaches the session's count
    os._exit(0)


def key_matters(key: str) -> bool:
    return key not in ("KERAS_BACKEND", "KERAS_HOME") and not _may_differ(key)


def _signals() -> tuple[int, int]:
    """SIGCHLD wakes select() through a pipe; returns the pipe."""
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    return wake_r, wake_w


def _answer(conn, line: str, request: dict) -> None:
    if line.startswith("no "):
        print(f"cold: {request['file']}: {line[3:]}", file=sys.stderr, flush=True)
    try:
        conn.sendall(f"{line}\n".encode())
    except OSError:
        pass
    conn.close()


def serve(engine: str, listener: socket.socket) -> None:
    """One interpreter of the engine: forks a program per request until stopped (SIGTERM). Keras
    is imported for the first request, in its environment (_prepare)."""
    config = changed = keras_json = None
    waiting: dict[int, socket.socket | None] = {}  # program -> its client (None: gone, killed)
    wake_r, wake_w = _signals()
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(1))
    import select

    while not stopping:
        ready, _, _ = select.select([listener, wake_r, *filter(None, waiting.values())], [], [])
        if wake_r in ready:
            os.read(wake_r, 4096)
        for pid, conn in list(waiting.items()):
            if conn is not None and conn in ready and not _alive(conn):  # its client died: so does the program
                os.kill(pid, signal.SIGKILL)
                conn.close()
                waiting[pid] = None
        while waiting:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            conn = waiting.pop(pid, None)
            if conn:
                try:
                    conn.sendall(f"status {status}\n".encode())
                except OSError:
                    pass
                conn.close()
        got = _accept(listener, ready)
        if got is None:
            continue
        conn, request, fds = got
        if config is None:  # what the imports print goes where the first program's would
            own = [os.dup(fd) for fd in (0, 1, 2)]
            for target, fd in enumerate(fds):
                os.dup2(fd, target)
            try:
                config, changed, keras_json = _prepare(engine, request, f"{listener.getsockname()}.keras")
            finally:
                for target, fd in enumerate(own):
                    os.dup2(fd, target)
                    os.close(fd)
        why = refusal(request, engine, keras_json) or (None if _alive(conn) else "its process is gone")
        if why:
            for fd in fds:
                os.close(fd)
            _answer(conn, f"no {why}", request)
            continue
        pid = os.fork()
        if pid == 0:
            signal.set_wakeup_fd(-1)
            os.close(wake_r)
            os.close(wake_w)
            listener.close()
            for other in filter(None, waiting.values()):
                other.close()
            conn.close()
            _become(request, fds, changed, keras_json, config)
            return  # the program's code runs on from the caller (see __main__ below)
        print(f"warm: {request['file']}", file=sys.stderr, flush=True)
        for fd in fds:
            os.close(fd)
        waiting[pid] = conn
        try:
            conn.sendall(f"pid {pid}\n".encode())
        except OSError:  # its client is gone: so is the program (reaped above, later)
            os.kill(pid, signal.SIGKILL)
            conn.close()
            waiting[pid] = None
    for pid in list(waiting):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
    os._exit(0)


_program = None  # what the fork runs once serve() has returned (see __main__)


def _alive(conn) -> bool:
    """Whether the client is still there (it sends nothing after its request: readable means gone)."""
    import select

    try:
        if not select.select([conn], [], [], 0)[0]:
            return True
        return conn.recv(1, socket.MSG_PEEK) != b""
    except OSError:
        return False


def _become(request, fds, changed, keras_json, config) -> None:
    global _program
    for signum in (signal.SIGCHLD, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)
    for signum in request["ignored"]:  # as the new process had them (nohup's SIGHUP)
        signal.signal(signum, signal.SIG_IGN)
    os.umask(request["umask"])
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    sys.stdout.reconfigure(line_buffering=os.isatty(1))
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    os.environ.update(changed)
    home = request["env"]["KERAS_HOME"]
    if home != config._KERAS_DIR:
        config._KERAS_DIR = home
        config._config_path = os.path.expanduser(os.path.join(home, "keras.json"))
        if keras_json is not None and not os.path.exists(config._config_path):
            os.makedirs(home, exist_ok=True)
            with open(config._config_path, "w") as f:
                f.write(keras_json)
    sys.argv, sys.orig_argv = request["argv"], request["orig_argv"]
    sys.path[:] = [request["path0"], *request["path"]]
    if "numpy" in sys.modules:
        sys.modules["numpy"].random.seed()  # a new process's global generator is seeded from the system

    _program = request["file"]


def run_program(path: str) -> None:
    """Run the file as `__main__`, as `python FILE` does; an exception is printed without this
    function's frame, as Python prints it, and exits with status 1."""
    import importlib.machinery
    import types

    main = types.ModuleType("__main__")
    main.__file__ = path
    main.__builtins__ = __builtins__
    main.__cached__ = None
    main.__loader__ = importlib.machinery.SourceFileLoader("__main__", path)
    sys.modules["__main__"] = main
    with open(path, "rb") as f:
        code = compile(f.read(), path, "exec", dont_inherit=True)
    try:
        exec(code, main.__dict__)
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001 - printed as Python prints an uncaught one
        exc.__traceback__ = exc.__traceback__.tb_next  # this function's frame
        sys.excepthook(type(exc), exc, exc.__traceback__)
        if isinstance(exc, KeyboardInterrupt):  # Python then dies of SIGINT, after its exit handlers
            import atexit

            atexit._run_exitfuncs()
            for stream in (sys.stdout, sys.stderr):
                stream.flush()
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        raise SystemExit(1) from None


if __name__ == "__main__":
    dispatch(sys.argv[1], sys.argv[2])
    if _program:
        run_program(_program)
