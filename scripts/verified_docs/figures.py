"""Bench figures in page text: placeholders replaced by the measured values, with provenance.

Placeholders (in any language's page):
    {{ bench:KEY }}            median with unit, min-max and repetitions, e.g. har.jax.warm_40
    {{ bench:KEY.cold }}       one field: cold, median, min, max, best
    {{ bench:ratio:KEY }}      a ratio computed inside the run, e.g. ratio:har.jax_over_torch
    {{ bench:provenance }}     machine, date, versions, commit and mode of the record
    {{ bench:chart:NAME }}     an SVG chart drawn from the record (har, mobilenet)
    {{ bench@NAME:... }}       the same, from a record measured elsewhere and committed as
                               bench/records/NAME.json ("recorded on <date>, <machine>")

This build's record is build/bench/record.json (BENCH_RECORD overrides it). An unknown key fails
naming page and line (in `mkdocs build` and in the page's pytest check alike). A record whose
inputs_hash differs from the current inputs is shown as stale, never as fresh. Without a record
the page says the figure was not measured. Nothing here runs the bench.
"""

from __future__ import annotations

import html
import io
import os
import re
from pathlib import Path

from . import bench_record
from .project import BACKENDS, ROOT


class FigureError(Exception):
    """A placeholder that cannot be filled; the message starts with page:line."""


def measurement(expr: str) -> str:
    """The bench measurement a placeholder expression reads: `ratio:har.jax_over_torch` -> `har`,
    `chart:mobilenet` -> `mobilenet`, `mobilenet.cpu.torch.ms` -> `mobilenet`."""
    return re.split(r"[.:]", expr.removeprefix("ratio:").removeprefix("chart:"))[0]


PLACEHOLDER = re.compile(r"\{\{\s*bench(?:@(?P<name>[\w.-]+))?:(?P<expr>[^}\s]+)\s*\}\}")
FIELDS = {"cold", "median", "min", "max", "best", "images"}  # `images`: the sizes a figure was measured on
TEXT = {
    "es": {
        "reps": "rep.",
        "runs": "ejecuciones",
        "images": "imágenes",
        "missing": "sin medir (ejecuta `make bench`)",
        "stale": "desactualizado: medido con otros programas, herramientas o versiones de paquetes; ejecuta `make bench`",
        "nogpu": "sin GPU en la máquina que midió",
        "measured": "Medido el {date} en {cpu} ({cores} núcleos; GPU: {gpu})",
        "recorded": "Registrado el {date} en {cpu} ({cores} núcleos; GPU: {gpu})",
        "with": "con Python {python}, Keras {keras}, PyTorch {torch}, JAX {jax}, TensorFlow {tensorflow}; commit {commit}; modo {mode}",
        "gpu_none": "ninguna",
        "modes": {"quick": "rápido", "full": "completo"},
        "none": "Todavía no hay un registro del banco de pruebas (`scripts/bench.py`) para esta construcción: ejecuta `make bench` (o `make site`).",
    },
    "en": {
        "reps": "reps",
        "runs": "runs",
        "images": "images",
        "missing": "not measured (run `make bench`)",
        "stale": "stale: measured with other programs, tools or package versions; run `make bench`",
        "nogpu": "no GPU on the machine that measured",
        "measured": "Measured on {date} on {cpu} ({cores} cores; GPU: {gpu})",
        "recorded": "Recorded on {date} on {cpu} ({cores} cores; GPU: {gpu})",
        "with": "with Python {python}, Keras {keras}, PyTorch {torch}, JAX {jax}, TensorFlow {tensorflow}; commit {commit}; {mode} mode",
        "gpu_none": "none",
        "modes": {"quick": "quick", "full": "full"},
        "none": "There is no bench record (`scripts/bench.py`) for this build yet: run `make bench` (or `make site`).",
    },
}


def record_path() -> Path:
    return Path(os.environ.get("BENCH_RECORD", ROOT / "build/bench/record.json"))


def number(value: float, lang: str) -> str:
    text = f"{value:.3g}"
    return text.replace(".", ",") if lang == "es" else text


def scaled_unit(value: float, unit: str) -> tuple[float, str]:
    """The divisor and unit to show `value` with: SI prefixes for FLOP/s read better than exponents."""
    if unit == "FLOP/s":
        for prefix, scale in (("T", 1e12), ("G", 1e9), ("M", 1e6)):
            if abs(value) >= scale:
                return scale, f"{prefix}FLOP/s"
    return 1.0, unit


def with_unit(value: float, unit: str, lang: str) -> str:
    scale, shown = scaled_unit(value, unit)
    return f"{number(value / scale, lang)} {shown}"


def sizes(fig: dict, lang: str) -> str:
    """Training + validation images of a figure, grouped as the page's language writes numbers."""
    sep = "\u00a0" if lang == "es" else ","
    return " + ".join(f"{n:,}".replace(",", sep) for n in fig["images"])


def render(expr: str, record: dict | None, lang: str, committed: bool, where: str) -> str:
    t = TEXT[lang]
    if expr == "provenance":
        if record is None:
            return t["none"]
        m, v = record["machine"], record["versions"]
        # The record's words (gpu "none", mode "quick") in the page's language.
        m = dict(m, gpu=t["gpu_none"] if m["gpu"] == "none" else m["gpu"])
        mode = t["modes"].get(record["mode"], record["mode"])
        head = (t["recorded"] if committed else t["measured"]).format(date=record["date"], **m)
        if "runtime" in m:  # a GPU record: the stack that drove the GPU
            head += f" ({m['runtime']}; {m.get('driver', 'unknown')})"
        line = f"{head}, {t['with'].format(commit=record['commit'], mode=mode, **v)}."
        return line + (f" **⚠ {t['stale']}.**" if record["stale"] else "")
    if expr.startswith("chart:"):
        name = expr.removeprefix("chart:")
        if name not in CHARTS:
            raise FigureError(f"{where}: unknown bench chart '{name}'; known: {', '.join(CHARTS)}")
        return t["missing"] if record is None else CHARTS[name](record, lang)
    ratio = expr.startswith("ratio:")
    key = expr.removeprefix("ratio:")
    field = None
    if not ratio and key.rsplit(".", 1)[-1] in FIELDS:
        key, field = key.rsplit(".", 1)
    known = bench_record.RATIO_KEYS if ratio else bench_record.FIGURE_KEYS
    if key not in known:
        raise FigureError(
            f"{where}: unknown bench key '{expr}'. Known {'ratios' if ratio else 'figures'}: " + ", ".join(sorted(known))
        )
    if record is None:
        return t["missing"]
    values = record["ratios"] if ratio else record["figures"]
    if key not in values:
        return t["nogpu"] if key in bench_record.GPU_KEYS and record["machine"]["gpu"] == "none" else t["missing"]
    # A title attribute is plain text: Markdown would turn backticks inside it into raw <code> tags.
    tooltip = html.escape(t["stale"].replace("`", ""))
    stale = f' <span class="bench-stale" title="{tooltip}">⚠</span>' if record["stale"] else ""
    if ratio:
        if key.endswith(("fraction_of_peak", "_share")):
            return f"{number(100 * values[key], lang)} %{stale}"
        return f"{number(values[key], lang)}×{stale}"
    fig = values[key]
    if field:
        if field not in fig:
            raise FigureError(f"{where}: bench key '{key}' has no field '{field}'")
        if field == "images":
            return sizes(fig, lang)
        runs = fig.get("cold_runs", []) if field == "cold" else []
        if len(runs) > 1:  # one cold epoch per run: the median alone would hide how far they spread
            scale, shown = scaled_unit(fig["cold"], fig["unit"])
            low, high = (number(v / scale, lang) for v in (min(runs), max(runs)))
            return f"{number(fig['cold'] / scale, lang)} {shown} ({low}–{high}, {len(runs)} {t['runs']}){stale}"
        return f"{with_unit(fig[field], fig['unit'], lang)}{stale}"
    images = f"; {sizes(fig, lang)} {t['images']}" if "images" in fig else ""
    scale, shown = scaled_unit(fig["median"], fig["unit"])  # min and max in the median's unit
    median, low, high = (number(fig[k] / scale, lang) for k in ("median", "min", "max"))
    return f"{median} {shown} ({low}–{high}, {fig['reps']} {t['reps']}{images}){stale}"


# ------------------------------------------------------------------------------ charts


def _svg(fig, prefix: str) -> str:
    out = io.StringIO()
    # No RDF metadata (SVG in HTML does not allow it): every key matplotlib would write, unset.
    fig.savefig(out, format="svg", metadata={"Creator": None, "Date": None, "Format": None, "Type": None})
    text = out.getvalue()
    text = text[text.index("<svg") :].replace("\n\n", "\n")
    # matplotlib numbers its ids per figure (figure_1, axes_1, ...): two charts on one page would
    # repeat them, so each chart's ids and the references to them get the chart's own prefix.
    text = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}-\1"', text)
    return re.sub(r'(href="#|url\(#)([^")]+)', rf"\1{prefix}-\2", text)


def _bars(record, keys, labels, title, ylabel, lang, name: str) -> str:
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "bench"
    plt.rcParams["svg.fonttype"] = "none"  # labels as text in the page's font, not glyph outlines
    figs = [record["figures"][k] for k in keys]
    med = [f["median"] for f in figs]
    err = [[m - f["min"] for m, f in zip(med, figs)], [f["max"] - m for m, f in zip(med, figs)]]
    fig, ax = plt.subplots(figsize=(6, 2.8))
    ax.bar(labels, med, yerr=err, capsize=6, color=["#ee4c2c", "#5e97f6", "#ff8f00"][: len(keys)])
    ax.set(title=title, ylabel=ylabel)
    fig.tight_layout()
    svg = _svg(fig, f"chart-{name}")
    plt.close(fig)
    alt = "; ".join(f"{lab}: {number(m, lang)}" for lab, m in zip(labels, med))
    return f'<div class="bench-chart" role="img" aria-label="{html.escape(title + ". " + alt)}">{svg}</div>'


def chart_har(record, lang):
    title = {"es": "HAR Dense(1), 40 épocas (mediana, mín.–máx.)", "en": "HAR Dense(1), 40 epochs (median, min–max)"}[lang]
    keys = [f"har.{b}.warm_40" for b in BACKENDS]
    return _bars(record, keys, list(BACKENDS), title, "s", lang, "har")


def chart_mobilenet(record, lang):
    title = {
        "es": "MobileNetV2 en CPU, por backend (mediana, mín.–máx.)",
        "en": "MobileNetV2 on CPU, per backend (median, min–max)",
    }[lang]
    keys = [f"mobilenet.cpu.{b}.ms_per_image" for b in BACKENDS]
    return _bars(record, keys, list(BACKENDS), title, "ms/img", lang, "mobilenet")


CHARTS = {"har": chart_har, "mobilenet": chart_mobilenet}


# ------------------------------------------------------------------------------ substitution


def record_for(name: str | None, where: str, cache: dict) -> dict | None:
    if name not in cache:
        path = record_path() if name is None else ROOT / "bench" / "records" / f"{name}.json"
        cache[name] = bench_record.read_record(path)
        if name is not None and cache[name] is None:
            raise FigureError(f"{where}: no committed bench record {path}")
    return cache[name]


def substitute(lines: list[str], first_line: int, page: str, lang: str, cache: dict | None = None) -> list[str]:
    """Page lines with their placeholders filled; `page` and `first_line` name errors."""
    cache = {} if cache is None else cache
    out = []
    for n, line in enumerate(lines):
        if "{{" not in line:
            out.append(line)
            continue
        where = f"{page}:{first_line + n}"

        def replace(m):
            record = record_for(m["name"], where, cache)
            return render(m["expr"], record, lang, committed=m["name"] is not None, where=where)

        out.append(PLACEHOLDER.sub(replace, line))
    return out
