"""Conservation land through the real window, from the first run: Tools →
Conservation land…, a conservation restriction added with its holder and recording,
listed with its visit due (never visited: now)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from concom_desk.ui.land.land_dialogs import ConservationLandDialog
from tests.helpers.clock import TEST_TODAY
from tests.helpers.docx_reading import full_text
from tests.helpers.site_photos import png_photo
from tests.journeys.conftest import Steps, Wait, menu_action, top_level
from tests.journeys.first_run import through_the_wizard


def test_a_restriction_is_added_and_listed(run_program: Callable[[Steps], int]) -> None:
    def steps() -> Steps:
        window = yield from through_the_wizard()
        menu_action(window, "Conservation &land…").trigger()
        listing: ConservationLandDialog = yield Wait(
            "the conservation land list", lambda: top_level(ConservationLandDialog))
        assert listing.message.text() == "No conservation land or restriction recorded yet."
        form = listing.add()
        form.name.setText("Pond Road Meadow CR")
        form.kind.setCurrentIndex(form.kind.findData("restriction"))
        form.address.setText("14 Pond Road")
        form.map_lot.setText("14-22")
        form.from_parcels.click()  # none loaded on a first day: said in one line
        assert form.problems.text().startswith("no parcels are loaded: load the town's")
        form.holder.setText("Upton Conservation")
        form.holder.clear()
        assert not form.save_button.isEnabled()  # a restriction names its holder
        assert "Say who holds the restriction." in form.problems.text()
        form.holder.setText("Upton Conservation Commission")
        form.book.setText("61234")
        form.page.setText("118")
        assert form.save_button.isEnabled(), form.problems.text()
        form.save_button.click()
        yield Wait("the restriction listed", lambda: listing.rows.rowCount() == 1)
        cells = [listing.rows.index(0, c).data() for c in range(listing.rows.columnCount())]
        assert cells[:2] == ["Pond Road Meadow CR", "Conservation restriction"]
        assert cells[2].startswith(TEST_TODAY.isoformat()) and cells[3] == "never"
        assert cells[4:] == ["14 Pond Road · 14-22", "Upton Conservation Commission",
                             "Book 61234, Page 118"]
        listing.close()
        window.close()

    assert run_program(steps()) == 0


def today_items(window: object) -> list:
    """The rows of the Today view, as listed."""
    model = window.today_view.model  # type: ignore[attr-defined]
    return [model.row_at(r) for r in range(model.rowCount())]


def test_a_monitoring_visit_with_a_photo_and_its_report(
        run_program: Callable[[Steps], int], tmp_path: Path) -> None:
    photo = png_photo(tmp_path / "IMG_3003.png", 320, 240)

    def steps() -> Steps:
        window = yield from through_the_wizard()
        menu_action(window, "Conservation &land…").trigger()
        listing: ConservationLandDialog = yield Wait(
            "the conservation land list", lambda: top_level(ConservationLandDialog))
        form = listing.add()
        form.name.setText("Warren Brook Conservation Area")
        form.map_lot.setText("7-12")
        form.holder.setText("Town of Upton")
        form.save_button.click()
        yield Wait("the land listed", lambda: listing.rows.rowCount() == 1)
        # Never visited: Today reminds of its yearly visit.
        yield Wait("the visit due on Today", lambda: any(
            i.what == "Monitoring visit due" and i.file_no == "Warren Brook Conservation Area"
            for i in today_items(window)))

        listing.view.selectRow(0)
        visit = listing.visit(plan_only=False)
        assert visit.purpose.currentText() == "Yearly monitoring"
        visit.inspector.setText("Pat Agent")
        visit.findings.setPlainText("Trail open; boundary markers in place.")
        visit.files.add_files([photo])
        visit.save_button.click()
        yield Wait("the visit recorded", lambda: listing.rows.row_at(0).last_visit is not None)
        assert listing.rows.row_at(0).last_visit == TEST_TODAY
        yield Wait("the reminder gone from Today", lambda: not any(
            i.what == "Monitoring visit due" for i in today_items(window)))

        listing.view.selectRow(0)
        listing.report_button.click()
        yield Wait("the report made", lambda: listing.report_path is not None)
        text = full_text(listing.report_path)
        assert "Trail open; boundary markers in place." in text
        assert "Photo 1: IMG_3003.png" in text and "Town of Upton" in text
        listing.close()
        window.close()

    assert run_program(steps()) == 0
