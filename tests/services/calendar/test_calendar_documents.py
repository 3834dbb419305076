"""Legal notice, agenda and .ics from a real database, read back as the clerk would."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from icalendar import Calendar
from sqlalchemy import select

from concom_desk.cli import main
from concom_desk.services.calendar.hearings import ContinuanceRequest, continue_hearing
from concom_desk.services.calendar.ical_export import export_calendar_of
from concom_desk.services.calendar.loading import calendar_identity
from concom_desk.services.calendar.meeting_documents import write_agenda, write_legal_notice
from concom_desk.store.models import EnforcementCase, EnforcementOrder, GeneratedDocument
from tests.helpers.calendar_db import Commission
from tests.helpers.engines import db_argument
from tests.helpers.form_fixtures import AGENDA_LINES, LEGAL_NOTICE_LINES, paragraphs, write_form
from tests.services.calendar.test_hearing_services import MAR3, MAR17, book_three


def _continue_two(c: Commission, hearings: dict[str, int]) -> None:
    continue_hearing(c.db, ContinuanceRequest(hearings["pond"], c.meetings[MAR17],
                                              "revised plan", True, True), today=MAR3)
    continue_hearing(c.db, ContinuanceRequest(hearings["elm"], c.meetings[MAR17],
                                              "site visit", True, False), today=MAR3)


def test_legal_notice_for_the_newspaper(commission: Commission, tmp_path: Path) -> None:
    c = commission
    _continue_two(c, book_three(c))
    form = write_form(tmp_path, "legal-notice", LEGAL_NOTICE_LINES)
    first = write_legal_notice(c.db, c.meetings[MAR3], today=date(2027, 2, 18), form=form)
    assert paragraphs(first) == [
        "Upton Conservation Commission",
        "LEGAL NOTICE",
        "Publish by February 24, 2027",  # 5 business days before Wed Mar 3 (§330-10D)
        "Wednesday, March 3, 2027 at 7:00 PM, Upton Town Hall, Room 1",
        "UCC 2027-003 Notice of Intent / Application for Permit: Jane Doe, 12 Pond Street "
        "(Map-Lot 14-27)",
        "UCC 2027-001 Request for Determination of Applicability: Robert Smith, 3 Elm Street "
        "(Map-Lot 2-40)",
        "UCC 2027-005 Notice of Intent / Application for Permit: Mill Pond LLC, "
        "88 Mill Pond Road (Map-Lot 9-112)",
    ]
    second = write_legal_notice(c.db, c.meetings[MAR17], today=MAR3, form=form)
    # Only the re-advertised Elm Street hearing; 5 business days before Wed Mar 17.
    assert paragraphs(second)[2:] == [
        "Publish by March 10, 2027",
        "Wednesday, March 17, 2027 at 7:00 PM, Upton Town Hall, Room 1",
        "UCC 2027-001 Request for Determination of Applicability: Robert Smith, 3 Elm Street "
        "(Map-Lot 2-40), continued from March 3, 2027",
    ]
    with c.db.read_session() as session:
        titles = session.scalars(select(GeneratedDocument.title)
                                 .order_by(GeneratedDocument.id)).all()
    assert titles == ["Legal notice, March 3, 2027", "Legal notice, March 17, 2027"]


def _emergency_order(c: Commission) -> None:
    """An emergency order signed by one member on March 8, to be ratified March 17."""
    with c.db.session() as session:
        case = EnforcementCase(case_no="ENF 2027-002", town="upton", opened_on=date(2027, 3, 8),
                               status="open")
        session.add(case)
        session.flush()
        session.add(EnforcementOrder(case_id=case.id, order_no="EO 2027-002",
                                     issued_on=date(2027, 3, 8), signed_by="Baker",
                                     emergency=True, ratify_by=MAR17))


def test_agenda_with_ratification(commission: Commission, tmp_path: Path) -> None:
    c = commission
    _continue_two(c, book_three(c))
    _emergency_order(c)
    form = write_form(tmp_path, "agenda", AGENDA_LINES)
    out = write_agenda(c.db, c.meetings[MAR17], today=MAR3, form=form)
    assert paragraphs(out) == [
        "Upton Conservation Commission — regular meeting agenda",
        "Wednesday, March 17, 2027 at 7:00 PM, Upton Town Hall, Room 1",
        "Post by Monday, March 15, 2027 7:00 PM",  # MGL c.30A §20(b): Wed 19h+Tue 24h+Mon 5h
        "1. UCC 2027-003 Jane Doe, 12 Pond Street (continued from March 3, 2027)",
        "2. UCC 2027-001 Robert Smith, 3 Elm Street (continued from March 3, 2027)",
        "3. Approval of minutes",
        "4. Ratify emergency order ENF 2027-002 of March 8, 2027 signed by Baker, ",
    ]


def test_ics_export_twice_keeps_uids(commission: Commission, tmp_path: Path) -> None:
    c = commission
    book_three(c)
    first, second = tmp_path / "one.ics", tmp_path / "two.ics"
    identity = calendar_identity(c.db)
    summary = export_calendar_of(c.db, first)
    export_calendar_of(c.db, second)
    assert summary.meetings == 6
    events = [{str(e["uid"]): e for e in Calendar.from_ical(p.read_bytes()).walk("VEVENT")}
              for p in (first, second)]
    assert set(events[0]) == set(events[1])
    march3 = events[0][f"meeting-{c.meetings[MAR3]}@{identity}.concom-desk"]
    assert "1. UCC 2027-003 — Jane Doe, 12 Pond Street" in str(march3["description"])
    assert f"deadline-filing-{c.filings['UCC 2027-003']}-hearing_by@{identity}.concom-desk" \
        in events[0]


def test_ical_command(commission: Commission, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    c = commission
    book_three(c)
    c.db.close()
    out = tmp_path / "calendar.ics"
    assert main(["ical", "--db", db_argument(c.db), "--out", str(out)]) == 0
    assert "6 meetings" in capsys.readouterr().out
    assert len(Calendar.from_ical(out.read_bytes()).walk("VEVENT")) > 6


def test_ical_command_refuses_a_missing_database(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "nowhere.sqlite"
    assert main(["ical", "--db", str(missing), "--out", str(tmp_path / "x.ics")]) == 2
    assert "there is no database at" in capsys.readouterr().err
    assert not missing.exists() and not (tmp_path / "x.ics").exists()


def test_shipped_forms_accept_the_contexts(commission: Commission) -> None:
    """The program's own legal-notice and agenda forms render from these contexts
    (the renderer's strict undefined would name any field the context lacks)."""
    c = commission
    _continue_two(c, book_three(c))
    ad = paragraphs(write_legal_notice(c.db, c.meetings[MAR3], today=date(2027, 2, 18)))
    assert "To the newspaper: please publish once, on or before February 24, 2027." in ad
    assert sum(1 for line in ad if "(file UCC 2027-" in line) == 3
    assert "NOTICE OF PUBLIC HEARINGS" in ad
    assert any("will hold public hearings on Wednesday, March 3, 2027" in line for line in ad)
    # The filings are under the Act too: the town's MassDEP office is named (upton.toml).
    assert ("The filings and plans may be seen at the Conservation office during office hours."
            " Information about a filing under the Wetlands Protection Act may also be had "
            "from the MassDEP Central Regional Office, 8 New Bond Street, Worcester, MA 01606."
            ) in ad
    # One hearing re-advertised on Mar 17: the notice speaks of it in the singular.
    one = paragraphs(write_legal_notice(c.db, c.meetings[MAR17], today=MAR3))
    assert "NOTICE OF PUBLIC HEARING" in one
    assert any("will hold a public hearing on Wednesday, March 17, 2027" in line for line in one)
    assert any(line.startswith("The filing and plans may be seen at the Conservation office "
                               "during office hours.") for line in one)
    agenda = paragraphs(write_agenda(c.db, c.meetings[MAR17], today=MAR3))
    assert any(line.startswith("Posted by Monday, March 15, 2027 7:00 PM") for line in agenda)
    assert any("Continued from March 3, 2027." in line for line in agenda)


def test_the_ratification_deadline_cites_the_state_rule_in_every_town(
        commission: Commission) -> None:
    # An Upton commission's calendar cited "Sandwich §7.55 Part 2" for the ratification of
    # an emergency order; the rule that binds every commission is 310 CMR 10.08(2), which
    # Today cited: the two now say the same.
    from concom_desk.services.calendar.loading import load_calendar
    from concom_desk.services.filings.desk_lists import ENFORCEMENT_CITATIONS

    c = commission
    _emergency_order(c)
    snapshot = load_calendar(c.db, MAR3, MAR17 + timedelta(days=1))
    cited = [d.citation for d in snapshot.deadlines if d.kind == "ratify_by"]
    assert cited == [ENFORCEMENT_CITATIONS["ratify"]]
    assert cited[0].startswith("310 CMR 10.08(2)") and "Sandwich" not in cited[0]
