"""A folder served on a free localhost port, in a background thread, without request logs.

The page runner serves docs/ to a notebook's data cell (execute.py); the tests serve the built
site under a sub-path (tests/conftest.py). One server for both.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that navigates away closes its connection mid-answer: not an error of the site.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def serve(directory: Path, handler=QuietHandler) -> http.server.ThreadingHTTPServer:
    """Serves `directory`; the server's `url` is its root. Call `shutdown()` when done."""
    httpd = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    httpd.url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd
