"""Small real photos for the inspection tests: a PNG of one colour, written with the
standard library (no imaging package), which Word and LibreOffice both print."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def png_photo(path: Path, width: int = 64, height: int = 48,
              colour: tuple[int, int, int] = (60, 120, 60)) -> Path:
    row = b"\x00" + bytes(colour) * width
    data = (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(row * height))
            + _chunk(b"IEND", b""))
    path.write_bytes(data)
    return path
