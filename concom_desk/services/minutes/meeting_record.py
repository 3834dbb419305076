"""A meeting's record in one folder (or one zip), for a public-records request or
the town's files: the notice with the time it was posted (MGL c.30A §20), the
agenda, the minutes — every version, each marked draft or approved (c.30A §22(c):
drafts are public records too) — the votes name by name, and the documents the
program made for the meeting, with an index saying what is there.

Nothing in the register changes: the documents are copied as they are (checked
against their sha256), and the minutes and any missing agenda are rendered into
the export only.
"""

from __future__ import annotations

import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from sqlalchemy import select

from concom_desk.domain.open_meeting_law import posting_deadline
from concom_desk.domain.plain_dates import long_date, weekday_date_time
from concom_desk.domain.public_csv import PublicCsvWriter
from concom_desk.domain.safe_filename import clean_stem
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import documents_dir
from concom_desk.services.calendar.clocks import get_or_refuse, meeting_start
from concom_desk.services.calendar.loading import load_calendar
from concom_desk.services.calendar.meeting_documents import (
    agenda_context,
    meeting_common_context,
)
from concom_desk.services.documents.register import sha256_of
from concom_desk.services.documents.rendering import render_template
from concom_desk.services.minutes.agenda_item import filled_other_business
from concom_desk.services.minutes.document import MINUTES_TEMPLATE, minutes_context, minutes_title
from concom_desk.services.minutes.executive import write_released
from concom_desk.services.minutes.record import meeting_votes
from concom_desk.services.minutes.sets import every_version
from concom_desk.store import Database
from concom_desk.store.anchor import head_in
from concom_desk.store.models import Filing, GeneratedDocument, Meeting

NOTICE_TEMPLATES = ("agenda", "legal-notice")


@dataclass(frozen=True)
class MeetingRecord:
    path: Path  # the folder or the .zip written
    files: tuple[str, ...]  # what is in it, by name
    notes: tuple[str, ...]  # what the index says is missing or re-made

    def describe(self) -> str:
        extra = "".join(f"\n  note: {note}" for note in self.notes)
        return f"Wrote the meeting record ({len(self.files)} files) to {self.path}{extra}"


def find_meeting(db: Database, day: date) -> int:
    """The meeting held on `day` (the one not cancelled, when there are two)."""
    with db.read_session() as session:
        rows = session.scalars(select(Meeting).where(Meeting.held_on == day)
                               .order_by(Meeting.cancelled, Meeting.id)).all()
    if not rows:
        raise UserError(f"there is no meeting on {long_date(day)}")
    return rows[0].id


def _copy_documents(db: Database, meeting_id: int, folder: Path, notes: list[str]
                    ) -> list[str]:
    root = documents_dir(db.path)
    with db.read_session() as session:
        rows = session.scalars(select(GeneratedDocument).where(
            GeneratedDocument.meeting_id == meeting_id).order_by(GeneratedDocument.id)).all()
        found = [(row.title, row.template, row.path, row.sha256) for row in rows]
    names = []
    for title, template, relative, digest in found:
        source = root / relative
        if template.removesuffix(".docx") == MINUTES_TEMPLATE:
            continue  # the minutes are rendered fresh below, every version
        if not source.is_file():
            notes.append(f"{title}: the file {relative} is missing from the documents folder")
            continue
        sub = "" if template.removesuffix(".docx") in NOTICE_TEMPLATES else "Documents/"
        name = f"{sub}{clean_stem(title)}{source.suffix}"
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, folder / name)
        if sha256_of(folder / name) != digest:
            notes.append(f"{title}: changed since it was made (its sha256 differs from the "
                         "register's)")
        names.append(name)
    return names


def _agenda_if_missing(db: Database, meeting_id: int, day: date, today: date, folder: Path,
                       names: list[str], notes: list[str]) -> None:
    if any(name.startswith("Agenda") for name in names):
        return
    meeting = load_calendar(db).meeting(meeting_id)
    if meeting is None:
        return
    with db.read_session() as session:
        common = meeting_common_context(session, day, today)
    try:
        context = agenda_context(meeting, common,
                                 filled_other_business(db, day, ("Approval of minutes",)))
    except UserError as exc:
        notes.append(f"no agenda: {exc}")
        return
    name = f"Agenda (re-made {today.isoformat()} from the record).docx"
    render_template("agenda", context, folder / name)
    names.append(name)
    notes.append("no agenda was made in the program for this meeting: one was re-made from "
                 "the record")


def _write_votes(db: Database, meeting_id: int, folder: Path) -> str:
    name = "Votes.csv"
    with db.read_session() as session:
        votes = meeting_votes(session, meeting_id)
        files = {f.id: f.file_no for f in session.scalars(select(Filing).where(
            Filing.id.in_([k for k in votes if k])))} if votes else {}
    with (folder / name).open("w", newline="", encoding="utf-8-sig") as handle:
        writer = PublicCsvWriter(handle)
        writer.writerow(["filing", "motion", "moved by", "seconded by", "result", "yes", "no",
                         "abstained", "recused"])
        for filing_id, lines in sorted(votes.items()):
            for _vote, line in lines:
                writer.writerow([files.get(filing_id, ""), line.motion, line.moved_by,
                                 line.seconded_by, line.result, "; ".join(line.yes),
                                 "; ".join(line.no), "; ".join(line.abstain),
                                 "; ".join(line.recused)])
    return name


def _index(db: Database, meeting_id: int, names: list[str], notes: list[str],
           states: list[str], today: date) -> str:
    with db.read_session() as session:
        meeting = get_or_refuse(session, Meeting, meeting_id, "meeting")
        at = meeting_start(meeting)
        posted = meeting.agenda_posted_at
        place, cancelled = meeting.place, meeting.cancelled
    lines = [f"Meeting record: {weekday_date_time(at)}, {place}".rstrip(", "),
             f"Prepared {long_date(today)}.", ""]
    if cancelled:
        lines.append("The meeting was cancelled.")
    if posted:
        when = weekday_date_time(datetime.fromisoformat(posted))
        lines.append(f"Notice and agenda posted: {when}"
                     f" (due by {weekday_date_time(posting_deadline(at))}; MGL c.30A §20(b)).")
    else:
        lines.append("The time the notice was posted is not recorded in the program.")
    lines += [f"Minutes: {state}" for state in states]
    lines += ["", "Files:"] + [f"  {name}" for name in names]
    if notes:
        lines += ["", "Notes:"] + [f"  {note}" for note in notes]
    return "\n".join(lines) + "\n"


def export_meeting_record(db: Database, meeting_id: int, out: Path, today: date
                          ) -> MeetingRecord:
    """Write the record into the folder `out` (made if needed; its contents are never
    replaced) or, when `out` ends in .zip, into that zip file."""
    out = Path(out)
    as_zip = out.suffix.lower() == ".zip"
    if as_zip and out.exists():
        raise UserError(f"{out} already exists: choose another name")
    versions = every_version(db, meeting_id)
    day = versions[0].day
    stem = clean_stem(f"Meeting record {day.isoformat()}")
    target = out if as_zip else out / stem
    if not as_zip and target.exists():
        raise UserError(f"{target} already exists: choose another folder")
    work_parent = out.parent if as_zip else out
    try:
        work_parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".meeting-record-", dir=work_parent))
    except OSError as exc:
        raise OperationFailed(f"could not write in {work_parent}: {exc.strerror or exc}"
                              ) from None
    try:
        notes: list[str] = []
        names = _copy_documents(db, meeting_id, staging, notes)
        _agenda_if_missing(db, meeting_id, day, today, staging, names, notes)
        with db.read_session() as session:
            common = meeting_common_context(session, day, today)
            trail = head_in(session).printed()  # printed on the approved sets
        states = []
        for sheet in versions:
            name = f"{clean_stem(minutes_title(sheet))}.docx"
            render_template(MINUTES_TEMPLATE, minutes_context(sheet, common, trail),
                            staging / name)
            names.append(name)
            approved = (f"approved {long_date(sheet.approved_on)}" if sheet.approved
                        else "DRAFT, not yet approved")
            states.append(f"version {sheet.version}, {approved} ({name})")
        if versions[0].minutes_id == 0:
            notes.append("no minutes were drafted in the program: the draft is made from the "
                         "record alone")
        names.append(_write_votes(db, meeting_id, staging))
        # Executive-session minutes: only once a later meeting has released them.
        released, withheld = write_released(db, meeting_id, staging)
        names.extend(released)
        notes.extend(withheld)
        names.sort()
        (staging / "Index.txt").write_text(_index(db, meeting_id, names, notes, states, today),
                                           encoding="utf-8")
        names.insert(0, "Index.txt")
        if as_zip:
            partial = out.with_name(f".{out.name}.partial")
            try:
                with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
                    for name in names:
                        archive.write(staging / name, f"{stem}/{name}")
                partial.replace(out)
            finally:
                partial.unlink(missing_ok=True)
        else:
            staging.replace(target)
    except OSError as exc:
        raise OperationFailed(f"could not write the meeting record: {exc.strerror or exc}"
                              ) from None
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return MeetingRecord(target, tuple(names), tuple(notes))
