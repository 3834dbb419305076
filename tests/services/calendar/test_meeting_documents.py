"""The legal notice and the agenda, rendered and read back with python-docx."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from concom_desk.errors import UserError
from concom_desk.services.calendar.meeting_documents import (
    agenda_context,
    legal_notice_context,
    render_document,
)
from tests.helpers.calendar_samples import ELM, MARCH_3, MARCH_17, SNAPSHOT
from tests.helpers.form_fixtures import AGENDA_LINES, LEGAL_NOTICE_LINES, paragraphs, write_form

COMMON = {
    "commission": {"name": "Upton Conservation Commission"},
    "town": {"id": "upton", "name": "Upton"},
    "today": "February 1, 2027",
}


def test_legal_notice_batches_advertised_hearings(tmp_path: Path) -> None:
    form = write_form(tmp_path, "legal-notice", LEGAL_NOTICE_LINES)
    out = render_document(form, legal_notice_context(MARCH_3, COMMON), tmp_path / "ad.docx")
    assert paragraphs(out) == [
        "Upton Conservation Commission",
        "LEGAL NOTICE",
        # the earlier of Feb 24 (UCC 2027-003) and Feb 23 (UCC 2027-005)
        "Publish by February 23, 2027",
        "Wednesday, March 3, 2027 at 7:00 PM, Upton Town Hall, Room 1",
        "UCC 2027-003 Notice of Intent: Jane Doe, 12 Pond Street (Map-Lot 14-27)",
        # the continued Elm Street hearing was announced at the hearing: not advertised
        "UCC 2027-005 Notice of Intent: Mill Pond LLC, 88 Mill Pond Road (Map-Lot 9-112)",
    ]


def test_readvertised_continuance_is_in_the_notice() -> None:
    from datetime import date

    elm = replace(ELM, advertise=True, legal_notice_by=date(2027, 2, 22))
    meeting = replace(MARCH_3, hearings=(elm,))
    context = legal_notice_context(meeting, COMMON)
    assert context["publish_by"] == "February 22, 2027"
    assert context["hearings"][0]["continued_from"] == "February 17, 2027"


def test_agenda_with_posting_deadline_and_ratification(tmp_path: Path) -> None:
    form = write_form(tmp_path, "agenda", AGENDA_LINES)
    context = agenda_context(MARCH_3, COMMON, ["Approval of minutes of February 17", " "],
                             SNAPSHOT.ratifications)
    out = render_document(form, context, tmp_path / "agenda.docx")
    assert paragraphs(out) == [
        "Upton Conservation Commission — regular meeting agenda",
        "Wednesday, March 3, 2027 at 7:00 PM, Upton Town Hall, Room 1",
        "Post by Monday, March 1, 2027 7:00 PM",
        "1. UCC 2027-003 Jane Doe, 12 Pond Street (new)",
        "2. UCC 2027-001 Robert Smith, 3 Elm Street (continued from February 17, 2027)",
        "3. UCC 2027-005 Mill Pond LLC, 88 Mill Pond Road (new)",
        "4. Approval of minutes of February 17",
        "5. Ratify emergency order ENF 2027-002 of February 26, 2027 signed by Margaret Hale, "
        "88 Mill Pond Road",
    ]


def test_cancelled_meeting_has_no_notice_or_agenda() -> None:
    with pytest.raises(UserError, match="cancelled"):
        legal_notice_context(MARCH_17, COMMON)
    with pytest.raises(UserError, match="cancelled"):
        agenda_context(MARCH_17, COMMON)


def test_meeting_with_nothing_to_advertise() -> None:
    meeting = replace(MARCH_3, hearings=(ELM,))
    with pytest.raises(UserError, match="needs a legal notice"):
        legal_notice_context(meeting, COMMON)


def test_misspelt_field_is_named(tmp_path: Path) -> None:
    form = write_form(tmp_path, "legal-notice", ["{{ meeting.plaec }}"])
    with pytest.raises(UserError, match="plaec"):
        render_document(form, legal_notice_context(MARCH_3, COMMON), tmp_path / "x.docx")
    assert not (tmp_path / "x.docx").exists()
