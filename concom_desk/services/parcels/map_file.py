"""The abutter map as a file: a PNG, or a one-page PDF (US Letter) for the mailing pack,
the filing's documents and the hearing.

Drawn with Pillow: the services cannot use Qt (the command line and the mailing run
without a window), and Pillow writes both PNG and PDF with its own bundled font.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from concom_desk.errors import OperationFailed
from concom_desk.services.parcels.computed_list import ComputedList
from concom_desk.services.parcels.map_drawing import MapDrawing, drawing_for
from concom_desk.services.parcels.parcel_index import parcel_index

# Colours as the window draws them (ui/abutters/parcel_map.py uses the same).
COLOURS = {
    "subject": ((200, 40, 40), (250, 205, 200)),
    "abutter": ((30, 80, 170), (205, 222, 250)),
    "other": ((150, 150, 150), (246, 246, 244)),
    "way": ((190, 190, 190), (255, 255, 255)),
    "water": ((90, 150, 200), (200, 225, 245)),
}
ZONE = (200, 40, 40)
# Each law's reach in its own colour: the Act's red, the bylaw's blue.
ZONES = (ZONE, (40, 90, 200))
PAGE = (1275, 1650)  # US Letter at 150 dots per inch
DPI = 150


def _printable(text: str) -> str:
    """Pillow's bundled font has no dashes or curly quotes: their plain forms."""
    return text.translate(str.maketrans({"—": "-", "–": "-", "’": "'", "‘": "'", "“": '"',
                                         "”": '"', "…": "..."}))


def _wrapped(pen: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont
             | ImageFont.ImageFont, width: int) -> list[str]:
    """The text in lines no wider than `width` pixels (a joint filing's caption names
    two laws' rules)."""
    lines: list[str] = []
    for word in text.split():
        if lines and pen.textlength(f"{lines[-1]} {word}", font=font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def draw_map(drawing: MapDrawing, size: tuple[int, int]) -> Image.Image:
    """The map alone, scaled to fit `size` (pixels), north up."""
    width, height = size
    image = Image.new("RGB", size, "white")
    pen = ImageDraw.Draw(image)
    minx, miny, maxx, maxy = drawing.extent
    scale = min(width / (maxx - minx), height / (maxy - miny))
    dx = (width - (maxx - minx) * scale) / 2
    dy = (height - (maxy - miny) * scale) / 2

    def px(point: tuple[float, float]) -> tuple[float, float]:
        return (dx + (point[0] - minx) * scale, height - dy - (point[1] - miny) * scale)

    for shape in drawing.shapes:
        line, fill = COLOURS[shape.kind]
        for number, ring in enumerate(shape.rings):
            # Holes are painted white over their polygon (a pond inside a lot).
            pen.polygon([px(p) for p in ring], fill=fill if number == 0 or shape.kind == "way"
                        else "white", outline=line, width=2 if shape.kind != "other" else 1)
    for number, zone in enumerate(drawing.zones):
        for ring in zone.rings:
            pen.line([px(p) for p in ring], fill=ZONES[number % len(ZONES)], width=3,
                     joint="curve")
    label = _font(max(12, width // 70))
    for street in drawing.streets:
        pen.text(px(street.at), street.text, fill=(90, 90, 90), font=label, anchor="mm")
    number_font = _font(max(14, width // 55))
    for shape in drawing.shapes:
        if shape.label_at is None:
            continue
        text = "LOCUS" if shape.kind == "subject" else str(shape.number)
        x, y = px(shape.label_at)
        box = pen.textbbox((x, y), text, font=number_font, anchor="mm")
        pen.rectangle((box[0] - 4, box[1] - 3, box[2] + 4, box[3] + 3), fill="white",
                      outline=COLOURS[shape.kind][0])
        pen.text((x, y), text, fill=COLOURS[shape.kind][0], font=number_font, anchor="mm")
    return image


def map_page(drawing: MapDrawing, computed: ComputedList) -> Image.Image:
    """A Letter page: title, the map, its legend and the numbered key."""
    page = Image.new("RGB", PAGE, "white")
    pen = ImageDraw.Draw(page)
    margin = 75
    pen.text((margin, margin), drawing.title, fill="black", font=_font(30))
    lines = _wrapped(pen, _printable(drawing.caption), _font(18), PAGE[0] - 2 * margin)
    for number, line in enumerate(lines):
        pen.text((margin, margin + 44 + 24 * number), line, fill="black", font=_font(18))
    below = margin + 44 + 24 * len(lines) + 2
    pen.text((margin, below), _printable(computed.source), fill=(160, 30, 30), font=_font(18))
    top = below + 35
    map_size = (PAGE[0] - 2 * margin, 900)
    page.paste(draw_map(drawing, map_size), (margin, top))
    pen.rectangle((margin, top, margin + map_size[0], top + map_size[1]), outline="black")
    y = top + map_size[1] + 18
    legend = (("subject", "the lot (LOCUS)"), ("abutter", "parcels whose owners are notified"),
              ("way", "street, way or railroad"), ("water", "water"))
    x = margin
    small = _font(16)
    for kind, words in legend:
        line, fill = COLOURS[kind]
        pen.rectangle((x, y, x + 22, y + 16), fill=fill, outline=line, width=2)
        pen.text((x + 30, y), words, fill="black", font=small)
        x += 44 + int(pen.textlength(words, font=small))
    y += 28
    x = margin
    for number, zone in enumerate(drawing.zones):
        pen.line((x, y + 8, x + 30, y + 8), fill=ZONES[number % len(ZONES)], width=3)
        pen.text((x + 38, y), zone.label, fill="black", font=small)
        x += 68 + int(pen.textlength(zone.label, font=small))
    y += 40
    column_width = (PAGE[0] - 2 * margin) // 2
    rows_per_column = max(1, (PAGE[1] - margin - y) // 22)
    for n, entry in enumerate(computed.parcels[: 2 * rows_per_column]):
        column, row = divmod(n, rows_per_column)
        owners = entry.owners
        who = owners[0].owner_name if owners else "(no owner in the assessor table)"
        if len(owners) > 1:
            who += f" and {len(owners) - 1} more"
        parcel = entry.parcel
        text = f"{parcel.number}. {parcel.label} ({parcel.distance_ft:.0f} ft) {who}"
        pen.text((margin + column * column_width, y + row * 22), _printable(text)[:70],
                 fill="black",
                 font=small)
    if len(computed.parcels) > 2 * rows_per_column:
        pen.text((margin, PAGE[1] - margin), "... the full list is in the notice list",
                 fill="black", font=small)
    return page


def save_map(db_path: Path, computed: ComputedList, out: Path) -> Path:
    """Write the map to `out`: a Letter PDF page when it ends in .pdf, else a PNG image."""
    index = parcel_index(db_path)
    drawing = drawing_for(index, computed.search, computed.file_no)
    out = Path(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=".map-", suffix=out.suffix, dir=out.parent)
        os.close(handle)
        work = Path(name)
        try:
            if out.suffix.lower() == ".pdf":
                map_page(drawing, computed).save(work, format="PDF", resolution=DPI)
            else:
                draw_map(drawing, (1600, 1200)).save(work, format="PNG")
            os.replace(work, out)
        finally:
            work.unlink(missing_ok=True)
    except OSError as exc:
        raise OperationFailed(f"cannot write the map {out}: {exc.strerror or exc}") from None
    return out
