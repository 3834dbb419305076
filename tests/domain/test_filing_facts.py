"""A filing as its clocks see it: the events its kind has, from its own dates (an
extension's expiry from the permit it extends), and its flags."""

from __future__ import annotations

from datetime import date

from concom_desk.domain.filing_facts import DATE_FIELDS, FilingFacts
from concom_desk.domain.filing_kinds import KINDS

RECEIVED = date(2026, 3, 2)  # none of these is compared with the program's day
ISSUED = date(2026, 5, 14)
EXPIRES = date(2029, 5, 14)


def noi(**given: object) -> FilingFacts:
    return FilingFacts(**{"id": 1, "file_no": "2026-1", "kind": "noi", "town": "upton",
                          "laws": "both", "status": "received", **given})  # type: ignore[arg-type]


def test_only_the_kind_s_events_and_only_dates_known() -> None:
    every_date = noi(**dict.fromkeys(DATE_FIELDS, RECEIVED))
    assert set(every_date.event_dates()) == set(KINDS["noi"].events) & set(DATE_FIELDS)
    assert set(every_date.event_dates()) != set(DATE_FIELDS)  # some dates are no event
    assert noi(received=RECEIVED, issued=ISSUED).event_dates() == {"received": RECEIVED,
                                                                   "issued": ISSUED}


def test_an_extension_counts_from_the_expiry_of_the_permit_it_extends() -> None:
    permit = noi(status="issued", issued=ISSUED, expires=EXPIRES)
    extension = FilingFacts(id=2, file_no="2029-7", kind="extension", town="upton",
                            laws="both", status="received", received=date(2029, 4, 1),
                            original=permit)
    assert extension.event_dates()["expiry"] == EXPIRES
    assert "expiry" not in FilingFacts(id=3, file_no="2029-8", kind="extension",
                                       town="upton", laws="both",
                                       status="received").event_dates()


def test_flags_say_maintenance_under_the_act_and_denied() -> None:
    assert noi(laws="bylaw").flags() == frozenset()
    assert noi(laws="both", maintenance=True).flags() == {"maintenance", "joint"}
    assert noi(laws="act", status="denied").flags() == {"joint", "denied"}
