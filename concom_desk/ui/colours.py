"""Words in colour (a problem in red, a warning in brown, done in green) that stay
readable on the theme in use: Windows' high-contrast themes put white or yellow text on
black, where the dark red a light window wants (#a00) reads at about 2.7:1. Each colour
is chosen for the palette's background and checked against it; one that would fall
below 4.5:1 (WCAG AA for text) gives way to the palette's own text colour, so the words
always read, and their wording says what the colour says."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

PROBLEM, WARNING, DONE, QUIET = "problem", "warning", "done", "quiet"

_ON_LIGHT = {PROBLEM: "#b71c1c", WARNING: "#8a4b00", DONE: "#1b5e20", QUIET: "#555555"}
_ON_DARK = {PROBLEM: "#ff8a80", WARNING: "#ffcc80", DONE: "#a5d6a7", QUIET: "#c8c8c8"}
READABLE = 4.5  # WCAG 2 AA, normal text


def _luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    return (0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF())
            + 0.0722 * channel(colour.blueF()))


def contrast(one: QColor, other: QColor) -> float:
    """WCAG 2's contrast ratio, 1 to 21."""
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_colour(kind: str, palette: QPalette | None = None) -> QColor:
    """The colour for words of this kind on the palette's window background."""
    palette = palette or QApplication.palette()
    ground = palette.color(QPalette.ColorRole.Window)
    wanted = QColor((_ON_DARK if ground.lightnessF() < 0.5 else _ON_LIGHT)[kind])
    if contrast(wanted, ground) < READABLE:
        return palette.color(QPalette.ColorRole.WindowText)
    return wanted


def style(kind: str, extra: str = "") -> str:
    """A style sheet for a label of this kind ("color: …;")."""
    return f"color: {text_colour(kind).name()};{(' ' + extra) if extra else ''}"


def span(kind: str, html: str) -> str:
    """Rich text of this kind, inside a longer text."""
    return f"<span style='color:{text_colour(kind).name()}'>{html}</span>"
