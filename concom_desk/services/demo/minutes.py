"""The demo town's minuted meeting: the second-to-last meeting held before today
has two hearings of its own — a Notice of Intent opened and continued, at the
applicant's request, to the next meeting, and a Request for Determination closed
and decided on a roll-call vote — one member taking part remotely, and the
minutes drafted, waiting for the next meeting (the last one held) to approve them.

Drawn from a generator of its own, so the rest of the town is as it was."""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta

from concom_desk.services.demo.calendar import add_years
from concom_desk.services.demo.records import RecordWriter
from concom_desk.services.demo.rows import RowBook
from concom_desk.store.models import (
    Attendance,
    Continuance,
    Decision,
    Filing,
    Hearing,
    MemberVote,
    Property,
    Vote,
)
from concom_desk.store.models.minutes import Minutes, MinutesItem


def _filing(writer: RecordWriter, kind: str, received: date, **values: object) -> int:
    place = writer.new_property()
    applicant = writer.new_party(writer.book.get(Property, place)["address"])
    return writer.book.add(Filing, file_no=writer.file_no(received), kind=kind,
                           town=writer.town_id, received=received, complete=received,
                           boards_notified=received, applicant_id=applicant,
                           owner_id=applicant, property_id=place, fee_paid_on=received,
                           **values)


def add_minuted_meeting(book: RowBook, writer: RecordWriter, held: list[date],
                        present: dict[date, list[int]]) -> date | None:
    """Write the meeting; returns its day (None when the town has held too few)."""
    if len(held) < 2 or len(present.get(held[-2], ())) < 3:
        return None
    rng = random.Random("demo-minutes")
    day, next_day = held[-2], held[-1]
    meeting, next_meeting = writer.meeting_ids[day], writer.meeting_ids[next_day]
    sitting = present[day]
    remote = sitting[-1]
    for row in book.rows(Attendance):
        if row["meeting_id"] == meeting and row["member_id"] == remote:
            row["remote"] = True
    writer.dep_no += 1
    noi = _filing(writer, "noi", day - timedelta(days=25), status="hearing", hearing=day,
                  dep_file_no=f"{writer.place.dep_prefix}-{writer.dep_no:04d}", fee_cents=50000,
                  work_description="Addition and deck, with a rain garden",
                  resource_areas="Bordering Vegetated Wetland; Buffer Zone")
    # A determination is good for three years from its issue (310 CMR 10.05(3)(b)): a
    # recent one, so no permit extension act reaches it.
    rda = _filing(writer, "rda", day - timedelta(days=20), status="issued", hearing=day,
                  closed=day, decided=day, issued=day + timedelta(days=1),
                  expires=add_years(day + timedelta(days=1), 3), fee_cents=7500,
                  work_description="Replacement of a septic system",
                  resource_areas="Buffer Zone")
    advertised = day - timedelta(days=rng.randint(8, 11))
    noi_hearing = book.add(Hearing, filing_id=noi, meeting_id=meeting, status="continued",
                           legal_ad_newspaper="The Telegram & Gazette",
                           legal_ad_published_on=advertised, opened_on=day)
    rda_hearing = book.add(Hearing, filing_id=rda, meeting_id=meeting, status="closed",
                           legal_ad_newspaper="The Telegram & Gazette",
                           legal_ad_published_on=advertised, opened_on=day, closed_on=day)
    book.add(Continuance, hearing_id=noi_hearing, from_meeting_id=meeting,
             to_meeting_id=next_meeting, continued_to=next_day, requested_by="applicant",
             reason="revised plan showing the rain garden", applicant_consent=True,
             consent_received_on=day)
    vote = book.add(Vote, meeting_id=meeting, filing_id=rda,
                    motion="To close the hearing and issue a Negative Determination",
                    moved_by_id=sitting[0], seconded_by_id=sitting[1], result="carried")
    for position, member in enumerate(sitting):
        book.add(MemberVote, vote_id=vote, member_id=member,
                 choice="abstain" if position == len(sitting) - 2 else "yes")
    book.add(Decision, filing_id=rda, kind="negative_determination", vote_id=vote,
             decided_on=day, issued_on=day + timedelta(days=1),
             signed_by="\n".join(writer.member_names[m] for m in sitting[:3]),
             # Form 2's negative box 3: work in the Buffer Zone that will not alter an area.
             findings="Box 3: The leach field is outside the 100-foot buffer zone; only its "
                      "access crosses it, and will not alter the wetland.")
    minutes = book.add(Minutes, meeting_id=meeting, version=1, state="draft",
                       called_to_order="19:00", adjourned_at="21:05",
                       created_at=datetime.combine(day + timedelta(days=1), datetime.min.time())
                       + timedelta(hours=10))
    book.add(MinutesItem, minutes_id=minutes, item_key=f"hearing:{noi_hearing}",
             summary="The applicant's engineer presented the plan. Members asked for a rain "
                     "garden between the deck and the wetland; the applicant agreed to "
                     "revise the plan and asked to continue.",
             exhibits="Site plan, sheet 1 of 2\nWetland delineation report")
    book.add(MinutesItem, minutes_id=minutes, item_key=f"hearing:{rda_hearing}",
             summary="The agent reported the site visit: the leach field is outside the "
                     "100-foot buffer except its access. No abutter spoke.",
             exhibits="Septic design plan\nAgent's site-visit photographs")
    return day
