"""Each paper's appeal paragraph names the paper it is printed on, with the route its
town's law gives for that kind of paper: Nantucket ch. 136 gives its 20-day complaint
from "a permit issued pursuant to this chapter" only, so a determination or a certificate
of compliance there is reviewed in the nature of certiorari (MGL c.249 §4, 60 days);
the state default's superseding request names what MassDEP supersedes (310 CMR
10.05(7)(j)). The expected words are written by hand from each town's bylaw."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from concom_desk.domain.conditions import APPEAL_PAPERS, ConditionsError, parse_library
from concom_desk.services.documents.conditions_library import library_for
from concom_desk.services.documents.context import filing_by_number, filing_context
from concom_desk.services.documents.rendering import render_template
from concom_desk.store import Database, open_database
from tests.helpers.abutter_fixtures import add_filing
from tests.helpers.docx_reading import paragraphs

CH_136 = ("Any party aggrieved by this permit, issued under Chapter 136, may file a complaint "
          "seeking relief in the Superior Court of the County of Nantucket not more than 20 "
          "days after the issuance of the permit by the Commission (Nantucket Code ch. 136).")
CERTIORARI = ("may be reviewed by the Superior Court in an action in the nature of certiorari "
              "under MGL c.249 §4, commenced within 60 days of the decision.")
TENTATIVE = "a hearing may be requested in writing within 10 business days of its issuance"
UPTON = "Any person may appeal this decision to the Superior Court under MGL c.249 §4"
SANDWICH = ("A decision of the Commission may be appealed to the Superior Court of "
            "Barnstable County")
SHUTESBURY = "The bylaw sets no appeal procedure of its own."

# (town, paper, words the paper must print, words it must not) — with the law for each.
TABLE = [
    # Nantucket ch. 136, Appeals: "Any party aggrieved by a permit issued pursuant to this
    # chapter may file a complaint ... not more than 20 days after the issuance of the permit".
    ("nantucket", "permit", CH_136, "certiorari"),
    ("nantucket", "extension", "aggrieved by this extension of a permit issued under Chapter "
                               "136 may file a complaint", "certiorari"),
    # Not a permit issued: ch. 136 gives no appeal of its own; MGL c.249 §4 (60 days).
    ("nantucket", "denial", f"This denial {CERTIORARI}", "aggrieved by"),
    ("nantucket", "determination", f"This determination {CERTIORARI}", "aggrieved by"),
    ("nantucket", "delineation", f"This order of resource area delineation {CERTIORARI}",
     "aggrieved by"),
    ("nantucket", "certificate", f"This certificate of compliance {CERTIORARI}",
     "aggrieved by"),
    # Upton ch. 330, Appeals: any decision, 21 days from issuance, under MGL c.249 §4.
    *[("upton", paper, UPTON, "permit issued") for paper in APPEAL_PAPERS],
    # Sandwich §7.75: "a decision of the Commission", 60 days from the decision.
    *[("sandwich", paper, SANDWICH, "permit issued") for paper in APPEAL_PAPERS],
    # Shutesbury: no appeal in the bylaw; MGL c.249 §4 (DOMAIN.md, Certiorari).
    *[("shutesbury", paper, SHUTESBURY, "permit issued") for paper in APPEAL_PAPERS],
    # Bourne: MGL c.249 §4; a hearing on a tentative decision (one without a hearing) is
    # for an Extension Permit or a Certificate of Compliance only (BWR 1.05(10)(c)1,
    # counted under BWR 1.10(1)(a)).
    *[("bourne", paper, f"A decision under the bylaw {CERTIORARI}", TENTATIVE)
      for paper in ("permit", "denial", "determination", "delineation")],
    ("bourne", "extension", f"On a tentative decision on an Extension Permit, {TENTATIVE}",
     "Certificate of Compliance"),
    ("bourne", "certificate", f"On a tentative decision on a Certificate of Compliance, "
                              f"{TENTATIVE}", "Extension Permit"),
    # The state default: MassDEP supersedes an Order or a Determination by name
    # (MGL c.131 §40; 310 CMR 10.05(7)(j)); none of an extension or a certificate.
    ("massachusetts", "permit", "for a Superseding Order within ten business days of the date "
                                "of issuance of this Order", "Determination"),
    ("massachusetts", "denial", "for a Superseding Order within ten business days of the date "
                                "of issuance of this Order", "Determination"),
    ("massachusetts", "determination", "for a Superseding Determination of Applicability "
                                       "within ten business days of the date of issuance of "
                                       "this Determination", "Order"),
    ("massachusetts", "delineation", "for a Superseding Order of Resource Area Delineation "
                                     "within ten business days of the date of issuance of "
                                     "this Order", "Determination"),
    ("massachusetts", "extension", f"on an Extension Permit (310 CMR 10.05(7)(j)). This "
                                   f"decision {CERTIORARI}", "Superseding Order"),
    ("massachusetts", "certificate", f"on a Certificate of Compliance (310 CMR 10.05(7)(j)). "
                                     f"This decision {CERTIORARI}", "Superseding Order"),
]


def test_the_table_covers_every_town_and_paper() -> None:
    towns = {"nantucket", "upton", "sandwich", "shutesbury", "bourne", "massachusetts"}
    assert {(town, paper) for town, paper, _, _ in TABLE} == {
        (town, paper) for town in towns for paper in APPEAL_PAPERS}


@pytest.mark.parametrize(("town", "paper", "words", "never"), TABLE)
def test_each_paper_prints_its_own_appeal(town: str, paper: str, words: str,
                                          never: str) -> None:
    text = library_for(town).appeal_for(paper)
    assert words in text
    assert never not in text


def test_an_unknown_paper_in_a_clerks_library_is_named() -> None:
    data = {"town": {"id": "ashland", "bylaw": "Ashland bylaw", "appeal_rights": "Appeal.",
                     "recording_instructions": "Record it.",
                     "appeal_rights_for": {"permits": "Appeal a permit."}}}
    with pytest.raises(ConditionsError, match="unknown paper.*permits"):
        parse_library(data, Path("ashland.toml"))


@pytest.fixture(scope="module")
def nantucket(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    folder = tmp_path_factory.mktemp("nantucket")
    with open_database(folder / "records.sqlite", initials="JP") as db:
        add_filing(db, town="nantucket")
        with db.session() as session:
            filing_by_number(session, "2026-014").laws = "bylaw"
        yield db


@pytest.mark.parametrize(("template", "words"), [
    ("permit", CH_136),
    ("determination-negative", f"This determination {CERTIORARI}"),
    ("certificate-of-compliance", f"This certificate of compliance {CERTIORARI}"),
])
def test_a_nantucket_paper_names_what_it_is(nantucket: Database, tmp_path: Path,
                                            template: str, words: str) -> None:
    with nantucket.read_session() as session:
        context = filing_context(session, filing_by_number(session, "2026-014"), template,
                                 date(2026, 7, 1))
    lines = paragraphs(render_template(template, context, tmp_path / f"{template}.docx"))
    assert any(words in line for line in lines), lines
    if template != "permit":
        assert not any("aggrieved by" in line for line in lines), lines
