"""The whole record through the filing service: what the form saves comes back
when the filing is opened again, the parties keep their address in parts, and the
boards-notified date meets the "send the notice to the boards" clock.

Upton NOI received Mon 2026-11-09, the window's day Mon 2026-11-16 (hand-worked):

| clock (Upton ch. 330, § 330-10C) | counted from | due |
|---|---|---|
| board_notice_by ("upon receipt") | received 11-09 + 0 days | 2026-11-09 |
| board_comment_period_ends, no notice yet | received 11-09 + 14 days | 2026-11-23 |
| board_comment_period_ends, notified 11-10 | notified 11-10 + 14 days | 2026-11-24 |
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import date

import pytest
from sqlalchemy import select

from concom_desk.domain.resource_areas import NamedArea
from concom_desk.errors import UserError
from concom_desk.services.commission.settings import CommissionSettings, save_settings
from concom_desk.services.documents.context import filing_by_number, filing_context
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.filings.form import FilingForm, MailingAddress
from concom_desk.store import Database
from concom_desk.store.models import AuditEntry, Party

TODAY = date(2026, 11, 16)
SEND_TO_BOARDS = ("Send the digital notice to the Planning Board, Board of Health and "
                  "Building Inspector")


@pytest.fixture
def upton(new_records: Callable[..., Database]) -> Iterator[Database]:
    database = new_records(initials="JB")
    save_settings(database, CommissionSettings(
        town_id="upton", name="Upton Conservation Commission", address_lines=["Town Hall"],
        clerk_initials="JB"), today=TODAY)
    yield database
    database.close()


def whole_record(**changes: object) -> FilingForm:
    form = FilingForm(
        kind="noi", file_no="2026-41", dep_file_no="SE 316-0412", laws="both", town="upton",
        applicant="Jane Doe",
        applicant_mail=MailingAddress("12 Pond Road", "", "Upton", "MA", "01568"),
        applicant_phone="508-555-0142", applicant_email="jane@example.com",
        owner="Doe Family Trust", owner_mail=MailingAddress("PO Box 77", "", "Naples", "FL",
                                                            "34102"),
        representative="David Ellis, P.E.", representative_company="Blackstone Valley "
        "Engineering, Inc.", representative_mail=MailingAddress("40 Mill Road", "Suite 2",
                                                                "Grafton", "MA", "01519"),
        representative_phone="508-555-0190", representative_email="permits@bve.example.com",
        address="12 Pond Road", map_lot="14-22", received=date(2026, 11, 9),
        boards_notified=date(2026, 11, 10), fee_cents=125_000, fee_paid_on=date(2026, 11, 9),
        consultant="Goddard Consulting", consultant_fee_cents=200_000,
        consultant_fee_paid_on=date(2026, 11, 12), bond_cents=500_000, bond_form="passbook",
        bond_posted_on=date(2026, 11, 13), recorded_book="66012", recorded_page="245",
        notes="Asked for the hearing after Thanksgiving.",
        # The areas as ticked on the form (the text is what they name) and the flood data.
        areas=(NamedArea("bvw", 800.0, "sq_ft"), NamedArea("buffer_zone")),
        resource_areas="Bordering Vegetated Wetland; Buffer Zone", flood_zone="AE",
        flood_elevation="212", in_riverfront=True, setting="inland")
    return replace(form, **changes)


def test_every_field_comes_back_when_the_filing_is_opened_again(upton: Database) -> None:
    typed = whole_record()
    filing_id = save_filing(upton, typed)
    form = filing_detail(upton, filing_id, TODAY).form
    # What came back is what was typed, field by field (the one-line texts are derived).
    assert replace(form, applicant_address="", owner_address="", version=None,
                   party_versions={}) == replace(typed, id=filing_id)
    assert form.version == 1 and sorted(form.party_versions.values()) == [1, 1, 1]
    with upton.read_session() as s:
        owner = s.scalars(select(Party).where(Party.name == "Doe Family Trust")).one()
        assert (owner.address_line1, owner.city, owner.state, owner.zip) == (
            "PO Box 77", "Naples", "FL", "34102")
        # The envelope has no stray "MA" line: city, state and ZIP on one line.
        assert owner.address_lines() == ["PO Box 77", "Naples, FL 34102"]


def test_a_waived_fee_keeps_its_reason_and_the_change_is_audited(upton: Database) -> None:
    filing_id = save_filing(upton, whole_record())
    with pytest.raises(UserError, match="waived fee needs the reason"):
        save_filing(upton, whole_record(id=filing_id, fee_waived=True))
    save_filing(upton, whole_record(id=filing_id, fee_cents=0, fee_paid_on=None,
                                    fee_waived=True, fee_waiver_reason="Town department"))
    form = filing_detail(upton, filing_id, TODAY).form
    assert (form.fee_cents, form.fee_waived, form.fee_waiver_reason) == (0, True,
                                                                         "Town department")
    with upton.read_session() as s:
        last = s.scalars(select(AuditEntry).where(AuditEntry.table_name == "filing")
                         .order_by(AuditEntry.id.desc())).first()
        assert last.action == "update"
        new, old = json.loads(last.new_values), json.loads(last.old_values)
        assert (old["fee_waived"], old["fee_cents"]) == (0, 125_000)
        assert (new["fee_waived"], new["fee_cents"], new["fee_waiver_reason"]) == (
            1, 0, "Town department")
        assert last.initials == "JB"


def test_changing_a_representative_updates_the_party_on_file(upton: Database) -> None:
    filing_id = save_filing(upton, whole_record())
    moved = MailingAddress("1 New Street", "", "Worcester", "MA", "01608")
    save_filing(upton, whole_record(id=filing_id, representative_mail=moved))
    assert filing_detail(upton, filing_id, TODAY).form.representative_mail == moved


def test_boards_cannot_be_notified_before_the_filing_came_in(upton: Database) -> None:
    with pytest.raises(UserError, match=r"boards cannot be notified \(2026-11-08\) before"):
        save_filing(upton, whole_record(boards_notified=date(2026, 11, 8)))


def test_the_boards_notified_date_clears_the_send_to_the_boards_clock(upton: Database
                                                                     ) -> None:
    filing_id = save_filing(upton, whole_record(boards_notified=None))
    today = [(i.file_no, i.what, i.due) for i in load_lists(upton, TODAY).today]
    assert ("2026-41", SEND_TO_BOARDS, date(2026, 11, 9)) in today
    lines = filing_detail(upton, filing_id, TODAY).deadlines
    board = next(line for line in lines if line.deadline.id == "board_notice_by")
    assert (board.date, board.met) == (date(2026, 11, 9), False)
    comment = next(line for line in lines if line.deadline.id == "board_comment_period_ends")
    assert comment.date == date(2026, 11, 23)

    save_filing(upton, whole_record(id=filing_id, boards_notified=date(2026, 11, 10)))
    today = [(i.file_no, i.what) for i in load_lists(upton, TODAY).today]
    assert ("2026-41", SEND_TO_BOARDS) not in today
    lines = filing_detail(upton, filing_id, TODAY).deadlines
    board = next(line for line in lines if line.deadline.id == "board_notice_by")
    assert board.met
    comment = next(line for line in lines if line.deadline.id == "board_comment_period_ends")
    assert comment.date == date(2026, 11, 24)


def test_the_new_fields_are_in_the_document_context(upton: Database) -> None:
    save_filing(upton, whole_record(recorded=date(2026, 11, 13)))
    with upton.read_session() as s:
        context = filing_context(s, filing_by_number(s, "2026-41"), "permit", TODAY)
    assert context["filing"]["boards_notified"] == "November 10, 2026"
    assert (context["filing"]["recorded"], context["filing"]["recorded_book"],
            context["filing"]["recorded_page"]) == ("November 13, 2026", "66012", "245")
    assert context["fees"] == {
        "filing_fee": "$1,250.00", "filing_fee_paid": "November 9, 2026",
        "filing_fee_waived": False, "filing_fee_waiver_reason": "",
        "consultant": "Goddard Consulting", "consultant_fee": "$2,000.00",
        "consultant_fee_paid": "November 12, 2026"}
    assert context["bond"] == {"amount": "$5,000.00", "kind": "passbook",
                               "posted": "November 13, 2026", "released": ""}
    assert context["representative"]["company"] == "Blackstone Valley Engineering, Inc."
    assert context["representative"]["address_lines"] == ["40 Mill Road", "Suite 2",
                                                          "Grafton, MA 01519"]
