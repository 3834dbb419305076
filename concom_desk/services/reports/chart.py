"""The annual report's chart: filings received per month, one bar per month stacked
by kind, drawn with Pillow into a PNG for the Word document.

Why Pillow and not matplotlib: the layering keeps Qt out of the services, and
Pillow adds about 22 MB to site-packages where matplotlib brings numpy, fontTools
and kiwisolver with it (about 174 MB); a labelled bar chart needs only rectangles
and text. The font is Pillow's own built-in scalable font, so the chart looks the
same on every machine and needs no system font.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

WIDTH, PLOT_HEIGHT = 1800, 620  # drawn at twice the printed size, for a crisp print
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP = 110, 40, 90
AXIS_LABELS, LEGEND_ROW = 66, 46  # below the plot: month names, then the legend
INK = (31, 42, 68)  # the forms' navy
GRID = (214, 219, 228)
# Colour-blind-safe (Okabe-Ito), in the order kinds are listed.
PALETTE = ((0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233),
           (213, 94, 0), (240, 228, 66), (120, 120, 120))
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def nice_step(top: int) -> int:
    """A round step for the value axis: 1, 2, 5, 10, 20, 50… giving at most 8 lines."""
    scale = 1
    while True:
        for step in (scale, 2 * scale, 5 * scale):
            if top / step <= 8:
                return step
        scale *= 10


def filings_chart(months: Sequence[tuple[int, int]], series: Mapping[str, Sequence[int]],
                  title: str) -> bytes:
    """PNG bytes: a stacked bar per month; `series` maps a kind's label to its twelve
    counts (in legend order)."""
    legend_rows = -(-len(series) // 2)
    height = MARGIN_TOP + 20 + PLOT_HEIGHT + AXIS_LABELS + legend_rows * LEGEND_ROW + 20
    image = Image.new("RGB", (WIDTH, height), "white")
    draw = ImageDraw.Draw(image)
    small, label, heading = _font(30), _font(32), _font(38)
    totals = [sum(values[i] for values in series.values()) for i in range(len(months))]
    step = nice_step(max(totals, default=0) or 1)
    top = max(step, -(-max(totals, default=0) // step) * step)
    left, right = MARGIN_LEFT, WIDTH - MARGIN_RIGHT
    upper = MARGIN_TOP + 20
    bottom = upper + PLOT_HEIGHT
    draw.text((WIDTH // 2, 12), title, fill=INK, font=heading, anchor="ma")

    def y_of(value: float) -> float:
        return bottom - (bottom - upper) * value / top

    for value in range(0, top + 1, step):
        y = y_of(value)
        draw.line((left, y, right, y), fill=GRID, width=2)
        draw.text((left - 14, y), str(value), fill=INK, font=small, anchor="rm")
    slot = (right - left) / len(months)
    bar = slot * 0.62
    for index, (year, month) in enumerate(months):
        x0 = left + slot * index + (slot - bar) / 2
        base = 0
        for colour, values in zip(PALETTE, series.values(), strict=False):
            count = values[index]
            if count:
                draw.rectangle((x0, y_of(base + count), x0 + bar, y_of(base)), fill=colour)
                base += count
        if totals[index]:
            draw.text((x0 + bar / 2, y_of(totals[index]) - 6), str(totals[index]), fill=INK,
                      font=small, anchor="md")
        name = MONTHS[month - 1] + (f" {year % 100:02d}" if month in (1, months[0][1]) else "")
        draw.text((x0 + bar / 2, bottom + 12), name, fill=INK, font=label, anchor="ma")
    draw.line((left, bottom, right, bottom), fill=INK, width=3)
    _legend(draw, list(series), bottom + AXIS_LABELS, label)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _legend(draw: ImageDraw.ImageDraw, names: list[str], y: int, font) -> None:  # type: ignore[no-untyped-def]
    """Kinds in rows of two, each a colour square and its name."""
    column = (WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / 2
    for index, name in enumerate(names):
        row, col = divmod(index, 2)
        x = MARGIN_LEFT + column * col
        top = y + row * LEGEND_ROW
        draw.rectangle((x, top, x + 30, top + 30), fill=PALETTE[index % len(PALETTE)])
        text = name if len(name) <= 46 else name[:45] + "…"
        draw.text((x + 40, top + 14), text, fill=INK, font=font, anchor="lm")
