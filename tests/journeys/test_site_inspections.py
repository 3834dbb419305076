"""A site inspection through the real window: on a Notice of Intent's record the
clerk plans the pre-construction meeting, then records it as made with its findings
and a photo, prints the inspection report (it joins the record's Documents) and reads
the visit in the history. The dates are today's, as the program's clock gives it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from concom_desk.domain.plain_dates import long_date
from concom_desk.ui.inspections.inspection_dialog import FilingInspectionDialog
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import full_text
from tests.helpers.site_photos import png_photo
from tests.journeys.conftest import Steps, Wait
from tests.journeys.test_a_notice_of_intent import choose_tab, file_the_noi


def test_a_visit_planned_then_made_with_a_photo_and_its_report(
        run_program: Callable[[Steps], int], tmp_path: Path) -> None:
    photo = png_photo(tmp_path / "IMG_1001.png", 320, 240)

    def steps() -> Steps:
        window, _filing_id, record = yield from file_the_noi()
        panel = choose_tab(record.panels, "I&nspections")
        yield Wait("the visits read", lambda: not panel.loader.loading)
        assert panel.inspections.rowCount() == 0 and not panel.report_button.isEnabled()

        panel.plan_button.click()
        plan: FilingInspectionDialog = yield Wait("the plan dialog", lambda: panel.dialog)
        plan.purpose.setCurrentText("Pre-construction meeting")
        assert not plan.findings.isVisible()  # a plan has no findings yet
        plan.save_button.click()
        yield Wait("the planned visit listed", lambda: panel.inspections.rowCount() == 1)
        planned = panel.inspections.row_at(0)
        assert (planned.state, planned.purpose, planned.inspected_on) == (
            "planned", "Pre-construction meeting", TEST_TODAY)

        panel.view.selectRow(0)
        assert panel.record_button.text() == "Record the planned visit's &findings…"
        panel.record_button.click()
        made: FilingInspectionDialog = yield Wait(
            "the record dialog", lambda: panel.dialog is not plan and panel.dialog)
        assert made.purpose.currentText() == "Pre-construction meeting"
        assert not made.save_button.isEnabled()  # who went and what they found come first
        assert "Say who inspected the site." in made.problems.text()
        made.inspector.setText("Pat Agent")
        made.findings.setPlainText("Silt fence staked along the limit of work.")
        made.files.add_files([photo])
        assert made.save_button.isEnabled(), made.problems.text()
        made.save_button.click()
        yield Wait("the visit recorded", lambda: panel.inspections.row_at(0).done)
        row = panel.inspections.row_at(0)
        assert (row.inspector, len(row.photos)) == ("Pat Agent", 1)
        assert panel.inspections.data(panel.inspections.index(0, 1)) == "done"
        yield Wait("the visit in the history", lambda: any(
            h.what == "Pre-construction meeting: Silt fence staked along the limit of work."
            for h in record.detail.history))

        panel.view.selectRow(0)
        panel.report_button.click()
        assert panel.message.text() == "Making the report…"  # behind the window
        yield Wait("the report made", lambda: panel.message.text().startswith("Made "))
        yield Wait("the report among the record's documents", lambda: any(
            d.title.startswith("Inspection") for d in record.detail.documents))
        (report,) = [d for d in record.detail.documents if d.title.startswith("Inspection")]
        text = full_text(Path(report.path))
        assert "Silt fence staked along the limit of work." in text
        assert long_date(TEST_TODAY) in text and "Photo 1: IMG_1001.png" in text
        record.close()
        window.close()

    assert run_program(steps()) == 0
