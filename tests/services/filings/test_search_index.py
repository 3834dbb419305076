"""The filings search index answers exactly what the plain search does: every word
typed (lower-cased, split at spaces) appears somewhere in a filing's search key. Checked
over the demo town for many texts a clerk types, and after a save changes a filing."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from concom_desk.services.demo.town import load_demo
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.filings.rows import FilingRow
from concom_desk.services.filings.search_index import SearchIndex
from concom_desk.store import Database, open_database

TODAY = date(2026, 11, 16)

# What a clerk types: prefixes, pieces of words, several words, capitals, punctuation,
# DEP numbers ("SE 0"), map/lots ("14-2"), years and file numbers, letters no key has.
TYPED = ("p", "po", "pon", "pond", "Pond", "POND RD", "ond", "smith", "Smi", "mith",
         "14-2", "-2", "14-", "se 0", "SE 082", "se", "0", "00", "2019-", "2019-1", "-1",
         "2026 ", " 2026", "main st", "st main", "o'b", "'", ".", "#", "a b c", "rd 1",
         "street", "lane", "trust", "zzz", "qx", "é", "ß", "jane doe", "doe jane")


def plain(rows: list[FilingRow], text: str) -> list[int]:
    """The Filings tab's rule before the index: each word in the row's key."""
    words = text.lower().split()
    return [n for n, row in enumerate(rows) if all(word in row.search_key for word in words)]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    path = Path(tmp_path_factory.mktemp("demo")) / "concom-desk.sqlite"
    load_demo(path, "small", today=TODAY)
    with open_database(path) as db:
        yield db


def test_the_index_finds_what_the_plain_search_finds_in_the_demo_town(demo) -> None:
    records = load_lists(demo, TODAY)
    rows, index = records.filings, records.search_index
    assert index is not None and index.rows == rows
    picked = random.Random(17)
    texts = list(TYPED)
    for _ in range(400):  # pieces cut from the keys themselves: mid-word, across words
        key = picked.choice(rows).search_key
        start = picked.randrange(len(key))
        piece = key[start:start + picked.randrange(1, 12)]
        texts.extend((piece, piece.upper(), f"{piece} {picked.choice(TYPED)}"))
    found_some = 0
    for text in texts:
        expected = plain(rows, text)
        assert index.find(text.lower().split()).tolist() == expected, text
        found_some += bool(expected) and len(expected) < len(rows)
    assert found_some > 300  # the texts do tell filings apart


def test_a_word_never_joins_two_fields() -> None:
    # Address "1 Pond St", map/lot "14-2": "st14" is in no field, so nowhere.
    row = FilingRow(id=1, kind="noi", file_no="2026-5", dep_file_no="SE 082-0001",
                    address="1 Pond St", map_lot="14-2", applicant="Jane Doe",
                    owner="", status="received", received=date(2026, 11, 5))
    index = SearchIndex([row])
    assert index.find(["st14"]).tolist() == []
    assert index.find(["t1"]).tolist() == []
    assert index.find(["st", "14"]).tolist() == [0]
    assert index.find(["082-0001"]).tolist() == [0]
    assert SearchIndex([]).find(["p"]).tolist() == []


def test_the_index_follows_a_save(demo) -> None:
    before = load_lists(demo, TODAY)
    filing = before.filings[0]
    detail = filing_detail(demo, filing.id, TODAY)
    save_filing(demo, dataclasses.replace(detail.form, address="12 Quarry Hollow Road"))
    after = load_lists(demo, TODAY)
    assert after.search_index is not None
    found = [after.filings[n].id for n in after.search_index.find(["quarry", "hollow"])]
    assert found == [filing.id]
    assert before.search_index is not None  # the old index is of the old rows
    assert before.search_index.numbers_of(after.filings) is None
    assert after.search_index.numbers_of(after.filings) is not None
    for text in ("quarry", filing.address.lower(), "hollow rd"):
        assert after.search_index.find(text.split()).tolist() == plain(after.filings, text)
