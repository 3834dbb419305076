"""The minutes' and the annual report's contexts carry exactly the fields of their
examples (docs/templates.md prints the field reference from the examples, so a field
the builder adds without an example is one no clerk can find)."""

from __future__ import annotations

from typing import Any

from concom_desk.services.documents.template_examples import EXAMPLES
from concom_desk.services.minutes.document import minutes_context
from concom_desk.services.minutes.sets import open_minutes
from concom_desk.services.reports.annual_report import annual_figures
from concom_desk.services.reports.report_files import report_context
from concom_desk.services.reports.report_period import ReportPeriod
from tests.helpers.calendar_db import Commission
from tests.helpers.minutes_meeting import MAR3, hold_march_3


def _shape(value: Any) -> Any:
    """The keys of a context, nested; a list by the shape of its first entry."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items()}
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return [_shape(value[0])]
    return None


def test_the_contexts_match_their_examples(commission: Commission) -> None:
    c = commission
    hold_march_3(c)
    sheet = open_minutes(c.db, c.meetings[MAR3], today=MAR3)
    common = {key: EXAMPLES["minutes"][key] for key in ("commission", "town", "today")}
    assert _shape(minutes_context(sheet, common)) == _shape(EXAMPLES["minutes"])
    figures = annual_figures(c.db, ReportPeriod(2027, fiscal=False))
    built = report_context(c.db, figures, "January 4, 2028")
    assert _shape(built["report"]) == _shape(EXAMPLES["annual-report"]["report"])
    assert set(built) == set(EXAMPLES["annual-report"])
