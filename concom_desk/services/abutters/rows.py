"""Between the domain's notices and the store's `Abutter` rows.

The store keeps two street lines, city, state and ZIP. A foreign address (its
state is not a US state) keeps its street in the first line, its country (when
the list gives it) in the second and its province in `state`. The locus owner added to an
abutter list is marked in `source`, so the letters can say so and a re-import
does not lose track of who was added by hand.
"""

from __future__ import annotations

from concom_desk.domain.abutters.addresses import US_STATE_CODES, postal_lines
from concom_desk.domain.abutters.mailing import MailingPiece, how_sent
from concom_desk.domain.abutters.notices import NoticeDraft
from concom_desk.domain.abutters.owner_names import natural_name
from concom_desk.store.models import Abutter, AbutterNotice, Party

PROPERTY_OWNER_SOURCE = "property owner (not the applicant)"
PARCEL_SEPARATOR = ", "


def abutter_from_draft(draft: NoticeDraft, filing_id: int, source: str) -> dict[str, object]:
    """Column values of the `Abutter` row for one notice."""
    street = list(draft.street_lines)
    if draft.foreign:
        street = [", ".join(street), draft.country.upper()]
    line1, line2 = (street + ["", ""])[:2]
    parcels = PARCEL_SEPARATOR.join(p.replace(",", " ") for p in draft.parcels)
    return {
        "filing_id": filing_id, "owner_name": draft.owner_name, "care_of": draft.care_of,
        "address_line1": line1, "address_line2": line2, "city": draft.city,
        "state": draft.state, "zip": draft.zip_code, "parcels": parcels,
        "source": PROPERTY_OWNER_SOURCE if draft.is_property_owner else source,
    }


def is_foreign(abutter: Abutter) -> bool:
    return bool(abutter.state or abutter.zip) and abutter.state not in US_STATE_CODES


def printed_name(abutter: Abutter) -> str:
    """The owner's name on every paper: as the clerk corrected it, or the assessor's
    name in natural order where its pattern is certain ('Estate of Elizabeth Perkins')."""
    return abutter.name_as_written.strip() or natural_name(abutter.owner_name)


def method_of(abutter: Abutter, notice: AbutterNotice | None) -> str:
    """How this owner's notice is sent (domain/abutters/mailing.how_sent)."""
    return how_sent(notice.method if notice else "", is_foreign(abutter))


def address_lines_of(abutter: Abutter) -> tuple[str, ...]:
    """The mailing address as printed (without the owner's name or c/o line)."""
    if is_foreign(abutter):
        return postal_lines([abutter.address_line1], abutter.city, abutter.state, abutter.zip,
                            abutter.address_line2, foreign=True)
    return postal_lines([abutter.address_line1, abutter.address_line2], abutter.city,
                        abutter.state, abutter.zip)


def draft_from_party(party: Party, parcels: tuple[str, ...]) -> NoticeDraft:
    return NoticeDraft(
        owner_name=party.name, care_of=party.care_of,
        street_lines=tuple(line for line in (party.address_line1, party.address_line2) if line),
        city=party.city, state=party.state, zip_code=party.zip, parcels=parcels,
    )


def piece_for(number: int, abutter: Abutter, notice: AbutterNotice | None) -> MailingPiece:
    return MailingPiece(
        number=number,
        owner_name=printed_name(abutter),
        care_of=abutter.care_of,
        address_lines=address_lines_of(abutter),
        parcels=tuple(abutter.parcel_list()),
        article_number=notice.certified_article_no if notice else "",
        method=method_of(abutter, notice),
        foreign=is_foreign(abutter),
        notice_id=notice.id if notice else None,
    )
