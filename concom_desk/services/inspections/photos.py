"""Photos and papers of the record, copied into the documents folder: the one way the
program keeps a photo, whether of an enforcement case or of any inspection.

The inspector's photos come off a phone or a USB stick that will be wiped; the
record must keep its own copy. Files go to `documents/photos/<case-N | inspection-N>/`
beside the database (so a backup carries them with the documents, and a copy of the
records to another place takes them along), never overwriting one already there,
with a sha256 so a copy produced in court can be checked against the record. Files are
copied before the database transaction commits; if it does not commit, the copies are
removed again, so neither side is left half-done.

Each file is size-bounded (a phone's photo is a few MB; 25 MB is a video or the wrong
file), and an inspection's photos are JPEG or PNG by their first bytes: what Word prints
in the inspection report and every viewer opens. A stored path is relative to the
database's folder ("documents/photos/…"); those an enforcement case stored before
(schema 0015) read "attachments/case-N/…", under the same folder in a desk's data.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlalchemy.orm import Session

from concom_desk.domain.input_files import regular_file
from concom_desk.domain.safe_filename import clean_stem, safe_path
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import documents_dir
from concom_desk.services.documents.register import sha256_of
from concom_desk.store.models import CaseAttachment

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".heic", ".gif", ".bmp", ".tif", ".tiff", ".webp"}
MAX_FILE_BYTES = 25 * 1024 * 1024
# The first bytes of the two kinds an inspection report prints.
_PRINTABLE_PHOTOS = {b"\xff\xd8\xff": "JPEG", b"\x89PNG\r\n\x1a\n": "PNG"}


@dataclass(frozen=True)
class CopiedFile:
    relative: str  # to the database's folder, with "/" separators
    original_name: str
    sha256: str
    kind: str


def photos_folder(db_path: Path, owner: str) -> Path:
    """`owner` is "case-7" or "inspection-12"."""
    return documents_dir(db_path) / "photos" / owner


def absolute_path(db_path: Path, relative: str) -> Path:
    return Path(db_path).parent / Path(*relative.split("/"))


def check_sources(paths: Sequence[Path], photos_only: bool = False) -> None:
    for path in map(Path, paths):
        if not path.exists():
            raise UserError(f"cannot attach {path}: there is no such file")
        regular_file(path, "a photo or paper of the record", MAX_FILE_BYTES)
        if photos_only:
            with path.open("rb") as handle:
                start = handle.read(8)
            if not any(start.startswith(magic) for magic in _PRINTABLE_PHOTOS):
                raise UserError(f"{path.name} is not a JPEG or PNG photo; save it as one "
                                "(a phone's HEIC: share it as JPEG) and add it again")


def _free_target(folder: Path, name: str) -> Path:
    # The copy keeps the photo's own name, refused characters as "_" (the
    # paths already stored were made so), numbered " (2)" when taken.
    cleaned = clean_stem(name, fill="_")
    return safe_path(folder, cleaned, Path(cleaned).suffix, fill="_")


class AttachmentCopier:
    """Wrap a transaction: files copied inside it are removed again if the block
    (and so the commit) fails.

        with AttachmentCopier(db.path) as copier, db.session() as session:
            ...; copies = copier.copy(f"case-{case.id}", paths)
    """

    def __init__(self, db_path: Path) -> None:
        self._db_path = Path(db_path)
        self._made: list[Path] = []

    def __enter__(self) -> AttachmentCopier:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is not None:
            for path in self._made:
                path.unlink(missing_ok=True)

    def copy(self, owner: str, sources: Sequence[Path],
             photos_only: bool = False) -> list[CopiedFile]:
        check_sources(sources, photos_only)
        folder = photos_folder(self._db_path, owner)
        base = self._db_path.parent
        copies: list[CopiedFile] = []
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for source in map(Path, sources):
                target = _free_target(folder, source.name)
                shutil.copy2(source, target)
                self._made.append(target)
                kind = "photo" if source.suffix.lower() in PHOTO_SUFFIXES else "document"
                copies.append(CopiedFile(target.relative_to(base).as_posix(),
                                         source.name, sha256_of(target), kind))
        except OSError as exc:
            raise OperationFailed(f"could not copy the files: {exc}") from None
        return copies


def add_attachment_rows(session: Session, case_id: int | None, copies: Sequence[CopiedFile],
                        added_on: date, inspection_id: int | None = None,
                        caption: str = "") -> list[CaseAttachment]:
    rows = [
        CaseAttachment(case_id=case_id, inspection_id=inspection_id, kind=copy.kind,
                       path=copy.relative, original_name=copy.original_name, caption=caption,
                       added_on=added_on, sha256=copy.sha256)
        for copy in copies
    ]
    session.add_all(rows)
    return rows
