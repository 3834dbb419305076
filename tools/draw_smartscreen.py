"""Draw the guide's illustration of Windows SmartScreen's prompt for an unsigned
installer ("Windows protected your PC" -> More info -> Run anyway) into
docs/illustrations/smartscreen-run-anyway.png.

It is a drawing, marked as one in the picture, not a screenshot: the two states of
the blue SmartScreen window with the wording Windows uses, the place to click circled
and numbered. Run again when the wording changes:
`QT_QPA_PLATFORM=offscreen python tools/draw_smartscreen.py`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter, QPen

OUT = Path(__file__).resolve().parent.parent / "docs" / "illustrations"
NAME = "smartscreen-run-anyway.png"

BLUE = QColor("#0b5cad")  # SmartScreen's window
WHITE = QColor("#ffffff")
PALE = QColor("#d6e6f5")
MARK = QColor("#f2b705")  # the illustration's own marks: not part of the window
INK = QColor("#1b1b1b")

PANEL_W, PANEL_H = 440, 330
MARGIN, GAP, TOP, BOTTOM = 24, 28, 64, 44


def font(size: float, bold: bool = False) -> QFont:
    f = QFont("Segoe UI")
    f.setStyleHint(QFont.StyleHint.SansSerif)
    f.setPointSizeF(size)
    f.setBold(bold)
    return f


def text(p: QPainter, rect: QRectF, words: str, size: float, color: QColor = WHITE,
         bold: bool = False, flags: int = 0) -> None:
    p.setFont(font(size, bold))
    p.setPen(color)
    p.drawText(rect, int(Qt.TextFlag.TextWordWrap) | flags, words)


def button(p: QPainter, rect: QRectF, label: str) -> None:
    p.setPen(QPen(WHITE, 2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(rect)
    text(p, rect, label, 10.5, flags=int(Qt.AlignmentFlag.AlignCenter))


def mark(p: QPainter, rect: QRectF, number: str, beside: bool) -> None:
    """The illustration's circle around what to click, with its step number beside it
    (or above it, where a button is beside)."""
    p.setPen(QPen(MARK, 4))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(rect.adjusted(-7, -6, 7, 6), 10, 10)
    centre = (QPointF(rect.right() + 32, rect.center().y()) if beside
              else QPointF(rect.right() + 22, rect.top() - 14))
    p.setBrush(MARK)
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(centre, 15, 15)
    text(p, QRectF(centre.x() - 15, centre.y() - 15, 30, 30), number, 12, INK, True,
         int(Qt.AlignmentFlag.AlignCenter))


def window(p: QPainter, x: float, details: bool) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(BLUE)
    p.drawRect(QRectF(x, TOP, PANEL_W, PANEL_H))
    # The window's close cross, top right.
    text(p, QRectF(x + PANEL_W - 34, TOP + 6, 24, 24), "\u2715", 11,
         flags=int(Qt.AlignmentFlag.AlignCenter))
    text(p, QRectF(x + 26, TOP + 30, PANEL_W - 52, 40), "Windows protected your PC", 17)
    text(p, QRectF(x + 26, TOP + 84, PANEL_W - 52, 70),
         "Microsoft Defender SmartScreen prevented an unrecognized app from starting. "
         "Running this app might put your PC at risk.", 10.5)
    if not details:
        more = QRectF(x + 26, TOP + 162, 70, 22)
        p.setFont(font(10.5))
        p.setPen(PALE)
        p.drawText(more, int(Qt.AlignmentFlag.AlignVCenter), "More info")
        p.drawLine(QPointF(more.left(), more.bottom() - 2),
                   QPointF(more.left() + 62, more.bottom() - 2))
        button(p, QRectF(x + PANEL_W - 146, TOP + PANEL_H - 56, 120, 34), "Don't run")
        mark(p, more.adjusted(0, 0, -4, 0), "1", beside=True)
    else:
        text(p, QRectF(x + 26, TOP + 162, PANEL_W - 52, 24),
             "App:\u2003ConComDesk-0.1.0-setup.exe", 10.5)
        text(p, QRectF(x + 26, TOP + 188, PANEL_W - 52, 24),
             "Publisher:\u2003Unknown publisher", 10.5)
        run = QRectF(x + PANEL_W - 282, TOP + PANEL_H - 56, 120, 34)
        button(p, run, "Run anyway")
        button(p, QRectF(x + PANEL_W - 146, TOP + PANEL_H - 56, 120, 34), "Don't run")
        mark(p, run, "2", beside=False)


def draw() -> QImage:
    width = 2 * MARGIN + 2 * PANEL_W + GAP
    height = TOP + PANEL_H + BOTTOM
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#f4f4f4"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    for step, (x, caption) in enumerate(
            ((MARGIN, "1  Click More info"),
             (MARGIN + PANEL_W + GAP, "2  Check the app's name, then click Run anyway")), 1):
        text(p, QRectF(x, 18, PANEL_W, 36), caption, 12, INK, True)
        window(p, x, details=step == 2)
    text(p, QRectF(MARGIN, TOP + PANEL_H + 12, width - 2 * MARGIN, 24),
         "Illustration (drawn, not a screenshot) of what Windows shows for an installer "
         "that is not code-signed. The yellow marks are not on the screen.", 9, INK)
    p.end()
    return image


def main() -> int:
    QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / NAME
    if not draw().save(str(target), "PNG"):
        print(f"could not write {target}", file=sys.stderr)
        return 1
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
