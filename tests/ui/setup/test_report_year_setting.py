"""Settings → "Annual report covers": the calendar year or the fiscal year (July–June)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from concom_desk.services.commission.settings import CommissionSettings
from concom_desk.ui.setup.commission_form import CommissionForm
from tests.ui.conftest import SETTINGS


def test_the_form_shows_and_returns_the_report_year(qtbot: QtBot) -> None:
    form = CommissionForm(CommissionSettings(**{**SETTINGS.__dict__, "report_year": "fiscal"}))
    qtbot.addWidget(form)
    assert form.report_year.currentText() == "Fiscal year (July–June)"
    form.report_year.setCurrentIndex(form.report_year.findData("calendar"))
    settings, problems = form.settings()
    assert settings.report_year == "calendar" and problems == []
