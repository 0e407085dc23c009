"""What the test suite prints after its run, beside pytest's own summary."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

WEIGHTS = pytest.StashKey[dict]()


@pytest.fixture(scope="session")
def page_weights(request) -> dict:
    """page id -> (bytes a phone loads, its three largest resources), filled by the browser suite."""
    return request.config.stash.setdefault(WEIGHTS, {})


def pytest_terminal_summary(terminalreporter, config):
    weights = config.stash.get(WEIGHTS, {})
    if not weights:
        return
    terminalreporter.section("page weight on a phone (uncompressed, everything it loads)")
    for page_id, (total, largest) in sorted(weights.items(), key=lambda kv: -kv[1][0]):
        top = ", ".join(f"{urlsplit(url).path} {n / 1e3:.0f} kB" for url, n in largest)
        terminalreporter.write_line(f"{total / 1e6:5.2f} MB  {page_id:<22} largest: {top}")
