"""Conservation land through the real window, from the first run: Tools →
Conservation land…, a conservation restriction added with its holder and recording,
listed with its visit due (never visited: now)."""

from __future__ import annotations

from collections.abc import Callable

from concom_desk.ui.land.land_dialogs import ConservationLandDialog
from tests.helpers.clock import TEST_TODAY
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
        assert not form.save_button.isEnabled()  # a restriction names its holder
        assert "Say who holds the restriction." in form.problems.text()
        form.holder.setText("Upton Conservation Commission")
        form.book.setText("61234")
        form.page.setText("118")
        assert form.save_button.isEnabled(), form.problems.text()
        form.save_button.click()
        yield Wait("the restriction listed", lambda: listing.rows.rowCount() == 1)
        cells = [listing.rows.index(0, c).data() for c in range(listing.rows.columnCount())]
        assert cells[:5] == ["Pond Road Meadow CR", "Conservation restriction",
                             "14 Pond Road", "Upton Conservation Commission",
                             "Book 61234, Page 118"]
        assert cells[5] == "never" and cells[6].startswith(TEST_TODAY.isoformat())
        listing.close()
        window.close()

    assert run_program(steps()) == 0
