"""The lesson's synthetic panel: the file the site offers is the one the pages ran on."""

import runpy

import numpy as np
import pandas as pd
import pytest

from verified_docs.project import ROOT

# The generator is a script readers download from the site, not part of the engine.
make_vol5 = runpy.run_path(str(ROOT / "scripts" / "make_vol5.py"))

SITE_COPY = ROOT / "docs/assets/data/vol5_diario.parquet"
FIXTURE = ROOT / "build/fixtures/vol5_diario.parquet"


@pytest.fixture(scope="module")
def panel():
    if not FIXTURE.is_file():
        pytest.fail(f"{FIXTURE} is missing: run `make fixtures`", pytrace=False)
    return pd.read_parquet(FIXTURE)


def test_site_offers_the_data_the_pages_ran_on(panel):
    if not SITE_COPY.is_file():
        pytest.fail(f"{SITE_COPY} is missing: `make test` and `make site` write it", pytrace=False)
    pd.testing.assert_frame_equal(pd.read_parquet(SITE_COPY), panel)
    assert (SITE_COPY.parent / "make_vol5.py").read_bytes() == (ROOT / "scripts/make_vol5.py").read_bytes()


def test_panel_has_the_lessons_shape(panel):
    assert list(panel.columns) == ["fecha", "activo", "rendimiento", "rv_5min"]
    assert sorted(panel["activo"].unique()) == ["accion", "bono", "cripto", "divisa", "indice", "oro"]
    days = panel["fecha"].drop_duplicates()
    assert days.min() >= pd.Timestamp("2008-01-01") and days.max() <= pd.Timestamp("2025-12-31")
    assert 4400 < len(days) < 4600 and (days.dt.day_of_week < 5).all()
    assert (panel["rv_5min"] > 0).all()


def test_har_persistence_and_return_variance(panel):
    assert make_vol5["BETA_D"] + make_vol5["BETA_W"] + make_vol5["BETA_M"] == pytest.approx(0.92)
    idx = panel[panel["activo"] == "indice"]
    # returns are drawn with variance RV: standardised by sqrt(RV) they have unit variance
    z = (idx["rendimiento"] - idx["rendimiento"].mean()) / np.sqrt(idx["rv_5min"])
    assert z.std() == pytest.approx(1.0, abs=0.05)
