"""What a mailing is made of: numbered pieces, each one notice to one owner."""

from __future__ import annotations

from dataclasses import dataclass


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
