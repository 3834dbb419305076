"""The sections' code, loaded behind the open window.

The Hearing calendar and Enforcement tabs, and the documents they print, bring in
python-docx and the templates' machinery: a second or more of imports on a slow
laptop, which froze the window the first time either tab was shown. Once the
records are on screen, those modules are imported on a background thread, so the
first visit only builds the widgets. (Should the clerk be quicker, Python makes the
window wait for the import already under way, never import it twice.) The collector
waits as it does for a tab's read (ui/heap.py): an import's thousands of new objects
would otherwise set it off here, on a thread where the window's Qt objects must not
be destroyed.
"""

from __future__ import annotations

import importlib

from concom_desk.ui.background import BackgroundTask, Progress
from concom_desk.ui.heap import paused_while_reading, set_aside_as_is

SECTION_MODULES = (
    "concom_desk.ui.calendar.calendar_tab",
    "concom_desk.ui.enforcement.enforcement_tab",
    "concom_desk.services.calendar.meeting_documents",
    "concom_desk.services.calendar.ical_export",
    "concom_desk.ui.filings.filing_record",
    # Imported by the window when first used, not before its first paint: a filing's
    # form, and the File menu's actions (printing, backup, export).
    "concom_desk.ui.filings.filing_form",
    "concom_desk.ui.file_actions",
)


def warm_up() -> BackgroundTask:
    def work(progress: Progress) -> None:
        for name in SECTION_MODULES:
            progress.check()
            importlib.import_module(name)
        set_aside_as_is()  # walked by no collection from now on

    task = BackgroundTask(paused_while_reading(work))
    task.start()
    return task
