"""Words in colour read on every theme: Windows' high-contrast black theme included,
where the fixed dark red (#a00) the windows used read at 2.7:1."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QPalette

from concom_desk.ui import colours

KINDS = (colours.PROBLEM, colours.WARNING, colours.DONE, colours.QUIET)


def _theme(ground: str, text: str) -> QPalette:
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Window, QColor(ground))
    palette.setColor(QPalette.ColorRole.WindowText, QColor(text))
    return palette


@pytest.mark.parametrize(("ground", "text"), [
    ("#ffffff", "#000000"),  # the usual light window
    ("#000000", "#ffffff"),  # Windows' "High Contrast Black"
    ("#000000", "#ffff00"),  # "High Contrast #1" (yellow on black)
    ("#1e1e1e", "#dcdcdc"),  # a dark theme
    ("#808080", "#000000"),  # a mid-grey ground no red reads on: the theme's text
])
def test_every_colour_reads_at_4_5_to_1_on_the_theme(ground: str, text: str) -> None:
    palette = _theme(ground, text)
    for kind in KINDS:
        assert colours.contrast(colours.text_colour(kind, palette), QColor(ground)) >= 4.5


def test_the_light_window_keeps_its_reds_and_the_black_one_gets_lighter_ones() -> None:
    assert colours.text_colour(colours.PROBLEM, _theme("#ffffff", "#000000")) == QColor(
        "#b71c1c")
    assert colours.text_colour(colours.PROBLEM, _theme("#000000", "#ffffff")) == QColor(
        "#ff8a80")
    assert colours.contrast(QColor("#aa0000"), QColor("#000000")) < 3  # what it was


def test_no_window_writes_a_fixed_text_colour() -> None:
    """Text colours come from colours.py, chosen for the theme."""
    ui = Path(colours.__file__).parent
    fixed = [f"{path.relative_to(ui)}:{number}"
             for path in ui.rglob("*.py") if path.name != "colours.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if "color:#" in line.replace(" ", "") and not line.lstrip().startswith("#")]
    assert fixed == []
