"""The sections' code, loaded behind the open window.

The Hearing calendar and Enforcement tabs, and the documents they print, bring in
python-docx and the templates' machinery: a second or more of imports on a slow
laptop, which froze the window the first time either tab was shown. Once the
records are on screen, those modules are imported on a background thread, so the
first visit only builds the widgets. (Should the clerk be quicker, Python makes the
window wait for the import already under way, never import it twice.) Once they are
in, the window's thread sets them aside (ui/heap.py), so no later collection walks
them. Measured: each still costs a quarter to over a second to import on a busy
two-core machine (the calendar tab 1.1 s, enforcement 0.6 s, the filing's record
0.26 s), which the first visit would otherwise freeze for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from concom_desk.ui.background import BackgroundTask, Progress, in_background
from concom_desk.ui.heap import settle

SECTION_MODULES = (
    "concom_desk.ui.calendar.calendar_tab",
    "concom_desk.ui.enforcement.enforcement_tab",
    "concom_desk.services.calendar.meeting_documents",
    "concom_desk.services.calendar.ical_export",
    "concom_desk.ui.filings.filing_record",
    # What a filing's record adds to it when first opened (ui/filings/filing_windows.py):
    # its abutters (the parcel lists, shapely and numpy behind them), MassDEP copies,
    # and the decisions and corrections it offers. Imported on first open they froze
    # the window 150-250 ms (bench/freeze.py).
    "concom_desk.ui.abutters.abutter_panel",
    "concom_desk.ui.filings.dep_copies_panel",
    "concom_desk.ui.filings.payments_panel",
    "concom_desk.ui.inspections.inspections_panel",
    "concom_desk.ui.filings.acts_coverage",
    "concom_desk.ui.filings.decision_waiver_dialog",
    "concom_desk.services.filings.status_corrections",
    "concom_desk.services.filings.decisions",
    "concom_desk.services.filings.permit_life",
    "concom_desk.services.filings.decision_waiver",
    "concom_desk.services.documents.wpa_context",
    # Imported by the window when first used, not before its first paint: a filing's
    # form, and the File menu's actions (printing, backup, export).
    "concom_desk.ui.filings.filing_form",
    "concom_desk.ui.file_actions",
)


def warm_up(then: Callable[[], None] | None = None) -> BackgroundTask:
    """The sections' imports behind the window; `then` (on the window's thread) once
    they are in: the next head start (the calendar's month counted, ui/window_sections)."""
    def work(progress: Progress) -> None:
        for name in SECTION_MODULES:
            progress.check()
            importlib.import_module(name)

    def done(_none: None) -> None:  # (on the window's thread)
        settle()
        if then is not None:
            then()

    return in_background(work, done)
