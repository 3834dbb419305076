"""The demo town: every kind and every status, dates that agree with the status,
linked records, and refusal to write over a database that holds records."""

from __future__ import annotations

from collections import Counter
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import func, select

from concom_desk.errors import UserError
from concom_desk.services.demo.town import load_demo
from concom_desk.services.filings.deadlines import filing_deadlines
from concom_desk.store import open_database, verify_audit_chain
from concom_desk.store.models import (
    FILING_KINDS,
    FILING_STATUSES,
    Abutter,
    AbutterNotice,
    AuditEntry,
    Continuance,
    Decision,
    EnforcementCase,
    EnforcementOrder,
    Filing,
    GeneratedDocument,
    Hearing,
    MemberVote,
    Party,
)

TODAY = date(2026, 11, 29)


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite"
    load_demo(path, "small", today=TODAY)
    return path


def test_every_kind_and_every_status_is_there(demo_db: Path) -> None:
    with open_database(demo_db) as db, db.read_session() as s:
        filings = s.scalars(select(Filing)).all()
    assert {f.kind for f in filings} == set(FILING_KINDS)
    assert {f.status for f in filings} == set(FILING_STATUSES)
    years = Counter(f.received.year for f in filings if f.received)
    assert len(years) >= 5  # across the years, not all in one


def test_dates_agree_with_the_status(demo_db: Path) -> None:
    with open_database(demo_db) as db, db.read_session() as s:
        for f in s.scalars(select(Filing)):
            if f.status == "received":
                assert f.hearing is None and f.issued is None, f.file_no
            if f.status == "hearing":
                assert f.hearing is not None and f.closed is None, f.file_no
            if f.status == "closed":
                assert f.closed is not None and f.issued is None, f.file_no
            if f.status in ("issued", "denied", "completed", "expired"):
                assert f.issued is not None and f.issued <= TODAY, f.file_no
            if f.status == "expired":
                assert f.expires is not None and f.expires < TODAY, f.file_no
            if f.status == "void":
                assert f.void_reason, f.file_no
            if f.kind in ("amendment", "extension", "coc"):
                assert f.original is not None and f.original.kind in ("noi", "amendment")
            if f.status == "completed" and f.kind == "noi":
                assert any(c.kind == "coc" and c.status == "issued" for c in f.follow_ups)


def test_no_legal_ad_is_recorded_as_published_after_today(demo_db: Path) -> None:
    # A future "published" date marked the filing's legal-notice deadline done before the
    # paper had run it (2026-484 in the large demo: "done" against December 9).
    with open_database(demo_db) as db, db.read_session() as s:
        published = s.scalars(select(Hearing.legal_ad_published_on)
                              .where(Hearing.legal_ad_published_on.is_not(None))).all()
    assert published and max(published) <= TODAY


def test_abutters_look_as_the_programs_own_import_leaves_them(demo_db: Path) -> None:
    # The demo stored names in the assessor's capitals ("YOUNG, ZOE & ZOE") and article
    # numbers the tracking tab would refuse (bad check digit, grouped 4-4-4-10).
    from concom_desk.domain.abutters.tidy import tidy_name
    from concom_desk.domain.abutters.tracking import normalize_article_number

    with open_database(demo_db) as db, db.read_session() as s:
        names = s.scalars(select(Abutter.owner_name)).all()
        numbers = s.scalars(select(AbutterNotice.certified_article_no)
                            .where(AbutterNotice.certified_article_no.is_not(None))).all()
    assert names and all(tidy_name(name) == name for name in names)
    couples = [name.split(", ", 1)[1].split(" & ") for name in names]
    assert all(first != other for first, other in couples)
    assert numbers and all(normalize_article_number(n) == n for n in numbers)


def test_every_filing_s_dates_can_be_counted_by_the_engine(demo_db: Path) -> None:
    with open_database(demo_db) as db, db.read_session() as s:
        for f in s.scalars(select(Filing)):
            filing_deadlines(f)  # raises UserError on dates out of order


def test_the_linked_records_are_written(demo_db: Path) -> None:
    with open_database(demo_db) as db, db.read_session() as s:
        def count(model: type) -> int:
            return s.scalar(select(func.count()).select_from(model)) or 0
        for model in (Party, Hearing, Continuance, MemberVote, Decision, Abutter,
                      AbutterNotice, GeneratedDocument, EnforcementCase, EnforcementOrder):
            assert count(model) > 0, model.__name__
        assert count(AbutterNotice) == count(Abutter)
        assert s.scalar(select(func.count()).select_from(EnforcementOrder)
                        .where(EnforcementOrder.emergency)) > 0
        with db.engine.connect() as c:
            report = verify_audit_chain(c)
        assert report.ok and report.entries == count(AuditEntry)
        assert s.scalars(select(AuditEntry.initials).distinct()).all() == ["DEMO"]


def test_a_database_with_records_is_not_written_over(demo_db: Path) -> None:
    before = demo_db.stat().st_mtime_ns, demo_db.stat().st_size
    with pytest.raises(UserError, match="already holds records"):
        load_demo(demo_db, "small", today=TODAY)
    assert (demo_db.stat().st_mtime_ns, demo_db.stat().st_size) == before


def test_an_empty_database_takes_the_demo(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite"
    open_database(path).close()
    summary = load_demo(path, "small", today=TODAY)
    assert summary.counts["filing"] > 50


def test_an_unknown_size_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="sizes are: small, large"):
        load_demo(tmp_path / "x.sqlite", "huge")
    assert not (tmp_path / "x.sqlite").exists()


def test_the_demo_goes_into_a_database_the_window_has_open(tmp_path: Path) -> None:
    with open_database(tmp_path / "window.sqlite", initials="JB") as db:
        summary = load_demo(db, "small", today=TODAY)
        assert db.initials == "JB"  # the clerk's initials are back after the demo
        with db.read_session() as s:
            assert s.scalar(select(func.count()).select_from(Filing)) == summary.counts["filing"]


def test_the_whole_record_is_filled_for_some_filings(demo_db: Path) -> None:
    """The filing form's newer fields have something to show in the demo town."""
    with open_database(demo_db) as db, db.read_session() as s:
        filings = s.scalars(select(Filing).where(Filing.status != "void")).all()
        engineers = [f.representative for f in filings if f.representative is not None]
        assert engineers and all(p.name.endswith(", P.E.") and p.company for p in engineers)
        assert any(f.boards_notified for f in filings)
        assert any(f.fee_paid_on for f in filings) and any(f.fee_waived for f in filings)
        consulted = [f for f in filings if f.consultant_fee_cents]
        assert consulted and all(f.consultant for f in consulted)
        assert any(f.bond_cents and f.bond_posted_on for f in filings)
        assert any(f.recorded and f.recorded_book and f.recorded_page for f in filings)
        assert any(f.notes for f in filings)
        # Recorded on registered land: a Land Court document, no book and page.
        for f in filings:
            if f.recorded_document:
                assert f.recorded and not (f.recorded_book or f.recorded_page), f.file_no


def test_every_complaint_names_who_made_it(demo_db: Path) -> None:
    """The case form says "Complaint from …"; a case edited later must not be stopped
    by a complainant the demo left out."""
    with open_database(demo_db) as db, db.read_session() as s:
        cases = s.scalars(select(EnforcementCase)).all()
        sources = Counter(c.source for c in cases)
        assert sources["complaint"] and sources["observation"]
        assert all(c.complainant for c in cases if c.source == "complaint")
