"""A folder served on a free localhost port, in a background thread, without request logs.

The page runner serves docs/ to a notebook's data cell (execute.py); the tests serve the built
site under a sub-path (tests/conftest.py). One server for both.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import sys
import threading
from pathlib import Path


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class GzipHandler(QuietHandler):
    """Sends text (HTML, CSS, JavaScript, JSON, SVG) gzip-compressed to a client that accepts it, as
    a static host does; Python's own handler never compresses, which makes a page look heavier and
    slower to an auditor than it is when published."""

    TEXT = (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt")

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # its redirect to the folder's address
            path = path / "index.html"
        if "gzip" not in self.headers.get("Accept-Encoding", "") or path.suffix not in self.TEXT or not path.is_file():
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


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
