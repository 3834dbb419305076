"""A permit's life on its record and on Today: the expiry in force and why, the
filing marked not covered by the acts, an amendment running with its permit, an
extension not extended twice by one act, late acts flagged, the decision waiver,
and a joint filing's state clocks beside the bylaw's. Dates worked out by hand."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from sqlalchemy import select

from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.filings.form import FilingForm
from concom_desk.services.filings.permit_life import mark_not_covered
from concom_desk.store import Database
from concom_desk.store.models import Filing, HearingWaiver

TODAY = date(2026, 12, 21)


def order(db: Database, file_no: str = "2022-31", **fields: object) -> int:
    values = {"kind": "noi", "file_no": file_no, "applicant": "Jane Doe",
              "applicant_address": "12 Pond Road, Upton, MA 01568", "address": "12 Pond Road",
              "map_lot": "14-22", "received": date(2022, 4, 25), "hearing": date(2022, 5, 9),
              "closed": date(2022, 5, 23), "issued": date(2022, 6, 10), **fields}
    return save_filing(db, FilingForm(**values))  # type: ignore[arg-type]


def stored(db: Database, filing_id: int) -> Filing:
    with db.read_session() as s:
        filing = s.get(Filing, filing_id)
        assert filing is not None
        s.expunge(filing)
        return filing


def test_the_record_shows_the_expiry_in_force_and_why(db: Database) -> None:
    # 2022-06-10 + 3 y (310 CMR 10.05(6)(d)) = 2025-06-10; in effect in 2023 -> + 2 y.
    filing_id = order(db)
    assert stored(db, filing_id).expires == date(2027, 6, 10)
    detail = filing_detail(db, filing_id, TODAY)
    assert ("Expires: 2027-06-10 — 3-year term to 2025-06-10; + 2 years, "
            "St. 2024 c.238 §280 → 2027-06-10") in detail.life
    expiry = next(line for line in detail.deadlines if line.deadline.id == "expires")
    assert expiry.date == date(2027, 6, 10)
    assert expiry.deadline.citation.endswith("; St. 2024 c.238 §280")
    # The extension request clock follows: 30 days before, Tue 2027-05-11 (10.05(8)(a)).
    request = next(line for line in detail.deadlines if line.deadline.id == "extension_request_by")
    assert request.date == date(2027, 5, 11)


def test_not_covered_is_saved_audited_and_undone(db: Database) -> None:
    filing_id = order(db)
    mark_not_covered(db, filing_id, "  holder waived the extension,  letter of 2025-03-02 ")
    assert stored(db, filing_id).expires == date(2025, 6, 10)
    detail = filing_detail(db, filing_id, TODAY)
    assert detail.life[0] == ("Expires: 2025-06-10 — 3-year term to 2025-06-10; not extended "
                              "by the permit extension acts: holder waived the extension, "
                              "letter of 2025-03-02")
    assert detail.history[-1].what == (
        "acts not covered: — → holder waived the extension, letter of 2025-03-02; "
        "expires: 2027-06-10 → 2025-06-10")
    assert detail.history[-1].who == "JB"
    mark_not_covered(db, filing_id, "")
    assert stored(db, filing_id).expires == date(2027, 6, 10)


def test_an_amendment_runs_with_the_original_term(db: Database) -> None:
    permit = order(db)
    amendment = order(db, "2024-3", kind="amendment", parent_file_no="2022-31",
                      received=date(2024, 2, 1), hearing=date(2024, 2, 14),
                      closed=date(2024, 2, 14), issued=date(2024, 3, 1))
    assert stored(db, amendment).expires == stored(db, permit).expires == date(2027, 6, 10)
    detail = filing_detail(db, amendment, TODAY)
    assert not [line for line in detail.deadlines
                if line.deadline.id in ("expires", "extension_request_by")]
    assert detail.life[0].startswith("Expires: runs with the term of permit 2022-31 "
                                     "(2027-06-10)")


def test_an_act_extends_a_permit_once_not_again_its_extension(db: Database) -> None:
    # Order issued 2021-03-01: term 2024-03-01, in effect in 2023 -> 2026-03-01
    # (St. 2024 c.238 §280). A 3-year extension (310 CMR 10.05(8)(a)) issued 2024-02-01
    # runs from the date in force: 2029-03-01. The 2024 act already moved the permit,
    # so it does not add two more years to the extension.
    order(db, "2021-5", received=date(2021, 1, 4), hearing=date(2021, 1, 20),
          closed=date(2021, 2, 3), issued=date(2021, 3, 1))
    extension = order(db, "2024-1", kind="extension", parent_file_no="2021-5",
                      received=date(2024, 1, 10), hearing=None, closed=None,
                      issued=date(2024, 2, 1))
    detail = filing_detail(db, extension, TODAY)
    expiry = next(line for line in detail.deadlines if line.deadline.id == "expires")
    assert expiry.date == date(2029, 3, 1)
    assert expiry.deadline.extended_by == ()
    assert stored(db, extension).expires == date(2029, 3, 1)


def late_noi(db: Database, **fields: object) -> int:
    # Received Tue 2026-11-24; 21 days -> Tue 2026-12-15 (310 CMR 10.05(5)(a)); the
    # hearing opened Fri 2026-12-18: three days late.
    return order(db, "2026-77", received=date(2026, 11, 24), hearing=date(2026, 12, 18),
                 closed=None, issued=None, **fields)


def test_a_late_hearing_is_flagged_on_the_record_and_on_today(db: Database) -> None:
    filing_id = late_noi(db)
    flag = ("Hearing opened 2026-12-18, 3 days after the 21-day clock (2026-12-15), "
            "no waiver recorded")
    detail = filing_detail(db, filing_id, TODAY)
    assert f"LATE: {flag}" in detail.life
    hearing = next(line for line in detail.deadlines if line.deadline.id == "hearing_by")
    assert (hearing.met, hearing.met_how) == (True, "done LATE")
    late = [item for item in load_lists(db, TODAY).today if item.late]
    assert [(item.file_no, item.what, item.due) for item in late] == [
        ("2026-77", flag, date(2026, 12, 18))]


def test_a_waiver_with_no_date_lifts_the_hearing_clock(db: Database) -> None:
    filing_id = late_noi(db)
    with db.session() as s:
        s.add(HearingWaiver(filing_id=filing_id, signed_on=date(2026, 12, 1),
                            signed_by="Jane Doe"))
    assert not [line for line in filing_detail(db, filing_id, TODAY).life
                if line.startswith("LATE")]


def test_a_late_decision_and_the_decision_waiver(db: Database) -> None:
    # Closed Fri 2026-12-18 + 21 days = Fri 2027-01-08 (310 CMR 10.05(6)(a)); decided
    # and issued Mon 2027-01-11: three days late.
    filing_id = order(db, "2026-80", received=date(2026, 11, 30), hearing=date(2026, 12, 18),
                      closed=date(2026, 12, 18), issued=date(2027, 1, 11))
    today = date(2027, 1, 12)
    assert ("LATE: Decision issued 2027-01-11, 3 days after the 21-day clock (2027-01-08), "
            "no waiver recorded") in filing_detail(db, filing_id, today).life
    # The applicant's written waiver of the decision period to 2027-01-15 (Garrity v.
    # Hingham, 2012) moves decision_by: the decision was in time.
    with db.session() as s:
        s.add(HearingWaiver(filing_id=filing_id, signed_on=date(2027, 1, 5),
                            signed_by="Jane Doe", hearing_no_later_than=date(2027, 1, 15),
                            period="decision"))
    detail = filing_detail(db, filing_id, today)
    assert not [line for line in detail.life if line.startswith("LATE")]
    decision = next(line for line in detail.deadlines if line.deadline.id == "decision_by")
    assert decision.date == date(2027, 1, 15)
    assert "waiver of the decision period signed 2027-01-05" in decision.deadline.label


def test_a_joint_filing_shows_the_state_clocks_beside_the_bylaws(db: Database) -> None:
    filing_id = order(db, "2026-90", dep_file_no="SE 082-1301", received=date(2026, 11, 5),
                      hearing=None, closed=None, issued=None)
    with db.session() as s:
        filing = s.scalars(select(Filing).where(Filing.id == filing_id)).one()
        filing.town, filing.laws = "upton", "both"
    lines = [(line.date, line.deadline.label.split(":")[0], line.deadline.id)
             for line in filing_detail(db, filing_id, TODAY).deadlines]
    # Both set the hearing at 21 days from Thu 2026-11-05: Thu 11-26 is Thanksgiving ->
    # Fri 2026-11-27 (Upton ch. 330; 310 CMR 10.05(5)(a), 10.05(1)); labelled by whose.
    hearing = [line for line in lines if line[2] == "hearing_by"]
    assert hearing == [(date(2026, 11, 27), "Upton", "hearing_by"),
                       (date(2026, 11, 27), "State", "hearing_by")]
    # Upton's notice counts 5 business days back, the state's 5 business days too.
    assert {who for _d, who, _i in lines} == {"Upton", "State"}
    assert lines == sorted(lines, key=lambda line: line[0])


def test_a_form_saved_again_keeps_the_mark(db: Database) -> None:
    filing_id = order(db)
    mark_not_covered(db, filing_id, "holder waived it")
    form = filing_detail(db, filing_id, TODAY).form
    save_filing(db, replace(form, notes="called the holder"))
    assert stored(db, filing_id).expires == date(2025, 6, 10)


def test_recording_a_decision_waiver(db: Database) -> None:
    import pytest

    from concom_desk.errors import UserError
    from concom_desk.services.filings.decision_waiver import record_decision_waiver

    # Closed Fri 2026-12-18; 21 days -> Fri 2027-01-08 (310 CMR 10.05(6)(a)).
    filing_id = order(db, "2026-81", received=date(2026, 11, 30), hearing=date(2026, 12, 18),
                      closed=date(2026, 12, 18), issued=None)
    with pytest.raises(UserError, match="defined end"):
        record_decision_waiver(db, filing_id, date(2026, 12, 21), "Jane Doe", None)
    with pytest.raises(UserError, match="reasonable in length"):
        record_decision_waiver(db, filing_id, date(2026, 12, 21), "Jane Doe",
                               date(2028, 1, 1))
    record_decision_waiver(db, filing_id, date(2026, 12, 21), "Jane Doe", date(2027, 2, 3))
    decision = next(line for line in filing_detail(db, filing_id, TODAY).deadlines
                    if line.deadline.id == "decision_by")
    assert decision.date == date(2027, 2, 3)
    assert decision.deadline.label.endswith(
        "(extended to 2027-02-03 by the applicant's written waiver of the decision period "
        "signed 2026-12-21 (Garrity v. Hingham, 2012))")


def test_the_waiver_form_prints_the_decision_waiver(db: Database) -> None:
    """The applicant's waiver of the decision period is a matter of public record
    (Garrity v. Hingham, 462 Mass. 779 (2012)): the waiver form says it, with its date."""
    from concom_desk.services.documents.register import save_filing_document
    from concom_desk.services.filings.decision_waiver import record_decision_waiver
    from tests.helpers.docx_reading import full_text

    filing_id = order(db, "2026-82", received=date(2026, 11, 30), hearing=date(2026, 12, 18),
                      closed=date(2026, 12, 18), issued=None)
    before = full_text(save_filing_document(db, "2026-82", "waiver-21-day", TODAY).path)
    assert "after the 21 days from the close" not in before  # none recorded: not printed
    record_decision_waiver(db, filing_id, date(2026, 12, 21), "Jane Doe", date(2027, 2, 3))
    text = full_text(save_filing_document(db, "2026-82", "waiver-21-day", TODAY).path)
    assert ("the Commission may issue its decision after the 21 days from the close of the "
            "public hearing, and no later than February 3, 2027 (signed by Jane Doe on "
            "December 21, 2026).") in text


def test_a_permit_marked_expired_that_the_acts_keep_in_force_says_so(db: Database) -> None:
    """Marked expired on its old term (2025-06-10), before the acts were applied: the
    record tells the clerk it is in force to 2027-06-10 (St. 2024 c.238 §280)."""
    filing_id = order(db)
    with db.session() as session:  # as a clerk marked it in 2025, with the old term
        session.get(Filing, filing_id).status = "expired"
    detail = filing_detail(db, filing_id, TODAY)
    assert ("IN FORCE: the permit extension acts keep this permit in force to 2027-06-10, "
            "but its status says expired; Correct status… puts it back to issued") in detail.life
    # Once the date in force has passed, an expired status is simply right.
    assert not any(line.startswith("IN FORCE")
                   for line in filing_detail(db, filing_id, date(2027, 6, 11)).life)


def test_the_record_names_the_regulations_in_force_by_the_received_day(db: Database) -> None:
    # Received 2022-04-25, Upton, under both laws: resources/regulations.toml.
    detail = filing_detail(db, order(db), TODAY)
    assert detail.regulations == (
        "310 CMR 10.00 as amended in 2014 (effective 2014-10-24); proposed, not in force: "
        "Wetlands Resilience amendments to 310 CMR 10.00")
