"""An executive session through the real window, in Nantucket, from the first run: at
a meeting the commission votes by roll call to enter executive session for a §21(a)
purpose (MGL c.30A §21(b)); the clerk types its minutes apart; a records-request
export (File → Export for a records request…) and the meeting's record (Minutes… →
Meeting record…) withhold them (§22(f)) until a later meeting votes their release,
and then hold them; the open minutes of the first meeting print the vote to enter,
its purpose and each member's vote (§21(b)(3)); and a session whose minutes are
still withheld a year on is on Today's list for review (§22(g)(1)). Every day is the
program's (CONCOM_DESK_TODAY), moved from the meetings the window added, never the
machine's clock."""

from __future__ import annotations

import csv
import html
import zipfile
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog, QInputDialog, QLineEdit, QMessageBox

from concom_desk.clock import TODAY_SETTING
from concom_desk.domain.plain_dates import long_date
from concom_desk.ui import document_actions
from concom_desk.ui.calendar.executive_minutes_dialog import ExecutiveMinutesDialog
from concom_desk.ui.calendar.minutes_view import MinutesDialog
from concom_desk.ui.calendar.vote_dialog import VoteDialog
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import full_text
from tests.journeys.conftest import Steps, Wait, menu_action, no_window_missed, when_shown
from tests.journeys.first_run import add_regular_meetings, through_the_wizard

pytestmark = pytest.mark.slow  # a first run, three votes, three exports, two records

STATEMENT = "the purchase of the Madaket Road parcel, Map 60 Lot 12"
# What the clerk types in the session's minutes: words said nowhere else, so that any
# one of them found in an export is the minutes leaking.
SECRET = "Offer 412,000 dollars; seller Quidnet Holdings may accept 398,000."
SECRET_WORDS = ("412,000", "Quidnet", "398,000")
SECOND = "Counsel advised on the Polpis Road appeal; settle below 50,000."
WITHHELD = "(withheld: executive-session minutes not yet released, MGL c.30A §22(f))"


def a_year_after(day: date) -> date:
    """MGL c.30A §22(g)(1) asks a periodic review; the program reviews yearly (a
    February 29 session falls due on February 28)."""
    try:
        return day.replace(year=day.year + 1)
    except ValueError:
        return day.replace(year=day.year + 1, day=28)


def export_for_records_request(window: Any, fmt: str, folder: Path) -> Steps:
    """File → Export for a records request…: the format, the folder, OK on the message."""
    told: list[str] = []

    def pick_format(dialog: QInputDialog) -> None:
        dialog.setTextValue("Excel workbook (.xlsx)" if fmt == "xlsx"
                            else "CSV files, one per table")
        dialog.accept()

    def pick_folder(dialog: QFileDialog) -> None:
        dialog.findChild(QLineEdit, "fileNameEdit").setText(str(folder))
        dialog.accept()

    def press_ok(box: QMessageBox) -> None:
        told.append(box.text())
        box.button(QMessageBox.StandardButton.Ok).click()

    folder.mkdir()
    when_shown(QInputDialog, pick_format, "the export's Format question")
    when_shown(QFileDialog, pick_folder, "Export into which folder?")
    when_shown(QMessageBox, press_ok, "Exported")
    menu_action(window, "&Export for a records request…").trigger()
    yield Wait(f"the {fmt} export written", lambda: no_window_missed() and told)
    assert told[0].endswith(f" saved in {folder}."), told


def exported_text(folder: Path) -> str:
    """Every cell of every file the export wrote: each CSV read as a table, the
    workbook unzipped (its shared strings and sheets, as Excel stores them)."""
    found = []
    for path in sorted(folder.iterdir()):
        if path.suffix == ".csv":
            with path.open(encoding="utf-8-sig", newline="") as table:
                found += ["\t".join(row) for row in csv.reader(table)]
        elif path.suffix == ".xlsx":
            with zipfile.ZipFile(path) as book:
                # Excel's XML writes "§" as "&#167;": read as the cells' text.
                found += [html.unescape(book.read(name).decode("utf-8"))
                          for name in book.namelist() if name.endswith(".xml")]
    assert found, f"nothing exported in {folder}"
    return "\n".join(found)


def open_minutes_of(calendar: Any, day: date) -> Steps:
    """The meeting of `day` chosen on the calendar, Minutes…: its open minutes."""
    calendar.go_to_day(day)
    calendar.buttons["minutes"].click()
    minutes: MinutesDialog = yield Wait(f"the open minutes of {day}", lambda: isinstance(
        calendar.active_dialog, MinutesDialog) and calendar.active_dialog.isVisible()
        and calendar.active_dialog)
    return minutes


def meeting_record(minutes: MinutesDialog, folder: Path) -> Steps:
    """Minutes… → Meeting record…, into `folder`: every file of it as text (each Word
    document read back), by name."""
    def pick_folder(dialog: QFileDialog) -> None:
        dialog.findChild(QLineEdit, "fileNameEdit").setText(str(folder))
        dialog.accept()

    folder.mkdir()
    when_shown(QFileDialog, pick_folder, "Export the meeting record into")
    minutes.buttons["record"].click()
    yield Wait("the meeting record written", lambda: no_window_missed()
               and any(folder.iterdir()))
    assert minutes.error.isHidden(), minutes.error.text()
    (record,) = folder.iterdir()
    return {path.name: full_text(path) if path.suffix == ".docx"
            else path.read_text(encoding="utf-8-sig") for path in sorted(record.iterdir())}


def vote_at(calendar: Any, day: date, monkeypatch: pytest.MonkeyPatch) -> Steps:
    """The program's day moved to the meeting of `day`, that day chosen on the
    calendar, Record vote…: the vote dialog, every member in office present."""
    monkeypatch.setenv(TODAY_SETTING, day.isoformat())
    calendar.go_to_day(day)
    calendar.buttons["vote"].click()
    vote: VoteDialog = yield Wait(f"Record vote at {day}", lambda: isinstance(
        calendar.active_dialog, VoteDialog) and calendar.active_dialog.isVisible()
        and calendar.active_dialog)
    for box in vote.present.values():
        box.setChecked(True)
    return vote


def enter_executive_session(calendar: Any, day: date, statement: str,
                            monkeypatch: pytest.MonkeyPatch) -> Steps:
    """Record vote… → Executive session… (the land purchase, §21(a)(6), offered first,
    the chair's statement typed) → the roll call, the first member voting no."""
    vote = yield from vote_at(calendar, day, monkeypatch)
    vote.executive_button.click()
    executive = vote.executive_dialog
    assert executive.purpose.currentText().startswith("MGL c.30A §21(a)(6): to consider the "
                                                      "purchase")
    executive.statement.setText(statement)
    executive.ok_button.click()
    assert vote.motion.text().startswith("To enter executive session under MGL c.30A "
                                         "§21(a)(6)"), vote.motion.text()
    first = next(iter(vote.choices.values()))
    first.setCurrentIndex(first.findText("No"))
    vote.ok_button.click()
    yield Wait("the vote recorded", lambda: calendar.status.text().startswith(
        "Vote recorded: Carried"))
    return vote


def type_executive_minutes(calendar: Any, text: str) -> Steps:
    calendar.buttons["executive"].click()
    minutes: ExecutiveMinutesDialog = yield Wait(
        "the executive-session minutes", lambda: isinstance(
            calendar.active_dialog, ExecutiveMinutesDialog)
        and calendar.active_dialog.isVisible() and calendar.active_dialog)
    assert minutes.state.text() == "No minutes typed yet."
    minutes.text.setPlainText(text)
    minutes.ok_button.click()
    yield Wait("the minutes saved, withheld", lambda: "withheld until a later meeting "
               "releases them" in calendar.status.text())


def test_executive_session_minutes_withheld_released_and_reviewed(
        run_program: Callable[[Steps], int], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(document_actions, "system_open", lambda path: True)
    printed: dict[str, str] = {}

    def steps() -> Steps:
        window = yield from through_the_wizard("nantucket", "Nantucket Conservation Commission")
        calendar = yield from add_regular_meetings(window, "Town Building, 2 Fairgrounds Road")
        first, later = sorted(m.day for m in calendar.snapshot.meetings
                              if m.day >= TEST_TODAY)[:2]

        # The first meeting: the roll call to enter executive session, then its minutes.
        vote = yield from enter_executive_session(calendar, first, STATEMENT, monkeypatch)
        roll = [(box.text(), vote.choices[member].currentText())
                for member, box in vote.present.items()]
        yield from type_executive_minutes(calendar, SECRET)

        # A records request: the export withholds the words, in both formats.
        for fmt in ("xlsx", "csv"):
            folder = tmp_path / f"before-{fmt}"
            yield from export_for_records_request(window, fmt, folder)
            text = exported_text(folder)
            assert WITHHELD in text
            assert not [w for w in SECRET_WORDS if w in text], fmt

        # ...and from the meeting's record, which says only that they are withheld.
        minutes = yield from open_minutes_of(calendar, first)
        held = yield from meeting_record(minutes, tmp_path / "record-before")
        minutes.reject()
        assert not [w for w in SECRET_WORDS if w in "\n".join(held.values())]
        assert (f"the minutes of the executive session of {long_date(first)} are withheld "
                "until the commission votes to release them (MGL c.30A §22(f))"
                ) in held["Index.txt"], held["Index.txt"]

        # The later meeting votes their release.
        release = yield from vote_at(calendar, later, monkeypatch)
        assert release.release_box.itemText(1) == f"the session of {long_date(first)}"
        release.release_box.setCurrentIndex(1)
        assert release.motion.text() == (f"To release the minutes of the executive session "
                                         f"of {long_date(first)}, their purpose having been "
                                         "served")
        release.ok_button.click()
        yield Wait("the release carried", lambda: calendar.status.text().startswith(
            "Vote recorded: Carried"))
        folder = tmp_path / "after-csv"
        yield from export_for_records_request(window, "csv", folder)
        text = exported_text(folder)
        assert all(w in text for w in SECRET_WORDS) and WITHHELD not in text

        # The first meeting's record now holds them; its open minutes print the vote to
        # enter, its purpose and the roll call.
        minutes = yield from open_minutes_of(calendar, first)
        released = yield from meeting_record(minutes, tmp_path / "record-after")
        assert [name for name, text in released.items() if SECRET in text] == [
            f"Executive-session minutes (released {later.isoformat()}), "
            f"{long_date(first)}.txt"], list(released)
        minutes.buttons["word"].click()
        yield Wait("the minutes made", lambda: minutes.last_document is not None
                   or not minutes.error.isHidden())
        assert minutes.error.isHidden(), minutes.error.text()
        printed["minutes"] = full_text(Path(minutes.last_document))
        printed["roll"] = "; ".join(f"{name}, {choice.lower()}" for name, choice in roll)
        minutes.reject()

        # A second session at the later meeting, its minutes never released: a year on,
        # Today asks for their review.
        yield from enter_executive_session(calendar, later, "the Polpis Road appeal",
                                           monkeypatch)
        yield from type_executive_minutes(calendar, SECOND)
        due = a_year_after(later)
        monkeypatch.setenv(TODAY_SETTING, due.isoformat())
        assert window.follow_the_clock()  # the window's minute look at the clock
        reminder = (f"Executive-session minutes of {long_date(later)} not reviewed for "
                    f"release since {long_date(later)}")
        today = window.today_view
        yield Wait("the review on Today's list", lambda: any(
            item.what == reminder for item in today.shown_items()))
        rows = [r for r in range(today.model.rowCount())
                if today.model.row_at(r).what == reminder]
        assert len(rows) == 1
        assert today.model.index(rows[0], 0).data() == f"{due.isoformat()} {due:%a}"
        assert not any(long_date(first) in item.what for item in today.shown_items())
        window.close()

    assert run_program(steps()) == 0
    text = printed["minutes"]
    assert SECRET_WORDS[0] not in text  # the open minutes never carry the session's words
    line = next(line for line in text.splitlines()
                if line.strip().startswith("Vote: To enter executive session"))
    assert "MGL c.30A §21(a)(6), to consider the purchase" in line and STATEMENT in line
    yes = printed["roll"].count(", yes")
    assert line.endswith(f"Carried {yes}–1–0. Roll call: {printed['roll']}."), (
        printed["roll"], line)
    assert printed["roll"].startswith("Ann Chase, no; Ben Ortiz, yes")
