"""Status changes the law allows and refuses, each row with the reason a volunteer sees."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.status_rules import (
    ParentPermit,
    Status,
    StatusFacts,
    check_status_change,
    status_choices,
)

ON = date(2026, 11, 30)
ISSUED_PERMIT = ParentPermit("2024-07", "issued", date(2024, 3, 1), date(2027, 3, 1))
EXPIRED_PERMIT = ParentPermit("2020-03", "issued", date(2020, 5, 4), date(2023, 5, 4))
DENIED_PERMIT = ParentPermit("2025-11", "denied", None, None)


def facts(kind: str = "noi", status: str = "received", **dates: object) -> StatusFacts:
    return StatusFacts(kind=kind, status=status, **dates)  # type: ignore[arg-type]


RECEIVED = {"received": date(2026, 11, 2)}
HEARD = {**RECEIVED, "hearing": date(2026, 11, 18)}
CLOSED = {**HEARD, "closed": date(2026, 11, 18)}

REFUSED = [
    # (facts, new status, words the reason must contain)
    (facts("noi", "received", **RECEIVED), "issued", "hearing has not been closed"),
    (facts("noi", "hearing", **HEARD), "denied", "hearing has not been closed"),
    (facts("rda", "received", **RECEIVED), "issued", "hearing has not been closed"),
    (facts("noi", "received"), "hearing", "date the filing was received"),
    (facts("noi", "received", received=date(2026, 12, 3)), "hearing",
     "before the filing was received"),  # opened today, received later
    (facts("noi", "issued", **CLOSED, issued=date(2026, 11, 20)), "void", "voided with a reason"),
    (facts("noi", "received", received=date(2026, 11, 10), hearing=date(2026, 11, 9)),
     "hearing", "before the filing was received"),
    (facts("noi", "received", **RECEIVED), "closed", "not been opened"),
    (facts("amendment", "closed", **CLOSED, issued=date(2026, 11, 20),
           parent=EXPIRED_PERMIT), "issued", "expired on May 4, 2023"),
    (facts("amendment", "received", **HEARD, parent=EXPIRED_PERMIT), "hearing",
     "cannot be amended or extended"),
    (facts("extension", "received", **RECEIVED, issued=date(2026, 11, 20),
           parent=EXPIRED_PERMIT), "issued", "must file a new Notice of Intent"),
    (facts("coc", "received", **RECEIVED, issued=date(2026, 11, 20), parent=DENIED_PERMIT),
     "issued", "never issued"),
    (facts("coc", "received", **RECEIVED, issued=date(2026, 11, 20)), "issued",
     "Name the permit"),
    (facts("noi", "closed", **CLOSED), "completed", "never issued"),
    (facts("noi", "issued", **CLOSED, issued=date(2026, 11, 20), expires=date(2029, 11, 20)),
     "expired", "does not expire until November 20, 2029"),
    (facts("noi", "issued", **CLOSED, issued=date(2026, 11, 20)), "withdrawn",
     "cannot be withdrawn"),
    (facts("noi", "denied", **CLOSED), "issued", "that is final"),
    (facts("noi", "closed", **CLOSED, issued=date(2026, 11, 17)), "issued",
     "before the hearing closed"),
    (facts("coc", "received", **RECEIVED), "hearing", "without a public hearing"),
    (facts("noi", "issued", **CLOSED, issued=date(2026, 11, 20)), "received",
     "cannot become received"),
]


@pytest.mark.parametrize(("given", "new_status", "reason"), REFUSED)
def test_refused_with_reason(given: StatusFacts, new_status: str, reason: str) -> None:
    refusal = check_status_change(given, new_status, ON)
    assert refusal is not None
    assert reason in refusal


ALLOWED = [
    (facts("noi", "received", **HEARD), "hearing"),
    (facts("noi", "received", **RECEIVED), "hearing"),  # opened today: today is the date
    (facts("noi", "hearing", **CLOSED), "closed"),
    (facts("noi", "closed", **CLOSED, issued=date(2026, 11, 20)), "issued"),
    (facts("noi", "closed", **CLOSED), "issued"),  # issued today, after the close
    (facts("noi", "closed", **CLOSED), "denied"),
    (facts("noi", "closed", **CLOSED), "hearing"),  # reopened
    (facts("amendment", "closed", **CLOSED, issued=date(2026, 11, 20),
           parent=ISSUED_PERMIT), "issued"),
    (facts("extension", "received", **RECEIVED, issued=date(2026, 11, 20),
           parent=ISSUED_PERMIT), "issued"),
    (facts("coc", "received", **RECEIVED, issued=date(2026, 11, 20), parent=EXPIRED_PERMIT),
     "issued"),  # compliance may be certified after the permit lapsed
    (facts("emergency", "received", **RECEIVED, issued=date(2026, 11, 3)), "issued"),
    (facts("noi", "issued", **CLOSED, issued=date(2023, 11, 20), expires=date(2026, 11, 20)),
     "expired"),
    (facts("noi", "issued", **CLOSED, issued=date(2026, 11, 20)), "completed"),
    (facts("noi", "hearing", **HEARD), "withdrawn"),
]


@pytest.mark.parametrize(("given", "new_status"), ALLOWED)
def test_allowed(given: StatusFacts, new_status: str) -> None:
    assert check_status_change(given, new_status, ON) is None


def test_choices_list_every_other_status_with_its_reason() -> None:
    choices = dict(status_choices(facts("noi", "hearing", **HEARD), ON))
    assert Status.HEARING_OPEN not in choices
    assert Status.VOID not in choices
    assert choices[Status.WITHDRAWN] is None
    assert "hearing has not been closed" in (choices[Status.ISSUED] or "")


def test_an_expired_permit_is_named_as_expired_not_as_never_issued() -> None:
    lapsed = ParentPermit("2019-4", "expired", date(2019, 6, 3), date(2022, 6, 3))
    refusal = check_status_change(
        facts("extension", "received", **RECEIVED, parent=lapsed), "issued", ON)
    # An extension request received after the expiry says so (the date it came).
    assert refusal == ("Permit 2019-4 expired on June 3, 2022; an expired permit cannot be "
                       "extended, and this request was received on November 2, 2026, after "
                       "it expired (the expiry in force, with the permit extension acts). "
                       "The applicant must file a new Notice of Intent.")
