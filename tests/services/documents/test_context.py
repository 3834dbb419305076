"""Contexts built from a stored filing: what each template will print."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from concom_desk.errors import UserError
from concom_desk.services.documents.context import (
    clock_time,
    filing_by_number,
    filing_context,
    long_date,
)
from concom_desk.services.documents.context_extras import DraftChoices
from concom_desk.services.documents.field_registry import fields_of
from concom_desk.services.documents.rendering import render_template
from concom_desk.services.documents.template_examples import FILING_BASED_TEMPLATES, example_context
from concom_desk.store import Database
from tests.helpers.docx_reading import full_text
from tests.helpers.engines import ENGINES, fresh_records
from tests.helpers.record_fixtures import fill_record


@pytest.fixture(scope="module", params=ENGINES)
def db(tmp_path_factory: pytest.TempPathFactory,
       request: pytest.FixtureRequest) -> Iterator[Database]:
    """Read by every test here, written by none: made once per engine (migrations take
    time)."""
    with fresh_records(request.param, tmp_path_factory.mktemp("record"), request,
                       initials="JP") as database:
        yield fill_record(database)


def context_for(db: Database, file_no: str, template: str, today: date = date(2026, 8, 5),
                special: tuple[str, ...] = (), **draft: object) -> dict:
    with db.read_session() as session:
        return filing_context(session, filing_by_number(session, file_no), template, today,
                              DraftChoices(special=special, **draft))


@pytest.mark.parametrize(("day", "text"), [
    (date(2026, 6, 2), "June 2, 2026"), (date(2029, 12, 25), "December 25, 2029"), (None, "")])
def test_long_date(day: date | None, text: str) -> None:
    assert long_date(day) == text


@pytest.mark.parametrize(("given", "shown"), [("19:00", "7:00 PM"), ("09:05", "9:05 AM"),
                                              ("12:00", "12:00 PM"), ("00:30", "12:30 AM"),
                                              ("evening", "evening")])
def test_clock_time(given: str, shown: str) -> None:
    assert clock_time(given) == shown


@pytest.mark.parametrize("template", FILING_BASED_TEMPLATES)
def test_context_has_every_field_the_example_has(db: Database, template: str) -> None:
    """The builder and the examples (which the checker trusts) agree on the shape:
    the same fields outside lists, and no item field the checker does not know."""
    built = set(fields_of(context_for(db, "2026-014", template)))
    expected = set(fields_of(example_context(template)))
    assert {p for p in built if "[]" not in p} == {p for p in expected if "[]" not in p}
    assert {p for p in built if "[]" in p} <= expected


def test_permit_facts_from_the_record(db: Database) -> None:
    context = context_for(db, "2026-014", "permit")
    assert context["filing"]["file_no"] == "2026-014"
    assert context["filing"]["issued"] == "August 5, 2026"
    assert context["owner"]["name"] == "Doe Family Trust"
    assert context["owner"]["address_lines"] == ["c/o John Doe, Trustee", "PO Box 77",
                                                 "Ashland, MA 01721"]
    assert context["property"]["registry"] == "Middlesex South Registry of Deeds"
    assert context["town"]["name"] == "Ashland"  # state default profile: named from the commission
    assert "Superseding Order within ten business days" in context["town"]["appeal_rights"]


def test_deadlines_worked_by_hand(db: Database) -> None:
    deadlines = context_for(db, "2026-014", "permit")["deadlines"]
    assert deadlines["hearing_by"]["date"] == "July 3, 2026"
    assert deadlines["appeal_ends"]["date"] == "August 19, 2026"
    assert deadlines["expires"]["date"] == "August 5, 2029"
    # Issued 2026: no extension act reaches it; the why is its bare term.
    assert deadlines["expires"]["why"] == "3-year term to 2029-08-05"
    assert deadlines["coc_decision_by"] == {"date": "", "label": "", "citation": "", "why": ""}


def test_signers_are_the_members_in_office_on_the_issue_date(db: Database) -> None:
    commission = context_for(db, "2026-014", "permit")["commission"]
    # Cy Cole's term ended 2026-06-30; Di Dunn is an associate; Flo Fox began 2026-07-01.
    assert commission["signature_lines"] == ["Ann Able", "Ben Baker", "Ed Earl", "Flo Fox"]
    assert commission["signers_needed"] == 3  # majority of 4
    assert commission["chair"] == "Ann Able"


def test_hearing_from_the_meeting_it_is_booked_at(db: Database) -> None:
    assert context_for(db, "2026-014", "abutter-letter")["hearing"] == {
        "date": "July 1, 2026", "weekday": "Wednesday", "time": "7:30 PM",
        "place": "Town Hall, Room 208"}


def test_decided_permit_prints_its_own_conditions(db: Database) -> None:
    context = context_for(db, "2026-014", "permit", special=("ignored once decided",))
    assert context["standard_conditions"] == [
        {"number": 1, "text": "Record this Order before work begins."},
        {"number": 2, "text": "Install erosion controls."}]
    assert context["special_conditions"] == [
        {"number": 3, "text": "No fertilizer within 50 feet, in perpetuity."}]


def test_draft_permit_takes_the_library_and_chosen_specials(db: Database) -> None:
    context = context_for(db, "2026-020", "permit", special=("Plant 12 shrubs.",))
    standard = context["standard_conditions"]
    assert [c["number"] for c in standard] == list(range(1, len(standard) + 1))
    # No DEP file number: the DEP sign condition of the library is left out.
    assert not any("Department of Environmental Protection\" followed" in c["text"]
                   for c in standard)
    assert context["special_conditions"] == [{"number": len(standard) + 1,
                                              "text": "Plant 12 shrubs."}]


def test_denial_kind_and_reasons(db: Database) -> None:
    context = context_for(db, "2026-021", "denial")
    assert context["denial_kind"] == "procedural"
    assert context["reasons"] == ["No wetland delineation was submitted.",
                                  "No stormwater report."]


def test_partial_certificate_keeps_the_permits_continuing_conditions(db: Database) -> None:
    context = context_for(db, "2029-003", "certificate-of-compliance", today=date(2029, 3, 20))
    assert context["partial"] is True
    assert context["continuing_conditions"] == [
        {"number": 3, "text": "No fertilizer within 50 feet, in perpetuity."}]
    assert context["inspection"] == {"date": "March 10, 2029", "by": "Jamie Park, Agent",
                                     "findings": ""}
    assert context["original_permit"]["book"] == "61999"


def test_abutter_notices_from_the_abutter_rows(db: Database) -> None:
    notices = context_for(db, "2026-014", "abutter-letter")["notices"]
    assert notices == [
        {"owner_name": "Greenway Land Trust", "care_of": "Ann Lee",
         "address_lines": ["PO Box 9", "Hopedale, MA 01747"], "parcels": ["14-28", "14-29"],
         "method": "certified"},
        {"owner_name": "Robert Smith", "care_of": "",
         "address_lines": ["3 Elm St", "Ashland, MA 01721"], "parcels": ["14-26"],
         "method": "certified"},
    ]


@pytest.mark.parametrize("template", FILING_BASED_TEMPLATES)
def test_every_filing_template_renders_from_the_record(db: Database, template: str,
                                                       tmp_path: Path) -> None:
    out = render_template(template, context_for(db, "2026-014", template),
                          tmp_path / f"{template}.docx")
    text = full_text(out)
    assert "{{" not in text and "{%" not in text
    assert "2026-014" in text and "Ashland Conservation Commission" in text


def test_unknown_filing_refused(db: Database) -> None:
    with db.read_session() as session, pytest.raises(UserError, match="no filing numbered"):
        filing_by_number(session, "1999-001")


def test_certificate_carries_the_permits_dep_number(db: Database) -> None:
    context = context_for(db, "2029-003", "certificate-of-compliance", today=date(2029, 3, 20))
    assert context["filing"]["dep_file_no"] == "SE 082-1234"


@pytest.mark.parametrize(("town", "name", "words"), [
    # From each town's profile name and conditions library (from its bylaw).
    ("upton", "Upton", "within 21 days of the date of its issuance"),  # Upton ch. 330
    ("sandwich", "Sandwich", "within sixty (60) days"),  # Sandwich §7.75
    ("nantucket", "Nantucket", "not more than 20 days after"),  # Nantucket ch. 136
])
def test_town_context_of_a_profiled_town(town: str, name: str, words: str) -> None:
    from concom_desk.services.documents.context import town_context
    from concom_desk.store.models import CommissionSettings

    settings = CommissionSettings(name=f"{name} Conservation Commission", town=town)
    context = town_context(town, settings)
    assert context["name"] == name
    assert words in context["appeal_rights"]


def test_affidavit_of_service_from_the_notices(db: Database) -> None:
    # Without a signer named, a line to write on: never the applicant, who mailed nothing.
    context = context_for(db, "2026-014", "affidavit-of-service")
    facts = context["affidavit"]
    assert (facts["mailed_on"], facts["method"], facts["signed_by"], facts["certified_count"]
            ) == ("June 12, 2026", "certified mail, return receipt requested", "", 2)
    assert [(g["method"], g["count"]) for g in facts["groups"]] == [
        ("certified mail, return receipt requested", 2)]
    assert [n["owner_name"] for n in context["notices"]] == ["Greenway Land Trust",
                                                            "Robert Smith"]


def test_draft_denial_takes_the_clerks_reasons(db: Database) -> None:
    context = context_for(db, "2026-020", "denial", reasons=("Repeated failure to attend.",),
                          denial_kind="procedural")
    assert (context["denial_kind"], context["reasons"]) == (
        "procedural", ["Repeated failure to attend."])


def test_recorded_denial_wins_over_draft_choices(db: Database) -> None:
    context = context_for(db, "2026-021", "denial", reasons=("ignored",),
                          denial_kind="substantive")
    assert context["denial_kind"] == "procedural"
    assert context["reasons"][0] == "No wetland delineation was submitted."
