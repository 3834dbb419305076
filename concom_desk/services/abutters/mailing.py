"""One click, four documents: the letters, the labels, the certified-mail list
and the affidavit of service for a filing's abutters.

The letters and the affidavit come from the town's Word templates
(`abutter-letter`, `affidavit-of-service`), which the clerk may edit; the
labels and the certified-mail list are laid out to the inch here. The letters
are ONE rendering of the town's abutter-letter template, which
loops over the notices with a page break between them — not one document per
owner merged afterwards, which is many times slower and loses the template's
section settings. Everything is written into a hidden folder inside the
output folder and moved into place only when all four are done, so a
cancelled or failed run leaves no half set behind. A copy of each goes into
the document register, the notices linked to their letters.

Certified mail cannot reach a foreign address (USPS certified mail is for US
addresses only): those owners get their letter and label, but by first-class
mail or hand delivery, as the clerk chooses; they are left off the
certified-mail list, and the affidavit counts them apart and says how they were
sent. The affidavit is signed by the person who mails, named in the dialog.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import select

from concom_desk import clock
from concom_desk.domain.abutters.addresses import country_of
from concom_desk.domain.abutters.mailing import MailingPiece, Sender, first_method
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.abutters.certified_mail_list import write_certified_mail_list
from concom_desk.services.abutters.labels import write_labels
from concom_desk.services.abutters.register import register_mailing
from concom_desk.services.abutters.rows import is_foreign, piece_for, printed_name
from concom_desk.services.documents.context import filing_context
from concom_desk.services.documents.context_extras import (
    METHOD_WORDS,
    DraftChoices,
    affidavit_facts,
)
from concom_desk.services.documents.rendering import render_template, stamp_footer
from concom_desk.store import Database
from concom_desk.store.anchor import head_in
from concom_desk.store.models import Abutter, AbutterNotice, Filing

LETTER_TEMPLATE = "abutter-letter"
AFFIDAVIT_TEMPLATE = "affidavit-of-service"
LETTERS, LABELS, MAIL_LIST, AFFIDAVIT = (
    "letters.docx", "labels.docx", "certified-mail-list.docx", "affidavit.docx")
MAILING_FILES = (LETTERS, LABELS, MAIL_LIST, AFFIDAVIT)
# How a notice goes to an owner certified mail cannot reach, as the dialog offers it.
FOREIGN_METHODS = ("first_class", "hand")

# progress(done, total, what) → return False to cancel.
Progress = Callable[[int, int, str], bool]


class MailingCancelled(Exception):
    """The clerk pressed Cancel; nothing was written."""


@dataclass(frozen=True)
class MailingPacket:
    """Everything the four documents need, read in one consistent snapshot."""

    file_no: str
    pieces: tuple[MailingPiece, ...]
    sender: Sender
    letter_context: dict[str, Any]
    affidavit_context: dict[str, Any]
    no_country: tuple[str, ...] = ()  # foreign owners whose country is not known
    trail_footer: str = ""  # the audit trail's head, printed at the foot of the affidavit


@dataclass(frozen=True)
class MailingResult:
    folder: Path
    files: tuple[Path, ...]
    notices: int
    flags: tuple[str, ...]


@dataclass(frozen=True)
class MailingPeople:
    """What the mailing dialog offers: who may sign the affidavit (the members in
    office; anyone else is typed), and the owners certified mail cannot reach."""

    signers: tuple[str, ...]
    foreign_owners: tuple[str, ...]


def mailing_people(db: Database, filing_id: int, today: date | None = None) -> MailingPeople:
    from concom_desk.store.models import members_in_office

    with db.read_session() as session:
        signers = tuple(m.name for m in members_in_office(session, today or clock.today()))
        abutters = session.scalars(select(Abutter).where(Abutter.filing_id == filing_id)
                                   .order_by(Abutter.id)).all()
        return MailingPeople(signers, tuple(printed_name(a) for a in abutters if is_foreign(a)))


def load_mailing(db: Database, filing_id: int, today: date | None = None,
                 signed_by: str = "", foreign_method: str = "first_class") -> MailingPacket:
    """The filing's notices as mailing pieces (a notice row is added for an abutter
    who has none, so every letter can be tracked). A foreign owner's notice not yet
    mailed is sent by `foreign_method` (first-class mail or hand delivery)."""
    if foreign_method not in FOREIGN_METHODS:
        raise UserError(f"a foreign owner's notice goes by first-class mail or hand "
                        f"delivery, not {foreign_method!r}")
    with db.session() as session:
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError(f"there is no filing with id {filing_id}")
        abutters = session.scalars(select(Abutter).where(Abutter.filing_id == filing_id)
                                   .order_by(Abutter.id)).all()
        if not abutters:
            raise UserError(f"filing {filing.file_no} has no abutters yet; import the "
                            "assessor's list first")
        latest: dict[int, AbutterNotice] = {}
        for notice in session.scalars(
                select(AbutterNotice).where(AbutterNotice.abutter_id.in_([a.id for a in abutters]))
                .order_by(AbutterNotice.id)):
            latest[notice.abutter_id] = notice
        for abutter in abutters:
            if abutter.id not in latest:
                notice = AbutterNotice(abutter_id=abutter.id,
                                       method=first_method(is_foreign(abutter)))
                session.add(notice)
                latest[abutter.id] = notice
            notice = latest[abutter.id]
            if is_foreign(abutter) and notice.mailed_on is None \
                    and notice.method != foreign_method:
                notice.method = foreign_method  # certified mail cannot reach it
        session.flush()
        pieces = tuple(piece_for(n, a, latest[a.id]) for n, a in enumerate(abutters, start=1))
        # The templates list the notices in mailing order, numbered as on the labels
        # and the certified-mail list.
        notices = [piece.as_letter_notice() for piece in pieces]
        affidavit_notices = [{**piece.as_letter_notice(), "method": piece.method}
                             for piece in pieces]
        letter = filing_context(session, filing, LETTER_TEMPLATE, today,
                                DraftChoices(notices=tuple(notices)))
        affidavit = filing_context(session, filing, AFFIDAVIT_TEMPLATE, today,
                                   DraftChoices(signed_by=signed_by,
                                                notices=tuple(affidavit_notices)))
        affidavit = {**affidavit, "notices": notices,
                     "affidavit": {**affidavit["affidavit"],
                                   **_grouped(affidavit_notices, affidavit["affidavit"])}}
        commission = letter["commission"]
        sender = Sender(commission["name"], tuple(commission["address_lines"]))
        no_country = tuple(printed_name(a) for a in abutters
                           if is_foreign(a) and not country_of(a.state, a.address_line2))
        return MailingPacket(filing.file_no, pieces, sender, letter, affidavit, no_country,
                             head_in(session).footer())


def _grouped(notices: list[dict[str, Any]], facts: dict[str, Any]) -> dict[str, Any]:
    """The affidavit's groups in mailing order (the numbers on the labels)."""
    regrouped = affidavit_facts(notices, [], facts["signed_by"])
    return {key: regrouped[key] for key in ("groups", "certified_count", "method")}


def certified_pieces(pieces: tuple[MailingPiece, ...]) -> tuple[MailingPiece, ...]:
    """The pieces on the PS 3877 list: certified mail only, numbered from 1."""
    chosen = [p for p in pieces if p.method == "certified"]
    return tuple(replace(p, number=n) for n, p in enumerate(chosen, start=1))


def make_mailing(db: Database, filing_id: int, out_dir: Path, progress: Progress | None = None,
                 template: str | os.PathLike[str] = LETTER_TEMPLATE,
                 today: date | None = None,
                 affidavit_template: str | os.PathLike[str] = AFFIDAVIT_TEMPLATE,
                 signed_by: str = "", foreign_method: str = "first_class"
                 ) -> MailingResult:
    """Write the four documents into `out_dir`; raises MailingCancelled when cancelled.
    `signed_by`: who mails the notices and signs the affidavit ('' leaves a line)."""
    packet = load_mailing(db, filing_id, today, signed_by, foreign_method)
    count = len(packet.pieces)
    total = 4 * count + 1
    done = 0

    def step(what: str, amount: int = 1) -> None:
        nonlocal done
        done += amount
        if progress is not None and progress(done, total, what) is False:
            raise MailingCancelled()

    step("reading the notices")
    out_dir = Path(out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=".mailing-", dir=out_dir))
    except OSError as exc:
        raise OperationFailed(f"cannot write in {out_dir}: {exc.strerror or exc}") from None
    try:
        render_template(template, packet.letter_context, work / LETTERS)
        step(f"{count} letters", count)
        write_labels(packet.pieces, work / LABELS, step=lambda: step("labels"))
        write_certified_mail_list(packet.sender, certified_pieces(packet.pieces),
                                  work / MAIL_LIST,
                                  reference=f"Filing {packet.file_no}",
                                  step=lambda: step("certified-mail list"))
        render_template(affidavit_template, packet.affidavit_context, work / AFFIDAVIT)
        # The trail's head goes on the commission's own paper, the affidavit: the PS
        # Form 3877 list carries only what the Postal Service's form holds.
        stamp_footer(work / AFFIDAVIT, packet.trail_footer)
        step("affidavit of service", count)
        from concom_desk.services.parcels.mailing_map import write_mailing_map

        files = []
        for name in (*MAILING_FILES, *write_mailing_map(db, filing_id, work)):
            os.replace(work / name, out_dir / name)
            files.append(out_dir / name)
    except OSError as exc:
        raise OperationFailed(f"could not write the mailing in {out_dir}: "
                              f"{exc.strerror or exc}") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    register_mailing(db, filing_id, packet.file_no, files,
                     (p.notice_id for p in packet.pieces if p.notice_id is not None), today)
    flags = tuple(f"{p.owner_name}: foreign address, which certified mail cannot reach (it "
                  f"is for US addresses only): left off the certified-mail list; send this "
                  f"letter by {METHOD_WORDS[p.method]}, as the affidavit says"
                  for p in packet.pieces if p.foreign and p.method != "certified")
    flags += tuple(f"{p}: foreign address without its country; add the country "
                   "to the address (Abutters tab) before mailing"
                   for p in packet.no_country)
    if not signed_by.strip():
        flags += ("The affidavit leaves a line for the name of the person who mails: "
                  "name them in the mailing dialog to have it printed",)
    filing = packet.letter_context["filing"]
    missing = [what for what, key in (("work description", "work_description"),
                                      ("resource areas", "resource_areas"))
               if not filing[key].strip()]
    if missing:
        # The letter leaves out what the filing lacks (no ", within ." any more), but an
        # abutter must still be told what is proposed and where.
        says = {"work description": "what the work is", "resource areas": "where the work is"}
        flags += (f"Filing {packet.file_no} has no {' or '.join(missing)}, so the letters do "
                  f"not say {' or '.join(says[m] for m in missing)}: fill them in (Edit… on "
                  "the filing) and make the mailing again",)
    return MailingResult(out_dir, tuple(files), count, flags)
