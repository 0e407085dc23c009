"""The site built for publication: its address is configuration, and nothing points at the builder.

`SITE_URL` sets the address at build time (mkdocs.yml reads it; the local address is the default
for `make serve`). A build for publication (`make publish`, SITE_PUBLISH=1) without a real address
fails. Built for https://example.org/keras3/, no file of the site, sitemap and notebooks included,
points at the local address (`//127.0.0.1…` or `//localhost…`, a link to the builder's machine; a
program on a page may still name the loopback address it listens on), and the canonical links, the
sitemap and the notebooks' links use the real one. The workflow that deploys it is checked for the
shape GitHub Pages needs.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
import yaml

from verified_docs.pages import readable_pages
from verified_docs.project import ROOT, rel
from verified_docs.site_build import build_env, mkdocs_build

ADDRESS = "https://example.org/keras3/"
LOCAL = ("//127.0.0.1", "//localhost")  # an address with a host: a link, not a socket
PAGES = readable_pages()


@pytest.fixture(scope="module")
def published(site, tmp_path_factory) -> Path:
    """The site as `make publish SITE_URL=https://example.org/keras3/` builds it (after the pages ran)."""
    out = tmp_path_factory.mktemp("published") / "site"
    proc = mkdocs_build("--site-dir", str(out), SITE_URL=ADDRESS, SITE_PUBLISH="1")
    if proc.returncode != 0:
        pytest.fail(f"the publication build failed:\n{proc.stderr[-4000:]}", pytrace=False)
    return out


@pytest.mark.parametrize("address", [None, "", "http://127.0.0.1:8000/", "http://localhost/docs/"])
def test_a_publication_build_needs_a_real_address(tmp_path, address):
    env = {"SITE_PUBLISH": "1"} | ({"SITE_URL": address} if address is not None else {})  # "" as make passes it
    proc = mkdocs_build("--site-dir", str(tmp_path / "site"), **env)
    assert proc.returncode != 0, "a build for publication went ahead with the local address"
    assert "SITE_URL" in proc.stderr and "make publish SITE_URL=" in proc.stderr, proc.stderr[-2000:]


def test_a_test_build_ignores_the_address_the_shell_exported(monkeypatch):
    """`export SITE_PUBLISH=1` left in the maintainer's shell must not reach the suite's builds
    (the `site` fixture's among them: every test build goes through mkdocs_build)."""
    monkeypatch.setenv("SITE_PUBLISH", "1")
    monkeypatch.setenv("SITE_URL", "https://example.org/elsewhere/")
    env = build_env()
    assert "SITE_PUBLISH" not in env and "SITE_URL" not in env, "a test build inherited the shell's site address"
    assert build_env(SITE_URL=ADDRESS)["SITE_URL"] == ADDRESS, "a test build lost the address its caller gave"


def test_the_background_build_starts_from_the_sessions_environment_not_a_tests(monkeypatch, tmp_path):
    """The sub-path site builds on another thread as soon as the pages end (conftest's
    build_served_site), while a test of the main thread may have set a variable of its own: the
    build starts from the environment taken before any test ran. (A test_bench record named in
    BENCH_RECORD once reached it: the site failed to build, and every browser test with it.)"""
    import os
    import subprocess
    import threading
    from types import SimpleNamespace

    import conftest
    from verified_docs import site_build

    seen: dict = {}
    me, real = threading.current_thread(), subprocess.run

    def run(cmd, **kw):
        if threading.current_thread() is not me:  # the session's own background build, if it runs now
            return real(cmd, **kw)
        seen.update(kw["env"])
        return subprocess.CompletedProcess(cmd, 0, "", "")

    # Only site_build's own reference, and only for this thread's calls.
    monkeypatch.setattr(site_build, "subprocess", SimpleNamespace(run=run))
    before = dict(os.environ)
    monkeypatch.setenv("BENCH_RECORD", str(tmp_path / "a test's record.json"))
    httpd, url, _, _ = conftest.build_served_site(None, before, out=tmp_path / "site")
    httpd.shutdown()
    assert seen.get("SITE_URL") == url, "the sub-path build lost its address"
    assert seen.get("BENCH_RECORD") == before.get("BENCH_RECORD"), (
        f"the background build saw BENCH_RECORD={seen.get('BENCH_RECORD')!r}, which a test set after the session began"
    )


def test_no_file_of_the_published_site_mentions_the_local_address(published):
    offenders = []
    # Source maps are Material's own source code (its dev-server defaults), never loaded by a page.
    for path in sorted(p for p in published.rglob("*") if p.is_file() and p.suffix != ".map"):
        data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        for local in LOCAL:
            if local.encode() in data:
                offenders.append(f"{path.relative_to(published)}: {local}")
    assert not offenders, "the published site points at the builder's machine:\n" + "\n".join(offenders)


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_canonical_link_is_the_published_address(published, page):
    html = page.html_path(published).read_text(encoding="utf-8")
    canonical = re.search(r'<link rel="canonical" href="([^"]+)"', html)
    assert canonical and canonical[1] == ADDRESS + page.url, (
        f"{page.id}: canonical {canonical and canonical[1]}, expected {ADDRESS + page.url}"
    )


def test_sitemap_lists_every_page_in_every_language(published):
    xml = (published / "sitemap.xml").read_text(encoding="utf-8")
    listed = set(re.findall(r"<loc>([^<]+)</loc>", xml))
    missing = [ADDRESS + p.url for p in PAGES if ADDRESS + p.url not in listed]
    assert not missing, f"sitemap.xml has no <loc> for {missing}"
    alternates = set(re.findall(r'hreflang="[\w-]+" href="([^"]+)"', xml))
    assert alternates == listed, f"sitemap.xml: alternates {sorted(alternates ^ listed)} do not match the listed pages"
    assert gzip.decompress((published / "sitemap.xml.gz").read_bytes()).decode() == xml


@pytest.mark.parametrize("page", [p for p in PAGES if p.has("run")], ids=[p.id for p in PAGES if p.has("run")])
def test_notebook_links_point_at_the_published_site(published, page):
    nb = next(page.html_path(published).parent.glob("*.ipynb"))
    text = "\n".join(
        c["source"] if isinstance(c["source"], str) else "".join(c["source"])
        for c in json.loads(nb.read_text(encoding="utf-8"))["cells"]
    )
    links = re.findall(r"\]\((\w+://[^)\s]+)\)", text)
    ours = [u for u in links if u.startswith(ADDRESS)]
    assert ours, f"{rel(nb)}: no link to the site at all"
    assert not [u for u in links if any(local in u for local in LOCAL)], f"{rel(nb)}: links to the builder's machine"


def test_the_workflow_deploys_main_to_github_pages_after_the_tests():
    """It cannot run here; its shape can be checked: tests first, the official actions, main only."""
    flow = yaml.safe_load((ROOT / ".github/workflows/docs.yml").read_text())
    build, deploy = flow["jobs"]["test-and-build"], flow["jobs"]["deploy"]
    steps = [s.get("run", "") + s.get("uses", "") for s in build["steps"]]
    at = lambda text: next(i for i, s in enumerate(steps) if text in s)  # noqa: E731
    assert (
        at("actions/download-artifact")
        < at("make test-merged")
        < at("actions/configure-pages")
        < at("make publish")
        < at("actions/upload-pages-artifact")
    )
    publish = build["steps"][at("make publish")]
    assert "steps.pages.outputs.base_url" in publish["run"], "the address must come from the repository's Pages settings"
    assert deploy["needs"] == "test-and-build" and "refs/heads/main" in deploy["if"]
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert build["permissions"].get("pages") == "read", "configure-pages needs to read the Pages settings"
    assert "upload-artifact" in " ".join(steps), "pull requests keep their site artifact"


def test_the_workflow_shards_the_checks_and_builds_the_site_once_from_them():
    """Each shard runs its share (the matrix's size is the number of shards) and uploads what it
    recorded; the final job waits for all of them and merges every one before it builds."""
    flow = yaml.safe_load((ROOT / ".github/workflows/docs.yml").read_text())
    shard, build = flow["jobs"]["shard"], flow["jobs"]["test-and-build"]
    assert build["needs"] == "shard"
    assert shard["strategy"]["fail-fast"] is False, "a failing shard must not hide the other shards' failures"
    run = next(s["run"] for s in shard["steps"] if "make test-shard" in s.get("run", ""))
    assert "SHARD=${{ matrix.shard }}" in run and "SHARDS=${{ strategy.job-total }}" in run, run
    assert len(shard["strategy"]["matrix"]["shard"]) >= 2 and shard["strategy"]["matrix"]["shard"] == list(
        range(1, len(shard["strategy"]["matrix"]["shard"]) + 1)
    ), "shards are numbered 1..n (pytest-split's --group)"
    upload = next(s for s in shard["steps"] if s.get("uses", "").startswith("actions/upload-artifact"))
    assert (
        upload["with"]["path"].startswith("build/shards/${{ matrix.shard }}") and upload["with"]["if-no-files-found"] == "error"
    )
    download = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/download-artifact"))
    assert download["with"]["pattern"] == "shard-*" and upload["with"]["name"] == "shard-${{ matrix.shard }}"
    assert download["with"]["path"] == "build/shards" and "merge-multiple" not in download["with"], (
        "each shard in its own folder, so that the merge sees a page two shards recorded"
    )
    make = (ROOT / "Makefile").read_text()
    assert "verified_docs.shards merge build/shards/*/" in make and "--shard-dir build/shards/$(SHARD)" in make
    assert (
        '-m "not site"' in make.split("\ntest-shard:")[1].split("\n\n")[0]
        and "-m site" in make.split("\ntest-merged:")[1].split("\n\n")[0]
    )
