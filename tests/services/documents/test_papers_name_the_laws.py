"""Letters and decisions name each law the filing is under, and the town's MassDEP
regional office where the Act applies (resources/towns/*.toml [dep_office]): built from
a stored filing, rendered with the shipped forms, read back as the signer reads them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from concom_desk.services.documents.context import filing_by_number, filing_context
from concom_desk.services.documents.rendering import render_template
from concom_desk.store import Database, open_database
from tests.helpers.abutter_fixtures import add_filing
from tests.helpers.docx_reading import paragraphs

SOUTHEAST = "MassDEP Southeast Regional Office, 20 Riverside Drive, Lakeville, MA 02347"


@pytest.fixture(scope="module")
def sandwich(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    folder = tmp_path_factory.mktemp("sandwich")
    with open_database(folder / "records.sqlite", initials="JP") as db:
        add_filing(db, town="sandwich")
        yield db


def _papers(db: Database, laws: str, template: str, out: Path) -> list[str]:
    with db.session() as session:
        filing = filing_by_number(session, "2026-014")
        filing.laws = laws
    with db.read_session() as session:
        context = filing_context(session, filing_by_number(session, "2026-014"), template,
                                 date(2026, 6, 2))
    if template == "abutter-letter":  # one owner's letter (the mailing lays out the rest)
        context["notices"] = [{"owner_name": "Robert Smith", "care_of": "",
                               "address_lines": ["3 Elm Street", "Sandwich, MA 02563"],
                               "parcels": ["14-30"], "method": "certified"}]
    return paragraphs(render_template(template, context, out / f"{template}-{laws}.docx"))


@pytest.mark.parametrize(("laws", "require", "office"), [
    # Joint: both laws, and the Act's abutter notice points to MassDEP (310 CMR 10.05(4)(a)).
    ("both", "as the Wetlands Protection Act (MGL c.131 §40) and the Sandwich wetlands bylaw "
             "require.", True),
    ("act", "as the Wetlands Protection Act (MGL c.131 §40) requires.", True),
    # The bylaw alone: no MassDEP office.
    ("bylaw", "as the Sandwich wetlands bylaw requires.", False),
])
def test_the_abutter_letter_names_each_law_and_the_massdep_office(
        sandwich: Database, tmp_path: Path, laws: str, require: str, office: bool) -> None:
    lines = _papers(sandwich, laws, "abutter-letter", tmp_path)
    assert any(require in line for line in lines), lines
    contact = [line for line in lines if "MassDEP" in line]
    assert contact == ([f"You may also contact the {SOUTHEAST}, for more information about "
                        "this filing or the Wetlands Protection Act."] if office else [])


def test_a_joint_order_names_both_laws_and_where_to_ask_for_a_superseding_order(
        sandwich: Database, tmp_path: Path) -> None:
    lines = _papers(sandwich, "both", "permit", tmp_path)
    assert ("issued under the Wetlands Protection Act (MGL c.131 §40) and the Sandwich "
            "wetlands bylaw (Town of Sandwich Bylaws, Section 7.00, Wetland Protection)"
            ) in lines
    assert any(f"may ask the {SOUTHEAST} to issue a Superseding Order of Conditions" in line
               for line in lines)
    assert any("Superior Court of Barnstable County" in line for line in lines)
    # Under the Act alone, the bylaw's appeal route (Sandwich §7.75) is not the filing's:
    # the Act's alone.
    act_only = _papers(sandwich, "act", "permit", tmp_path)
    assert "issued under the Wetlands Protection Act (MGL c.131 §40)" in act_only
    assert not any("Superior Court of Barnstable County" in line for line in act_only)
    assert any(f"may ask the {SOUTHEAST} to issue a Superseding Order of Conditions" in line
               for line in act_only)
