"""The retention report lists, never destroys: permanent classes and classes not yet
classified are never proposed; a class given a period lists the records past it."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from concom_desk.domain.retention import RETENTION_CLASSES, RetentionClass
from concom_desk.services.minutes.public_records_requests import answer_request, log_request
from concom_desk.services.reports.retention_report import retention_report
from concom_desk.store import Database


def _requests(db: Database) -> None:
    for received, answered in ((date(2019, 3, 1), date(2019, 3, 8)),
                               (date(2023, 5, 1), date(2023, 5, 3)),
                               (date(2026, 11, 2), None)):
        row = log_request(db, received, "Ann Lee", "minutes")
        if answered:
            answer_request(db, row.request_id, answered, "sent")


def test_nothing_permanent_or_unclassified_is_ever_proposed(db: Database) -> None:
    _requests(db)
    lines = {line.retention_class.key: line for line in retention_report(db, date(2026, 12, 1))}
    assert lines["records_requests"].held == 3
    assert all(line.could_be_proposed == 0 for line in lines.values())
    assert lines["minutes"].describe() == (
        "Minutes of meetings (draft and approved): 0 held; permanent (Records Management "
        "Bulletin 02-92 (Secretary of the Commonwealth): minutes of a public body are kept "
        "permanently)")
    assert lines["records_requests"].describe() == (
        "Public-records request log: 3 held; not yet classified")


def test_a_class_given_a_period_lists_what_is_past_it(db: Database) -> None:
    _requests(db)
    log = next(c for c in RETENTION_CLASSES if c.key == "records_requests")
    # Say the schedule kept the log 3 years after the answer: on Dec 1, 2026 the 2019
    # answer (period ended 2022-03-08) and the 2023 one (ended 2026-05-03) are past it;
    # the unanswered one never is.
    three_years = replace(log, retention="3 years", citation="test", years=3,
                          counted_from="answered")
    assert isinstance(three_years, RetentionClass)
    [line] = retention_report(db, date(2026, 12, 1), classes=[three_years])
    assert (line.held, line.could_be_proposed) == (3, 2)
    [line] = retention_report(db, date(2026, 5, 3), classes=[three_years])
    assert line.could_be_proposed == 1  # on the last day of its period it is still kept
    # Listing changes nothing: every request is still there.
    held = {line.retention_class.key: line.held for line in retention_report(db, date(2026, 12, 1))}
    assert held["records_requests"] == 3
