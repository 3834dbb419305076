"""Photos and papers of a case, copied into the data folder.

The agent's photos come off a phone or a USB stick that will be wiped; the
case must keep its own copy. Files go to `attachments/case-<id>/` under the
data folder, never overwriting one already there, with a sha256 so a copy
produced in court can be checked against the record. Files are copied before
the database transaction commits; if it does not commit, the copies are
removed again, so neither side is left half-done.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sqlalchemy.orm import Session

from concom_desk.domain.safe_filename import clean_stem, safe_path
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import data_dir
from concom_desk.services.documents.register import sha256_of
from concom_desk.store.models import CaseAttachment

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".heic", ".gif", ".bmp", ".tif", ".tiff", ".webp"}


@dataclass(frozen=True)
class CopiedFile:
    relative: str  # to the data folder, with "/" separators
    original_name: str
    sha256: str
    kind: str


def case_folder(case_id: int) -> Path:
    return data_dir() / "attachments" / f"case-{case_id}"


def absolute_path(relative: str) -> Path:
    return data_dir() / Path(*relative.split("/"))


def check_sources(paths: Sequence[Path]) -> None:
    for path in paths:
        if not Path(path).is_file():
            raise UserError(f"cannot attach {path}: there is no such file")


def _free_target(folder: Path, name: str) -> Path:
    # The copy keeps the photo's own name, refused characters as "_" (the
    # paths already stored were made so), numbered " (2)" when taken.
    cleaned = clean_stem(name, fill="_")
    return safe_path(folder, cleaned, Path(cleaned).suffix, fill="_")


class AttachmentCopier:
    """Wrap a transaction: files copied inside it are removed again if the block
    (and so the commit) fails.

        with AttachmentCopier() as copier, db.session() as session:
            ...; copies = copier.copy(case.id, paths)
    """

    def __init__(self) -> None:
        self._made: list[Path] = []

    def __enter__(self) -> AttachmentCopier:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is not None:
            for path in self._made:
                path.unlink(missing_ok=True)

    def copy(self, case_id: int, sources: Sequence[Path]) -> list[CopiedFile]:
        check_sources(sources)
        folder = case_folder(case_id)
        copies: list[CopiedFile] = []
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for source in map(Path, sources):
                target = _free_target(folder, source.name)
                shutil.copy2(source, target)
                self._made.append(target)
                kind = "photo" if source.suffix.lower() in PHOTO_SUFFIXES else "document"
                copies.append(CopiedFile(target.relative_to(data_dir()).as_posix(),
                                         source.name, sha256_of(target), kind))
        except OSError as exc:
            raise OperationFailed(f"could not copy the attachments: {exc}") from None
        return copies


def add_attachment_rows(session: Session, case_id: int, copies: Sequence[CopiedFile],
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
