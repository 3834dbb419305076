"""Every table of the commission's record, one module per area.

Importing this package registers all models on `Base.metadata`.
"""

from concom_desk.store.models.abutters import NOTICE_METHODS, Abutter, AbutterNotice
from concom_desk.store.models.audit import AuditEntry, record_history
from concom_desk.store.models.base import Base
from concom_desk.store.models.commission import (
    MEMBER_ROLES,
    CommissionSettings,
    Member,
    TownClosureDay,
    majority_of,
    members_in_office,
)
from concom_desk.store.models.decisions import (
    CONDITION_KINDS,
    DECISION_KINDS,
    DENIAL_KINDS,
    Condition,
    Decision,
    StandardCondition,
)
from concom_desk.store.models.documents import GeneratedDocument
from concom_desk.store.models.enforcement import (
    CASE_STATUSES,
    FINE_KINDS,
    ORDER_KINDS,
    EnforcementCase,
    EnforcementOrder,
    Fine,
    FinePayment,
    Inspection,
    InspectionCheck,
    Violation,
)
from concom_desk.store.models.enforcement_records import (
    ATTACHMENT_KINDS,
    CaseAttachment,
    CaseNote,
)
from concom_desk.store.models.filings import (
    FILING_DATE_FIELDS,
    FILING_KINDS,
    FILING_STATUSES,
    Filing,
)
from concom_desk.store.models.meetings import (
    HEARING_STATUSES,
    MEETING_KINDS,
    OPEN_HEARING_STATUSES,
    VOTE_CHOICES,
    Attendance,
    Continuance,
    Hearing,
    HearingWaiver,
    Meeting,
    MemberVote,
    Vote,
)
from concom_desk.store.models.parties import PARTY_KINDS, Party, Property
from concom_desk.store.models.payments import Payment
from concom_desk.store.models.resource_areas import CaseResourceArea, FilingResourceArea
from concom_desk.store.models.status_corrections import StatusCorrection

__all__ = [
    "ATTACHMENT_KINDS", "CASE_STATUSES", "CaseAttachment", "CaseNote",
    "CONDITION_KINDS", "DECISION_KINDS", "DENIAL_KINDS", "FILING_DATE_FIELDS",
    "FILING_KINDS", "FILING_STATUSES", "FINE_KINDS", "HEARING_STATUSES", "MEETING_KINDS",
    "OPEN_HEARING_STATUSES",
    "MEMBER_ROLES", "NOTICE_METHODS", "ORDER_KINDS", "PARTY_KINDS", "VOTE_CHOICES",
    "Abutter", "AbutterNotice", "Attendance", "AuditEntry", "Base", "CaseResourceArea",
    "CommissionSettings",
    "Condition", "Continuance", "Decision", "EnforcementCase", "EnforcementOrder", "Filing",
    "Fine", "FilingResourceArea", "FinePayment", "GeneratedDocument", "Hearing",
    "HearingWaiver", "Inspection",
    "InspectionCheck",
    "Meeting", "Member", "MemberVote", "Party", "Payment", "Property", "StandardCondition",
    "StatusCorrection",
    "TownClosureDay", "Vote",
    "Violation", "majority_of", "members_in_office", "record_history",
]

# The hearing calendar's tables (schedule, legal notices owed, feed identity) live in
# their own module; importing it registers them on Base.metadata.
from concom_desk.store.models import calendar as _calendar_tables  # noqa: E402, F401

# Minutes and the records-request log (schema 0009_minutes).
from concom_desk.store.models import minutes as _minutes_tables  # noqa: E402, F401

# Conservation land and restrictions (schema 0015_inspections_and_land).
from concom_desk.store.models.conservation_land import (  # noqa: E402
    LAND_KINDS,
    ConservationLand,
)

__all__ += ["LAND_KINDS", "ConservationLand"]

# Executive-session minutes, withheld until released (schema 0018_executive_minutes).
from concom_desk.store.models.executive_minutes import ExecutiveMinutes  # noqa: E402

__all__ += ["ExecutiveMinutes"]
