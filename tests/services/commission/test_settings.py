"""The commission's settings: the newspaper, Registry of Deeds, meeting place and time,
and the letterhead logo are saved and read back; a bad time or file is refused in one
line, with nothing written."""

from __future__ import annotations

import base64
import json
import struct
import zlib
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import select

from concom_desk.errors import UserError
from concom_desk.services.commission.settings import (
    LOGO_LIMIT_BYTES,
    MA_DEEDS_REGISTRIES,
    CommissionSettings,
    load_settings,
    meeting_time_problem,
    read_letterhead_logo,
    save_settings,
)
from concom_desk.store import Database
from concom_desk.store.models import AuditEntry

JPEG_START = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00"


def png_bytes(width: int = 2, height: int = 1) -> bytes:
    """A real (tiny) PNG, made here so the test depends on no picture file."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    rows = b"".join(b"\x00" + b"\x00\x80\xff" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height,
                                                               8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def commission(**changes: object) -> CommissionSettings:
    settings = CommissionSettings(name="Upton Conservation Commission",
                                  address_lines=["Town Hall", "1 Main Street"],
                                  clerk_initials="JB")
    for key, value in changes.items():
        setattr(settings, key, value)
    return settings


def test_everything_the_papers_need_is_saved_and_read_back(any_db: Database) -> None:
    logo = png_bytes()
    db = any_db
    save_settings(db, commission(newspaper="The Upton Town Crier",
                                 deeds_registry="Worcester South",
                                 meeting_place="Town Hall, Room 2", meeting_time="7:00",
                                 letterhead_logo=logo), today=date(2026, 12, 1))
    saved = load_settings(db)
    assert saved is not None
    assert (saved.newspaper, saved.deeds_registry, saved.meeting_place, saved.meeting_time,
            saved.letterhead_logo) == ("The Upton Town Crier", "Worcester South",
                                       "Town Hall, Room 2", "07:00", logo)
    # The audit trail keeps the change like any other (the logo as text it can hold).
    with db.read_session() as session:
        new_values = session.scalars(
            select(AuditEntry.new_values).where(AuditEntry.table_name == "commission_settings")
            .order_by(AuditEntry.id.desc()).limit(1)).one()
    row = json.loads(new_values)
    assert row["newspaper"] == "The Upton Town Crier"
    assert base64.b64decode(row["letterhead_logo"]) == logo


def test_no_logo_reads_back_as_none(any_db: Database) -> None:
    save_settings(any_db, commission())
    saved = load_settings(any_db)
    assert saved is not None and saved.letterhead_logo == b""


@pytest.mark.parametrize(("typed", "problem"), [
    ("19:00", ""), ("7:30", ""), ("", ""), ("23:59", ""),
    ("24:00", "Usual meeting time"), ("7 pm", "Usual meeting time"),
    ("19:60", "Usual meeting time"), ("1900", "Usual meeting time"),
])
def test_the_meeting_time_is_hours_and_minutes(typed: str, problem: str) -> None:
    assert meeting_time_problem(typed).startswith(problem)


def test_a_bad_meeting_time_is_refused_and_nothing_written(any_db: Database) -> None:
    save_settings(any_db, commission(meeting_time="19:00"))
    with pytest.raises(UserError, match="Usual meeting time: hours and minutes"):
        save_settings(any_db, commission(meeting_time="7 pm", newspaper="Changed"))
    saved = load_settings(any_db)
    assert saved is not None and (saved.meeting_time, saved.newspaper) == ("19:00", "")


def test_a_logo_file_is_a_png_or_jpeg_of_reasonable_size(tmp_path: Path) -> None:
    png = tmp_path / "seal.png"
    png.write_bytes(png_bytes())
    assert read_letterhead_logo(png) == png_bytes()
    jpeg = tmp_path / "seal.jpg"
    jpeg.write_bytes(JPEG_START + b"\x00" * 100)
    assert read_letterhead_logo(jpeg).startswith(b"\xff\xd8\xff")
    text = tmp_path / "seal.txt"
    text.write_text("not a picture", encoding="utf-8")
    with pytest.raises(UserError, match=r"^Letterhead logo: seal.txt is not a PNG or JPEG "
                                        r"picture\.$"):
        read_letterhead_logo(text)
    huge = tmp_path / "scan.png"
    huge.write_bytes(png_bytes() + b"\x00" * LOGO_LIMIT_BYTES)
    with pytest.raises(UserError, match=r"^Letterhead logo: scan.png is 1\.0 MB; use a "
                                        r"picture under 1 MB"):
        read_letterhead_logo(huge)
    with pytest.raises(UserError, match="missing.png could not be read"):
        read_letterhead_logo(tmp_path / "missing.png")


def test_a_non_picture_logo_is_refused_by_the_service_too(any_db: Database) -> None:
    with pytest.raises(UserError, match="Letterhead logo: choose a PNG or JPEG"):
        save_settings(any_db, commission(letterhead_logo=b"%PDF-1.4"))
    assert load_settings(any_db) is None


def test_the_registries_are_the_twenty_one_districts() -> None:
    # M.G.L. c.36 §1 ff.: 21 registry districts (Berkshire and Bristol and Essex,
    # Middlesex, Worcester split into districts).
    assert len(MA_DEEDS_REGISTRIES) == len(set(MA_DEEDS_REGISTRIES)) == 21
    assert {"Worcester South", "Middlesex South", "Bristol Fall River", "Dukes"} <= set(
        MA_DEEDS_REGISTRIES)
