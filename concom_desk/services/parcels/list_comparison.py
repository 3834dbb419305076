"""The assessor's certified list beside the list computed from the parcels, before the
one replaces the other: owners on one and not the other, and owners whose mailing
address differs. Owners are matched as the import groups them (case, spacing and
punctuation ignored; the ZIP on its first five digits)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select

from concom_desk.domain.abutters.notices import NoticeDraft
from concom_desk.domain.abutters.tidy import match_key
from concom_desk.domain.wording import counted
from concom_desk.services.abutters.rows import address_lines_of
from concom_desk.services.parcels.computed_list import COMPUTED_PREFIX
from concom_desk.store import Database
from concom_desk.store.models import Abutter

ONLY_COMPUTED = "only on the computed list"
ONLY_ASSESSOR = "only on the assessor's list"
OTHER_ADDRESS = "different mailing address"
SAME = "the same"


@dataclass(frozen=True)
class ComparedOwner:
    owner: str
    computed: str  # the mailing address(es) on the computed list; '' when not on it
    assessor: str  # on the assessor's list
    difference: str


@dataclass(frozen=True)
class ListComparison:
    owners: tuple[ComparedOwner, ...]

    def count(self, difference: str) -> int:
        return sum(1 for o in self.owners if o.difference == difference)

    @property
    def differences(self) -> tuple[ComparedOwner, ...]:
        return tuple(o for o in self.owners if o.difference != SAME)

    def summary(self) -> str:
        if not self.differences:
            return f"the assessor's list and the computed list agree on all " \
                   f"{counted(len(self.owners), 'owner')}"
        parts = [f"{counted(self.count(what), 'owner')} {what}"
                 for what in (ONLY_ASSESSOR, ONLY_COMPUTED, OTHER_ADDRESS) if self.count(what)]
        return "compared with the computed list: " + ", ".join(parts)


def _address_key(lines: Sequence[str]) -> str:
    return match_key(*lines)


def compare_with_computed(db: Database, filing_id: int, notices: Sequence[NoticeDraft]
                          ) -> ListComparison | None:
    """None when the filing's list was not computed from the parcels."""
    with db.read_session() as session:
        computed = session.scalars(
            select(Abutter).where(Abutter.filing_id == filing_id,
                                  Abutter.source.startswith(COMPUTED_PREFIX))
            .order_by(Abutter.id)).all()
        ours: dict[str, tuple[str, dict[str, str]]] = {}
        for abutter in computed:
            lines = address_lines_of(abutter)
            name, addresses = ours.setdefault(match_key(abutter.owner_name),
                                              (abutter.owner_name, {}))
            addresses[_address_key(lines)] = ", ".join(lines)
    if not computed:
        return None
    theirs: dict[str, tuple[str, dict[str, str]]] = {}
    for notice in notices:
        if notice.is_property_owner:
            continue
        name, addresses = theirs.setdefault(match_key(notice.owner_name),
                                            (notice.owner_name, {}))
        addresses[_address_key(notice.address_lines)] = ", ".join(notice.address_lines)
    rows: list[ComparedOwner] = []
    for key in dict.fromkeys((*theirs, *ours)):
        their_name, their_addresses = theirs.get(key, ("", {}))
        our_name, our_addresses = ours.get(key, ("", {}))
        if not our_addresses:
            difference = ONLY_ASSESSOR
        elif not their_addresses:
            difference = ONLY_COMPUTED
        elif set(our_addresses) != set(their_addresses):
            difference = OTHER_ADDRESS
        else:
            difference = SAME
        rows.append(ComparedOwner(their_name or our_name, "; ".join(our_addresses.values()),
                                  "; ".join(their_addresses.values()), difference))
    order = {ONLY_ASSESSOR: 0, ONLY_COMPUTED: 1, OTHER_ADDRESS: 2, SAME: 3}
    rows.sort(key=lambda r: order[r.difference])
    return ListComparison(tuple(rows))
