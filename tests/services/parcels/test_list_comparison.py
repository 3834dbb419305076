"""The certified list beside the computed one, before it replaces it: worked out by
hand from the two lists below."""

from __future__ import annotations

from pathlib import Path

from concom_desk.services.abutters.importing import import_abutter_list, preview_abutter_list
from concom_desk.services.parcels.computed_list import compute_for_filing, store_computed_list
from concom_desk.services.parcels.list_comparison import (
    ONLY_ASSESSOR,
    ONLY_COMPUTED,
    OTHER_ADDRESS,
    SAME,
    compare_with_computed,
)
from concom_desk.services.parcels.loading import load_parcels
from concom_desk.store import Database
from tests.helpers.abutter_fixtures import HEADER, abutter_count, add_filing, write_csv
from tests.helpers.parcel_worlds import SUBJECT, ft_lot, lot, owner, write_world


def test_owners_on_one_list_only_and_moved_owners_are_shown(db: Database,
                                                           tmp_path: Path) -> None:
    load_parcels(Path(db.path), write_world(tmp_path / "M001.zip", [
        SUBJECT,
        lot("12-35", ft_lot(100, 0, 100), owner("SMITH ROBERT", "3 ELM ST")),
        lot("12-33", ft_lot(-100, 0, 100), owner("GREENWAY LAND TRUST INC", "PO BOX 9",
                                                 "HOPEDALE")),
        lot("12-30", ft_lot(0, -100, 100), owner("OLD OWNER", "1 MILL RD")),
    ]))
    filing = add_filing(db)
    store_computed_list(db, filing, compute_for_filing(db, filing))
    # The assessors certify a month later: 12-30 was sold, Greenway moved its office.
    certified = write_csv(tmp_path / "certified.csv", [
        ("12-35", "14 POND ST", "Smith, Robert", "3 Elm St.", "Upton", "MA", "01568"),
        ("12-33", "10 POND ST", "GREENWAY LAND TRUST INC", "PO BOX 77", "HOPEDALE", "MA",
         "01747"),
        ("12-30", "2 MILL RD", "NEW OWNER", "2 MILL RD", "UPTON", "MA", "01568"),
    ], header=HEADER)
    preview = preview_abutter_list(certified)
    comparison = compare_with_computed(db, filing, preview.notices)
    assert comparison is not None
    assert [(o.owner, o.difference) for o in comparison.owners] == [
        ("New Owner", ONLY_ASSESSOR),
        ("Old Owner", ONLY_COMPUTED),
        ("Greenway Land Trust Inc", OTHER_ADDRESS),
        ("Smith, Robert", SAME),  # as the import groups: "3 Elm St." is "3 ELM ST"
    ]
    greenway = comparison.owners[2]
    assert (greenway.computed, greenway.assessor) == ("PO Box 9, Hopedale, MA 01568",
                                                      "PO Box 77, Hopedale, MA 01747")
    assert comparison.summary() == (
        "compared with the computed list: 1 owner only on the assessor's list, 1 owner only "
        "on the computed list, 1 owner different mailing address")
    # Nothing replaced until the clerk chooses to: the computed list stays.
    before = abutter_count(db, filing)
    assert not import_abutter_list(db, filing, certified, preview=preview).imported
    assert abutter_count(db, filing) == before
    assert import_abutter_list(db, filing, certified, preview=preview, replace=True).imported
    assert compare_with_computed(db, filing, preview.notices) is None


def test_an_imported_list_has_nothing_to_compare(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db)
    rows = [("12-35", "14 POND ST", "SMITH ROBERT", "3 ELM ST", "UPTON", "MA", "01568")]
    path = write_csv(tmp_path / "list.csv", rows)
    import_abutter_list(db, filing, path)
    assert compare_with_computed(db, filing, preview_abutter_list(path).notices) is None
