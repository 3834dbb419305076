"""A coastal town's demo (Sandwich): Notices of Intent on a coastal bank and salt
marsh, whose Form 5 prints the coastal impact table with those areas ticked, and an
export that names the regulations each filing is reviewed under."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from concom_desk.domain.resource_areas import amount_text
from concom_desk.services.demo.town import load_demo
from concom_desk.services.documents.register import save_filing_document
from concom_desk.services.documents.wpa_fields import CHECKED, UNCHECKED
from concom_desk.store import Database, open_database
from concom_desk.store.export_writers import export
from concom_desk.store.models import Filing, FilingResourceArea
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import every_word

pytestmark = pytest.mark.slow  # a whole demo town is written once for the module (~3 s)


@pytest.fixture(scope="module")
def sandwich(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Database]]:
    path = tmp_path_factory.mktemp("sandwich") / "demo.sqlite"
    load_demo(path, "small", today=TEST_TODAY, town="sandwich")
    with open_database(path, lock=False) as db:
        yield path, db


def _on_the_coast(db: Database) -> str:
    with db.read_session() as s:
        return s.scalars(select(Filing.file_no).where(
            Filing.kind == "noi", Filing.dep_file_no != "",
            Filing.resource_areas.like("%Coastal Bank, Salt Marsh%")).order_by(Filing.id)).first()


def test_form_5_of_a_demo_noi_on_a_coastal_bank_and_salt_marsh(
        sandwich: tuple[Path, Database]) -> None:
    _, db = sandwich
    file_no = _on_the_coast(db)
    assert file_no, "the Sandwich demo has no NOI on a coastal bank and salt marsh"
    text = every_word(save_filing_document(db, file_no, "form-5-order-of-conditions",
                                           TEST_TODAY).path).replace("  ", "")
    assert "Coastal Resource Area Impacts" in text
    # Each ticked with the amount the filing's rows hold, in the "Proposed" column.
    with db.read_session() as s:
        filing_id = s.scalars(select(Filing.id).where(Filing.file_no == file_no)).one()
        stored = {r.code: r for r in s.scalars(select(FilingResourceArea).where(
            FilingResourceArea.filing_id == filing_id))}
    assert set(stored) == {"coastal_bank", "salt_marsh", "buffer_zone"}
    bank, marsh = stored["coastal_bank"], stored["salt_marsh"]
    assert bank.unit == "linear_ft" and marsh.unit == "sq_ft"
    assert bank.amount is not None and marsh.amount is not None
    assert (f"{CHECKED}Coastal Banks (linear feet){amount_text(bank.amount, bank.unit)}"
            in text)
    assert (f"{CHECKED}Salt Marshes (square feet){amount_text(marsh.amount, marsh.unit)}"
            in text)
    assert f"{UNCHECKED}Coastal Dunes (square feet; cubic yards of nourishment)" in text
    assert f"{UNCHECKED}Bank (linear feet)" in text  # the inland Bank of 310 CMR 10.54


def test_the_export_names_the_regulations_in_force(sandwich: tuple[Path, Database],
                                                   tmp_path: Path) -> None:
    path, _ = sandwich
    export(path, "csv", tmp_path)
    with (tmp_path / "Filing.csv").open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    joint = [r for r in rows if r["Laws"] == "both"]
    assert joint and all(r["Regulations in force"].startswith(
        "310 CMR 10.00 as amended in 2014 (effective 2014-10-24)") for r in joint)
