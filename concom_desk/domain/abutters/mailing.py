"""What a mailing is made of: numbered pieces, each one notice to one owner."""

from __future__ import annotations

from dataclasses import dataclass

# How a notice goes when nothing else is said: certified mail, which cannot reach a
# foreign address (USPS certified mail is for US addresses only).
CERTIFIED, FIRST_CLASS = "certified", "first_class"


def how_sent(method: str, foreign: bool) -> str:
    """The one rule for how a notice is sent, read by the Abutters tab, the letters,
    the PS Form 3877 list and the affidavit alike: as recorded, except that a foreign
    address recorded as certified (an older record, or a list imported before the
    rule) goes first-class, since certified mail cannot reach it."""
    if foreign and method == CERTIFIED:
        return FIRST_CLASS
    return method or (FIRST_CLASS if foreign else CERTIFIED)


def first_method(foreign: bool) -> str:
    """How a new notice is recorded: certified mail, first-class abroad."""
    return how_sent(CERTIFIED, foreign)


@dataclass(frozen=True)
class MailingPiece:
    number: int  # line number on the certified-mail list, 1-based
    owner_name: str
    care_of: str
    address_lines: tuple[str, ...]
    parcels: tuple[str, ...]
    article_number: str = ""
    method: str = "certified"
    foreign: bool = False
    notice_id: int | None = None

    @property
    def envelope_lines(self) -> tuple[str, ...]:
        """Name, c/o line, then the address: the lines of a label or an envelope."""
        care = (f"c/o {self.care_of}",) if self.care_of else ()
        return (self.owner_name, *care, *self.address_lines)

    def as_letter_notice(self) -> dict[str, object]:
        """The `notices` entry of the abutter-letter context (docs/templates.md, abutter-letter)."""
        return {"owner_name": self.owner_name, "care_of": self.care_of,
                "address_lines": list(self.address_lines), "parcels": list(self.parcels)}


@dataclass(frozen=True)
class Sender:
    """Who mails the notices: the name and address printed as the sender."""

    name: str
    address_lines: tuple[str, ...]

    @property
    def lines(self) -> tuple[str, ...]:
        return (self.name, *self.address_lines)
