"""Which decision a filing's status change records, what that decision may carry, and
which of the commission's papers state it.

Issuing a filing is the commission's decision: an Order of Conditions (or its denial)
on a Notice of Intent, a positive or negative determination on a Request for
Determination (never a denial: the Request asks whether the law applies, and the answer
is one or the other, 310 CMR 10.05(3)(b)), an Order of Resource Area Delineation on an
ANRAD, an amended Order, an extension, a certificate of compliance (full or partial,
310 CMR 10.05(9)). Marking a permit "Completed (COC issued)" records its certificate on
the permit itself. This module is pure: it names the kinds and judges nothing stored.
"""

from __future__ import annotations

from dataclasses import dataclass

# The store's codes (concom_desk.store.models.decisions.DECISION_KINDS).
ORDER = "order_of_conditions"
POSITIVE = "positive_determination"
NEGATIVE = "negative_determination"
DENIAL = "denial"
DELINEATION = "order_of_delineation"
EXTENSION = "extension_permit"
AMENDED = "amended_order"
COC = "certificate_of_compliance"
PARTIAL_COC = "partial_certificate_of_compliance"
EMERGENCY = "emergency_certification"
EXTENSION_DENIED = "denial_of_extension"
COC_DENIED = "denial_of_coc"

COC_KINDS = (COC, PARTIAL_COC)

DECISION_NAMES: dict[str, str] = {
    ORDER: "Order of Conditions (permit)",
    POSITIVE: "Positive determination",
    NEGATIVE: "Negative determination",
    DENIAL: "Denial",
    DELINEATION: "Order of Resource Area Delineation",
    EXTENSION: "Extension permit",
    AMENDED: "Amended Order of Conditions",
    COC: "Certificate of Compliance",
    PARTIAL_COC: "Partial Certificate of Compliance",
    EMERGENCY: "Emergency certification",
    EXTENSION_DENIED: "Extension denied",
    COC_DENIED: "Certificate of compliance refused",
}

# Per filing kind and the status that records it, the decisions it can be, the
# usual one first. "completed" on a permit is its certificate of compliance.
_ISSUED: dict[str, tuple[str, ...]] = {
    "noi": (ORDER,),
    "rda": (NEGATIVE, POSITIVE),
    "anrad": (DELINEATION,),
    "amendment": (AMENDED,),
    "extension": (EXTENSION,),
    "coc": (COC, PARTIAL_COC),
    "emergency": (EMERGENCY,),
}
_DENIED: dict[str, tuple[str, ...]] = {
    "noi": (DENIAL,),
    "anrad": (DENIAL,),
    "amendment": (DENIAL,),
    "extension": (EXTENSION_DENIED,),
    "coc": (COC_DENIED,),
    "emergency": (DENIAL,),
}
_COMPLETED: dict[str, tuple[str, ...]] = {
    "noi": COC_KINDS, "amendment": COC_KINDS, "emergency": COC_KINDS,
}
_BY_STATUS = {"issued": _ISSUED, "denied": _DENIED, "completed": _COMPLETED}

# The statuses whose change records a decision.
DECISION_STATUSES = frozenset(_BY_STATUS)


def decision_kinds(filing_kind: str, status: str) -> tuple[str, ...]:
    """The decisions moving a filing of `filing_kind` to `status` records (the usual
    first); empty when that change records none."""
    return _BY_STATUS.get(status, {}).get(filing_kind, ())


def can_be_denied(filing_kind: str) -> bool:
    return bool(_DENIED.get(filing_kind))


@dataclass(frozen=True)
class WhatItCarries:
    """What the clerk enters with a decision of this kind."""

    findings: bool  # the commission's findings, one a line
    conditions: str  # "" none; else what the conditions are called on the paper
    reasons: bool  # a denial's reasons and its kind (procedural or substantive)
    inspection: bool  # the site inspection before a certificate (310 CMR 10.05(9)(b))


def what_it_carries(kind: str) -> WhatItCarries:
    """A negative determination may carry conditions (WPA Form 2, negative box 3: "subject
    to the following conditions (if any)"); a positive one requires a Notice of Intent
    and carries none. An Order carries special conditions beside the town's standard
    ones; a certificate lists the conditions that continue after it."""
    if kind in (DENIAL, EXTENSION_DENIED, COC_DENIED):
        return WhatItCarries(findings=False, conditions="", reasons=True,
                             inspection=kind == COC_DENIED)
    if kind in COC_KINDS:
        return WhatItCarries(findings=True, conditions="Conditions that continue",
                             reasons=False, inspection=True)
    conditions = {ORDER: "Special conditions", AMENDED: "Special conditions",
                  NEGATIVE: "Conditions (if any)", EMERGENCY: "Conditions"}.get(kind, "")
    return WhatItCarries(findings=kind != EXTENSION, conditions=conditions, reasons=False,
                         inspection=False)


# The bylaw's paper that states each decision.
DOCUMENT_OF: dict[str, str] = {
    ORDER: "permit",
    POSITIVE: "determination-positive",
    NEGATIVE: "determination-negative",
    DENIAL: "denial",
    DELINEATION: "resource-area-delineation",
    EXTENSION: "extension-permit",
    AMENDED: "amended-permit",
    COC: "certificate-of-compliance",
    PARTIAL_COC: "certificate-of-compliance",
    EMERGENCY: "emergency-certification",
    EXTENSION_DENIED: "denial",
}
DECISION_DOCUMENTS = frozenset(DOCUMENT_OF.values())


def documents_for(filing_kind: str, status: str, decided: str | None) -> list[str]:
    """The decision papers offered for a filing, the one stating its recorded decision
    first. A paper for a decision its kind cannot have is never offered (no negative
    determination on a Notice of Intent, no denial of a Request for Determination); nor
    one its status has ruled out (the permit of a denied application, the denial of an
    issued permit, a certificate for work on a permit never issued)."""
    issued = decision_kinds(filing_kind, "issued")
    denied = decision_kinds(filing_kind, "denied")
    certified = decision_kinds(filing_kind, "completed")
    if status == "denied":
        possible = list(denied)
    elif status in ("issued", "expired", "completed"):
        possible = [*issued, *certified]
        if filing_kind == "rda" and decided in issued:
            possible = [decided]  # the determination made; the other is not its answer
    elif status in ("withdrawn", "void"):
        possible = []
    else:  # not decided yet: any of its answers, made as a DRAFT until it is
        possible = [*issued, *denied]
    first = [DOCUMENT_OF[COC]] if status == "completed" else []
    if decided in possible and decided in DOCUMENT_OF:
        first.append(DOCUMENT_OF[decided])
    ordered = [*first, *(DOCUMENT_OF[k] for k in possible if k in DOCUMENT_OF)]
    return list(dict.fromkeys(ordered))
