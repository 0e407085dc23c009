"""`make audit`: Lighthouse (npm, pinned in package-lock.json) on the built site, as a phone sees it.

The site in site/ (`make site`) is served gzip-compressed, as a static host serves it
(local_server.GzipHandler), and each page is audited with Lighthouse's default mobile settings in
Debian's Chromium. The table (performance, accessibility, best practices, SEO, and the page's DOM
size) is printed and written to build/audit/; the JSON reports stay beside it. An audit, not a
test: its scores vary with the machine's load, so they are a figure to read, never an assertion.

    .venv/bin/python -m verified_docs.audit [--site site] [PAGE ...]    # PAGE: lesson-5-6-1, en/rocm, ...
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from .local_server import GzipHandler, serve
from .project import BUILD, ROOT, rel

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
PAGES = ["", "rocm/", "lesson-5-6-1/", "training-step/", "feeding-data/"]
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# Headless, as root, with no way out of the machine (see tests/browser_tours.py).
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-sync"


def audit(url: str, out: Path) -> dict:
    env = dict(os.environ, CHROME_PATH=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}", f"--chrome-flags={CHROME_FLAGS}"]
    cmd.append("--only-categories=" + ",".join(CATEGORIES))
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if proc.returncode != 0 or not out.is_file():
        raise SystemExit(f"lighthouse failed on {url}:\n{proc.stderr[-3000:]}")
    report = json.loads(out.read_text(encoding="utf-8"))
    scores = {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES}
    scores["dom"] = int(report["audits"]["dom-size"]["numericValue"])
    scores["lcp_s"] = report["audits"]["largest-contentful-paint"]["numericValue"] / 1000
    scores["tbt_ms"] = report["audits"]["total-blocking-time"]["numericValue"]
    scores["version"] = report["lighthouseVersion"]
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument(
        "pages", nargs="*", help="page paths under the site, e.g. lesson-5-6-1/ (default: five pages, both languages)"
    )
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.is_file():
        print("Lighthouse is missing: run `make audit` (it installs node_modules with npm ci)", file=sys.stderr)
        return 2
    if not (args.site / "index.html").is_file():
        print(f"no built site in {rel(args.site)}: run `make site` first (make audit does)", file=sys.stderr)
        return 2
    pages = args.pages or [p for lang in ("", "en/") for p in (lang + q for q in PAGES)]
    out = BUILD / "audit"
    out.mkdir(parents=True, exist_ok=True)
    httpd = serve(args.site, GzipHandler)
    rows = []
    try:
        for page in pages:
            name = page.strip("/").replace("/", "_") or "home"
            rows.append((page or "/", audit(httpd.url + page, out / f"{name}.json")))
            print(f"audited {page or '/'}", file=sys.stderr)
    finally:
        httpd.shutdown()
    head = "| page | performance | accessibility | best practices | SEO | DOM elements | LCP | TBT |"
    lines = [head, "|---|---|---|---|---|---|---|---|"]
    for page, s in rows:
        lines.append(
            f"| {page} | {s['performance']} | {s['accessibility']} | {s['best-practices']} | {s['seo']} | "
            f"{s['dom']} | {s['lcp_s']:.1f} s | {s['tbt_ms']:.0f} ms |"
        )
    table = "\n".join(lines)
    (out / "report.md").write_text(table + "\n", encoding="utf-8")
    version = rows[0][1]["version"] if rows else "?"
    print(f"Lighthouse {version}, mobile, served with gzip ({rel(out / 'report.md')}):")
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
