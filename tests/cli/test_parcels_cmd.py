"""`concom-desk parcels load|info` and `abutters compute`: what is printed, the JSON,
the exit codes, and a bad file named in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from concom_desk.cli import main
from concom_desk.store import open_database
from tests.helpers.abutter_fixtures import abutter_count, add_filing
from tests.helpers.parcel_worlds import SUBJECT, ft_lot, lot, owner, write_world

CONDO = lot("12-70", ft_lot(100, 0, 100),
            *(owner(f"UNIT OWNER {n}", f"7 BROOK WAY UNIT {n}") for n in range(1, 4)))
ACROSS = lot("12-40", ft_lot(0, 150, 100), owner("ACROSS THE STREET", "9 ELM ST"))
STREET = lot("ROW", ft_lot(-300, 100, 700, 50), poly_type="ROW")


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    path = tmp_path / "commission.sqlite"
    with open_database(path) as db:
        add_filing(db)
    return path


def test_load_then_info(db_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
                        ) -> None:
    zip_path = write_world(tmp_path / "M001.zip", [SUBJECT, CONDO, ACROSS, STREET])
    assert main(["parcels", "load", "--db", str(db_file), str(zip_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("loaded UPTON (M001): 4 parcels, 5 assessor rows, MassGIS FY2025, "
                          "loaded ")
    assert main(["parcels", "info", "--db", str(db_file), "--json"]) == 0
    (town,) = json.loads(capsys.readouterr().out)["towns"]
    assert (town["town_code"], town["fiscal_year"], town["parcels"]) == ("M001", 2025, 4)


def test_a_bad_file_is_one_line_and_exit_2(db_file: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.zip"
    notes.write_text("hello", encoding="utf-8")
    assert main(["parcels", "load", "--db", str(db_file), str(notes)]) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and "notes.zip: this is not a zip file" in err


def test_compute_json_gives_every_unit_owner(db_file: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    main(["parcels", "load", "--db", str(db_file),
          str(write_world(tmp_path / "M001.zip", [SUBJECT, CONDO, ACROSS, STREET]))])
    capsys.readouterr()
    picture = tmp_path / "map.png"
    assert main(["abutters", "compute", "--db", str(db_file), "--filing", "2026-014",
                 "--map", str(picture), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [(p["loc_id"], p["map_par_id"], p["distance_ft"]) for p in found] == [
        ("F_12-70", "12-70", 0.0), ("F_12-40", "12-40", 50.0)]
    assert found[0]["owners"] == [
        {"name": f"Unit Owner {n}", "address": f"7 Brook Way Unit {n}, Upton, MA 01568"}
        for n in range(1, 4)]
    with Image.open(picture) as image:
        assert image.format == "PNG"
    # Nothing was stored without --store.
    with open_database(db_file) as db:
        assert abutter_count(db) == 0
    assert main(["abutters", "compute", "--db", str(db_file), "--filing", "2026-014",
                 "--distance", "40", "--store"]) == 0
    out = capsys.readouterr().out
    # At 40 ft the lot across the 50-ft street is still in: it is directly opposite on a
    # way (MGL c.131 §40 ¶1). Three units, the lot across, and the locus owner.
    # Each reason names the law and its section.
    assert " ".join(out.splitlines()[4].split()) == (
        "2 12-40 50.0 ft across the street or way (Wetlands Protection Act, "
        "MGL c.131 §40 ¶1 and 310 CMR 10.05(4)(a))")
    assert "imported 5 notices from 4 rows into filing 2026-014" in out
    with open_database(db_file) as db:
        assert abutter_count(db) == 5


def test_compute_without_parcels_says_how_to_load_them(
        db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["abutters", "compute", "--db", str(db_file), "--filing", "2026-014"]) == 2
    assert "load the town's MassGIS parcels first" in capsys.readouterr().err
