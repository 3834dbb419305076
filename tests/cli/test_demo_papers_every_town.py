"""Issue 30, "Must show", in every town's demo (`concom-desk demo --town T`), not just
Upton: the export holds one Decision row per issued filing; the COC of a completed NOI
is not a DRAFT and carries the permit's registry book and page; Form 5 for a denied NOI
is not a DRAFT; Form 2 for an RDA renders with its file number."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from concom_desk.cli import main
from tests.helpers.docx_reading import paragraphs

TOWNS = ["massachusetts", "upton", "shutesbury", "nantucket", "sandwich", "bourne"]


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


def _first(filings: list[dict[str, str]], kind: str, status: str) -> dict[str, str]:
    # The export names kinds as the clerk reads them ("Notice of Intent / Application ...").
    return next(f for f in filings if f["Kind"].startswith(kind) and f["Status"] == status)


def _render(db: Path, file_no: str, template: str, out: Path) -> str:
    assert main(["render", "--db", str(db), "--filing", file_no, "--template", template,
                 "--out", str(out)]) == 0
    return "\n".join(paragraphs(out))


@pytest.mark.slow
@pytest.mark.parametrize("town", TOWNS)
def test_demo_papers_must_show(town: str, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "demo.sqlite"
    assert main(["demo", "--db", str(db), "--town", town]) == 0
    assert main(["export", "--db", str(db), "--format", "csv", "--out", str(tmp_path / "x")]) == 0
    filings = _rows(tmp_path / "x" / "Filing.csv")
    decisions = _rows(tmp_path / "x" / "Decision.csv")
    issued = sorted(f["File no."] for f in filings if f["Issued"])
    assert issued and sorted(d["Filing"] for d in decisions) == issued

    completed = _first(filings, "Notice of Intent", "completed")
    denied = _first(filings, "Notice of Intent", "denied")
    rda = _first(filings, "Request for Determination", "issued")
    assert completed["Recorded book"] and completed["Recorded page"]

    coc = _render(db, completed["File no."], "certificate-of-compliance", tmp_path / "coc.docx")
    assert "DRAFT" not in coc
    assert f"Book {completed['Recorded book']}, Page {completed['Recorded page']}" in coc

    form5 = _render(db, denied["File no."], "form-5-order-of-conditions", tmp_path / "f5.docx")
    assert "DRAFT" not in form5
    assert denied["File no."] in form5 or denied["DEP file no."] in form5

    form2 = _render(db, rda["File no."], "form-2-determination-of-applicability",
                    tmp_path / "f2.docx")
    assert "DRAFT" not in form2
    assert rda["File no."] in form2 or rda["DEP file no."] in form2
    capsys.readouterr()
