"""Draw the program icon (a cattail over water) into resources/icons/.

Run once when the icon changes: `QT_QPA_PLATFORM=offscreen python tools/make_icon.py`.
Writes a 256-pixel PNG (window icon, Linux) and a multi-size ICO (Windows installer).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen

OUT = Path(__file__).resolve().parent.parent / "resources" / "icons"


def draw(size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = size / 256
    p.setBrush(QBrush(QColor("#1f5f4a")))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawRoundedRect(QRectF(8 * s, 8 * s, 240 * s, 240 * s), 44 * s, 44 * s)
    # water
    p.setPen(QPen(QColor("#9fd3e6"), 12 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for y in (176, 208):
        path = QPainterPath(QPointF(44 * s, y * s))
        path.cubicTo(QPointF(84 * s, (y - 16) * s), QPointF(108 * s, (y + 16) * s),
                     QPointF(128 * s, y * s))
        path.cubicTo(QPointF(148 * s, (y - 16) * s), QPointF(172 * s, (y + 16) * s),
                     QPointF(212 * s, y * s))
        p.drawPath(path)
    # cattail stems and heads
    p.setPen(QPen(QColor("#cfe8b8"), 8 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(QPointF(112 * s, 164 * s), QPointF(104 * s, 40 * s))
    p.drawLine(QPointF(150 * s, 164 * s), QPointF(160 * s, 56 * s))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(QColor("#8a5a2b")))
    p.drawRoundedRect(QRectF(94 * s, 66 * s, 22 * s, 64 * s), 11 * s, 11 * s)
    p.drawRoundedRect(QRectF(149 * s, 82 * s, 22 * s, 56 * s), 11 * s, 11 * s)
    p.end()
    return image


def main() -> int:
    QGuiApplication(sys.argv)
    OUT.mkdir(parents=True, exist_ok=True)
    draw(256).save(str(OUT / "concom-desk.png"))
    draw(256).save(str(OUT / "concom-desk.ico"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
