"""The four mailing documents kept in the document register: a copy of each in
the documents folder beside the database (the clerk's output folder may be a
USB stick or the desktop), recorded with template, time, who and sha256, and
each notice linked to the letters it was sent with. Copies and records exist
together or not at all."""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Sequence
from datetime import date
from pathlib import Path

from sqlalchemy import select

from concom_desk import clock
from concom_desk.domain.safe_filename import clean_stem, safe_path
from concom_desk.errors import OperationFailed
from concom_desk.paths import documents_dir
from concom_desk.services.documents.register import sha256_of
from concom_desk.store import Database
from concom_desk.store.models import AbutterNotice, GeneratedDocument

# file name → (title in the register, template or maker)
REGISTER_ENTRIES: dict[str, tuple[str, str]] = {
    "letters.docx": ("Abutter letters", "abutter-letter.docx"),
    "labels.docx": ("Abutter mailing labels", "labels (Avery 5160)"),
    "certified-mail-list.docx": ("Certified-mail list", "certified-mail list (PS Form 3877)"),
    "affidavit.docx": ("Affidavit of service", "affidavit-of-service.docx"),
    # When the list was computed from the MassGIS parcels (services/parcels/mailing_map.py).
    "abutters-map.pdf": ("Abutter map", "map drawn from the MassGIS parcels"),
    "abutters-map.png": ("Abutter map picture", "map drawn from the MassGIS parcels"),
}


def register_mailing(db: Database, filing_id: int, file_no: str, files: Sequence[Path],
                     notice_ids: Iterable[int], today: date | None = None) -> dict[str, int]:
    """Copy the files into the register; returns file name → GeneratedDocument id."""
    today = today or clock.today()
    root = documents_dir(db.path)
    folder = root / clean_stem(file_no)
    copies: list[tuple[Path, Path]] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for path in files:
            title, _ = REGISTER_ENTRIES[path.name]
            target = safe_path(folder, f"{title} {file_no} {today.isoformat()}", path.suffix)
            shutil.copyfile(path, target)
            copies.append((path, target))
        ids: dict[str, int] = {}
        with db.session() as session:
            for path, target in copies:
                title, template = REGISTER_ENTRIES[path.name]
                row = GeneratedDocument(
                    filing_id=filing_id, title=f"{title} {file_no} {today.isoformat()}",
                    template=template, path=target.relative_to(root).as_posix(),
                    created_at=clock.now().replace(tzinfo=None),
                    created_by=db.initials or "", sha256=sha256_of(target))
                session.add(row)
                session.flush()
                ids[path.name] = row.id
            letters = ids.get("letters.docx")
            for notice in session.scalars(select(AbutterNotice).where(
                    AbutterNotice.id.in_(list(notice_ids)))):
                notice.document_id = letters
        return ids
    except OSError as exc:
        for _, target in copies:
            target.unlink(missing_ok=True)
        raise OperationFailed(f"could not keep a copy in the documents folder: "
                              f"{exc.strerror or exc}") from None
    except BaseException:
        for _, target in copies:
            target.unlink(missing_ok=True)
        raise
