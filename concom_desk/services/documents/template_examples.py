"""One example context per template: the single source of truth for the fields
a template may use.

The template checker reads these to know every field name (and to suggest the
nearest one for a typo), the field reference prints them with their example
values, and the tests render every default template with them. A field added
to a context builder without an example here is a field no clerk can find, so
the builders' tests compare their keys against these examples.

The field reference of docs/templates.md is printed from them.
"""

from __future__ import annotations

import copy
from typing import Any

from concom_desk.services.documents import template_examples_records as records_examples
from concom_desk.services.documents.template_examples_common import COMMON as _COMMON
from concom_desk.services.documents.template_examples_enforcement import ENFORCEMENT as _ENFORCEMENT

Context = dict[str, Any]

# Deadline ids a filing-based context always carries (empty strings when a
# town's bylaw or the filing's kind sets no such deadline), so a template can
# test `{% if deadlines.appeal_ends.date %}` without tripping StrictUndefined.
DEADLINE_IDS: tuple[str, ...] = (
    "hearing_by", "legal_notice_by", "abutter_notice_by", "board_comment_period_ends",
    "decision_by", "appeal_ends", "expires", "extension_request_by", "coc_decision_by",
    "coc_application_by", "hearing_request_by", "emergency_work_complete_by",
    "emergency_filing_by", "dep_copy_by",
)

_PARTY_APPLICANT = {
    "name": "Jane Doe",
    "company": "",
    "address_lines": ["12 Pond Street", "Upton, MA 01568"],
    "phone": "(508) 555-0142",
    "email": "jane.doe@example.com",
    "has": "has",  # the verb the name takes: "Daniel and Susan Forsberg have filed"
}
_PARTY_OWNER = {
    "name": "Doe Family Trust, John Doe, Trustee",
    "company": "",
    "address_lines": ["PO Box 77", "Upton, MA 01568"],
    "phone": "",
    "email": "",
    "has": "has",
}
_PARTY_REPRESENTATIVE = {
    "name": "David Ellis, P.E.",
    "company": "Blackstone Valley Engineering, Inc.",
    "address_lines": ["40 Mill Road", "Grafton, MA 01519"],
    "phone": "(508) 555-0190",
    "email": "permits@bve.example.com",
    "has": "has",
}


def _deadline(date: str, label: str, citation: str, why: str = "") -> dict[str, str]:
    # `why`: how the date was reached where more than one count made it (an expiry the
    # permit extension acts moved: "3-year term to …; + 2 years, St. 2024 c.238 §280 → …").
    return {"date": date, "label": label, "citation": citation, "why": why}


_DEADLINES: Context = {ident: _deadline("", "", "") for ident in DEADLINE_IDS}
_DEADLINES.update({
    "hearing_by": _deadline("July 3, 2026", "Open the public hearing",
                            "Upton ch. 330: hearing within 21 days of receipt"),
    "legal_notice_by": _deadline("June 24, 2026", "Publish the legal notice",
                                 "Upton ch. 330: at least 5 business days before the hearing"),
    "board_comment_period_ends": _deadline(
        "June 26, 2026", "Other boards' comment period ends",
        "Upton ch. 330: 14 days for Planning, Health and the Building Inspector"),
    "decision_by": _deadline("August 7, 2026", "Issue the decision",
                             "Upton ch. 330: within 21 days of the close of the hearing"),
    "appeal_ends": _deadline("August 26, 2026", "Appeal period ends",
                             "Upton ch. 330; MGL c.249 §4: 21 days from issuance"),
    "expires": _deadline("August 5, 2029", "Permit expires",
                         "Upton ch. 330: valid for three years from issuance",
                         "3-year term to 2029-08-05"),
    "extension_request_by": _deadline("July 6, 2029", "Request an extension by",
                                      "Upton ch. 330: at least 30 days before expiry"),
})

_DEP_OFFICE: Context = {
    "name": "Central Regional Office",
    "address": "8 New Bond Street, Worcester, MA 01606",
    "text": "MassDEP Central Regional Office, 8 New Bond Street, Worcester, MA 01606",
}

_FILING_BASED: Context = {
    "filing": {
        "file_no": "UCC 2026-014",
        "dep_file_no": "SE 316-0412",
        "kind": "noi",
        "kind_name": "Notice of Intent / Application for Permit",
        "work_description": ("Construction of a 24 ft x 30 ft addition and deck, "
                             "regrading and a stormwater infiltration system"),
        "resource_areas": "Bordering Vegetated Wetland and 100-foot Buffer Zone",
        "work_and_areas": ("Construction of a 24 ft x 30 ft addition and deck, regrading and "
                           "a stormwater infiltration system, within Bordering Vegetated "
                           "Wetland and 100-foot Buffer Zone"),
        "laws": "both",
        "under_act": True,
        "joint": True,
        # Each law it is under, in the papers' words (domain/laws.under_words).
        "under_words": "the Wetlands Protection Act (MGL c.131 §40) and the Upton wetlands "
                       "bylaw",
        "status": "issued",
        "received": "June 12, 2026",
        "hearing": "July 1, 2026",
        "closed": "July 15, 2026",
        "decided": "July 15, 2026",
        "issued": "August 5, 2026",
        "expires": "August 5, 2029",
        "received_iso": "2026-06-12",
        "issued_iso": "2026-08-05",
        "expires_iso": "2029-08-05",
        "boards_notified": "June 15, 2026",
        # Where the permit was recorded ("" until the recording receipt comes back).
        "recorded": "August 20, 2026",
        "recorded_book": "66012",
        "recorded_page": "245",
        "recorded_document": "",  # Land Court document no., registered land only
        "notes": "Applicant asked for the hearing to be held after July 1.",
    },
    "fees": {
        "filing_fee": "$1,250.00",
        "filing_fee_paid": "June 12, 2026",
        "filing_fee_waived": False,
        "filing_fee_waiver_reason": "",
        "consultant": "Goddard Consulting, LLC",
        "consultant_fee": "$2,000.00",  # MGL c.44 §53G review account
        "consultant_fee_paid": "June 26, 2026",
    },
    "bond": {
        "amount": "$5,000.00",
        "kind": "passbook",
        "posted": "August 12, 2026",
        "released": "",
    },
    "applicant": _PARTY_APPLICANT,
    "owner": _PARTY_OWNER,
    "representative": _PARTY_REPRESENTATIVE,
    "property": {
        "address": "12 Pond Street",
        "map": "14",
        "lot": "27",
        "map_lot": "14-27",
        "book": "61234",
        "page": "118",
        "certificate": "",
        "registry": "Worcester District Registry of Deeds",
    },
    "deadlines": _DEADLINES,
    # The town's MassDEP regional office, where the Act applies ("" where it does not).
    "dep_office": _DEP_OFFICE,
    "plans": [
        {"title": "Site Plan, 12 Pond Street, Upton MA",
         "prepared_by": "Blackstone Valley Engineering, Inc.",
         "dated": "May 20, 2026", "revised": "July 10, 2026"},
    ],
    "hearing": {"date": "July 1, 2026", "weekday": "Wednesday", "time": "7:00 PM",
                "place": "Upton Town Hall, Room 1, 1 Main Street"},
    # The bylaw's route, and the Act's for a joint filing (concom_desk/domain/appeal_routes).
    "appeal_routes": [
        {"title": "Under the bylaw",
         "text": "Any person may appeal this decision to the Superior Court under MGL c.249 "
                 "§4 within 21 days of the date of its issuance (Upton ch. 330)."},
        {"title": "Under the Wetlands Protection Act (MGL c.131 §40)",
         "text": "The applicant, the owner, any person aggrieved by this Order, any owner of "
                 "land abutting the land subject to this Order, or any ten residents may ask "
                 "the MassDEP Central Regional Office, 8 New Bond Street, Worcester, MA 01606, "
                 "for a Superseding Order of Conditions within ten "
                 "business days of the date of issuance of this Order (MGL c.131 §40; 310 CMR "
                 "10.05(7)(j))."},
    ],
}

_STANDARD_CONDITIONS = [
    {"number": 1, "text": "Failure to comply with all conditions of this permit is grounds "
                          "for enforcement, including fines."},
    {"number": 2, "text": "No work shall begin until this permit has been recorded at the "
                          "Registry of Deeds and proof of recording sent to the Commission."},
    {"number": 3, "text": "Erosion controls shall be installed as shown on the approved plan "
                          "and inspected by the Commission's agent before any work begins."},
]
_SPECIAL_CONDITIONS = [
    {"number": 4, "text": "The deck shall be built on sonotubes; no fill within 50 feet of "
                          "the wetland."},
    {"number": 5, "text": "Twelve native shrubs shall be planted along the wetland edge "
                          "before a Certificate of Compliance is requested."},
]

_ORIGINAL_PERMIT: Context = {
    "file_no": "UCC 2023-009",
    "dep_file_no": "SE 316-0377",
    "issued": "May 3, 2023",
    "expires": "May 3, 2026",
    "book": "60012",
    "page": "45",
    "recorded": "May 20, 2023",  # the day the Registry recorded it
    "document": "",  # the Land Court document number, for registered land
}

_MEETING: Context = {"date": "March 3, 2027", "weekday": "Wednesday", "time": "7:00 PM",
                     "place": "Upton Town Hall, Room 1, 1 Main Street"}

_HEARING_ROW: Context = {
    "file_no": "UCC 2027-003",
    "dep_file_no": "SE 316-0430",
    "kind_name": "Notice of Intent",
    "applicant": "Jane Doe",
    "owner": "Doe Family Trust",
    "address": "12 Pond Street",
    "map_lot": "14-27",
    "work_description": "Addition and deck",
    "resource_areas": "Bordering Vegetated Wetland and Buffer Zone",
    "work_and_areas": "Addition and deck, within Bordering Vegetated Wetland and Buffer Zone",
    "continued_from": "",
    "laws": "both",
    "under_words": "the Wetlands Protection Act (MGL c.131 §40) and the Upton wetlands bylaw",
}

_SMITH: Context = {"owner_name": "Robert Smith", "care_of": "",
                   "address_lines": ["3 Elm Street", "Upton, MA 01568"], "parcels": ["14-26"],
                   # How it goes: certified, first_class, hand or certificate_of_mailing.
                   "method": "certified"}
_TREMBLAY: Context = {"owner_name": "Jean Tremblay", "care_of": "",
                      "address_lines": ["12 Rue St-Denis", "Montreal, QC H2X 1K4", "CANADA"],
                      "parcels": ["14-30"], "method": "first_class"}


def _filing(**extras: Any) -> Context:
    return {**copy.deepcopy(_COMMON), **copy.deepcopy(_FILING_BASED), **copy.deepcopy(extras)}


def _build() -> dict[str, Context]:
    permit_extras = {"standard_conditions": _STANDARD_CONDITIONS,
                     "special_conditions": _SPECIAL_CONDITIONS}
    examples: dict[str, Context] = {
        "legal-notice": {
            **copy.deepcopy(_COMMON),
            "meeting": _MEETING,
            "publish_by": "February 24, 2027",
            # The laws of all its hearings together, and the MassDEP office where the
            # Act applies to any of them.
            "under_words": "the Wetlands Protection Act (MGL c.131 §40) and the Upton "
                           "wetlands bylaw",
            # One of its hearings is under the bylaw: the notice cites its chapter.
            "bylaw_cited": True,
            "dep_office": _DEP_OFFICE,
            "hearings": [
                _HEARING_ROW,
                {**_HEARING_ROW, "file_no": "UCC 2027-001", "dep_file_no": "",
                 "kind_name": "Request for Determination of Applicability",
                 "applicant": "Robert Smith", "owner": "Robert Smith",
                 "address": "3 Elm Street", "map_lot": "2-40",
                 "work_description": "Replacement of a septic system",
                 "resource_areas": "Buffer Zone",
                 "work_and_areas": "Replacement of a septic system, within Buffer Zone",
                 "continued_from": "February 17, 2027", "laws": "bylaw",
                 "under_words": "the Upton wetlands bylaw"},
            ],
        },
        "agenda": {
            **copy.deepcopy(_COMMON),
            "meeting": {**_MEETING, "kind": "regular"},
            "post_by": "Monday, March 1, 2027 7:00 PM",
            "hearings": [
                {**_HEARING_ROW, "item_no": "1", "status": "new", "continued_to": ""},
                {**_HEARING_ROW, "item_no": "2", "file_no": "UCC 2026-044",
                 "address": "3 Elm Street", "applicant": "Robert Smith", "owner": "Robert Smith",
                 "status": "continued", "continued_from": "February 17, 2027",
                 "continued_to": ""},
            ],
            "other_business": [{"item_no": "3", "text": "Approval of minutes of February 17"}],
            "ratifications": [{"item_no": "4", "case_no": "ENF 2026-004",
                               "order_date": "February 20, 2027",
                               "signed_by": "Margaret Hale", "address": "88 Mill Pond Road"}],
        },
        "abutter-letter": _filing(notices=[
            {"owner_name": "Robert Smith", "care_of": "",
             "address_lines": ["3 Elm Street", "Upton, MA 01568"], "parcels": ["14-26"],
             "method": "certified"},
            {"owner_name": "Greenway Land Trust Inc", "care_of": "Ann Lee, Treasurer",
             "address_lines": ["PO Box 9", "Hopedale, MA 01747"],
             "parcels": ["14-28", "14-29"], "method": "certified"},
        ]),
        "affidavit-of-service": _filing(
            notices=[_SMITH, _TREMBLAY],
            affidavit={"mailed_on": "June 12, 2026",
                       "method": "certified mail, return receipt requested",
                       # Who mailed, named in the mailing dialog ("" leaves a line).
                       "signed_by": "Jamie Park",
                       "certified_count": 1,
                       "groups": [
                           {"method": "certified mail, return receipt requested",
                            "count": 1, "certified": True,
                            "notices": [_SMITH]},
                           {"method": "first-class mail", "count": 1, "certified": False,
                            "notices": [_TREMBLAY]},
                       ]},
        ),
        "board-notice": _filing(boards=["Planning Board", "Board of Health",
                                        "Building Inspector"]),
        "permit": _filing(**permit_extras),
        "determination-negative": _filing(
            findings=["The work described in the Request is within the Buffer Zone but will "
                      "not remove, fill, dredge or alter an Area Subject to Protection."],
            conditions=[{"number": 1, "text": "Erosion controls shall stay in place until "
                                              "the disturbed area is stabilized."}],
        ),
        "determination-positive": _filing(
            findings=["The area described in the Request is an Area Subject to Protection "
                      "under the bylaw.",
                      "The work described in the Request will alter an Area Subject to "
                      "Protection; a Notice of Intent must be filed."],
        ),
        "resource-area-delineation": _filing(
            confirmed_areas=[
                {"name": "Bordering Vegetated Wetland",
                 "boundary": "Flags A1 to A24 as shown on the plan"},
                {"name": "Bank of an intermittent stream", "boundary": "Flags B1 to B9"},
            ],
        ),
        "denial": _filing(
            denial_kind="substantive",
            reasons=["The work will alter a Bordering Vegetated Wetland without adequate "
                     "replication.",
                     "The applicant has not shown that the buffer zone will be protected."],
        ),
        "extension-permit": _filing(
            original_permit=_ORIGINAL_PERMIT,
            extension={"requested": "March 20, 2026", "new_expires": "May 3, 2029",
                       "term": "three years"},
        ),
        "amended-permit": _filing(
            original_permit=_ORIGINAL_PERMIT,
            changes=["The deck is moved 10 feet farther from the wetland.",
                     "The infiltration system replaces the dry well."],
            **permit_extras,
        ),
        "certificate-of-compliance": _filing(
            original_permit=_ORIGINAL_PERMIT,
            # The certificate's own dates: issued (not the permit's), and requested when
            # a request was filed for it ("" when decided on the permit's own record).
            certificate={"issued": "December 2, 2026", "requested": "November 10, 2026",
                         "findings": ["The work was completed as shown on the as-built "
                                      "plan."]},
            partial=False,
            inspection={"date": "November 18, 2026", "by": "Jamie Park, Conservation Agent",
                        "findings": "Slopes stabilized; erosion controls removed."},
            continuing_conditions=[
                {"number": 7, "text": "No fertilizer or pesticide shall be used within 50 "
                                      "feet of the wetland, in perpetuity."},
            ],
        ),
        "emergency-certification": _filing(
            emergency={"reason": "A collapsed culvert is flooding Pond Street.",
                       "work_allowed": "Replacement of the culvert in kind, with erosion "
                                       "controls; no other work.",
                       "requested_by": "Upton Department of Public Works"},
            special_conditions=[{"number": 1, "text": "Work shall be done in low water and "
                                                      "inside a cofferdam."}],
        ),
        "waiver-21-day": _filing(decision_waiver={"signed_on": "March 20, 2027",
                                                  "signed_by": "Jane Doe",
                                                  "decide_by": "April 30, 2027"}),
        # The expiry watch's letter: the permit in force, and what to ask for by when.
        "expiry-reminder": _filing(reminder={"expired": False, "extended": True,
                                             "acts": "St. 2024 c.238 §280",
                                             "days_before": "30 days"}),
        "violation-notice": {**copy.deepcopy(_COMMON), **copy.deepcopy(_ENFORCEMENT)},
        "enforcement-order": {**copy.deepcopy(_COMMON), **copy.deepcopy(_ENFORCEMENT)},
        "minutes": {**copy.deepcopy(_COMMON), **copy.deepcopy(records_examples.MINUTES)},
        "annual-report": {**copy.deepcopy(_COMMON),
                          **copy.deepcopy(records_examples.ANNUAL_REPORT)},
        "inspection-report": {**copy.deepcopy(_COMMON),
                              **copy.deepcopy(records_examples.INSPECTION_REPORT)},
        "monitoring-report": {**copy.deepcopy(_COMMON),
                              **copy.deepcopy(records_examples.MONITORING_REPORT)},
    }
    examples.update(_wpa_examples(examples))
    return examples


def _wpa_examples(examples: dict[str, Context]) -> dict[str, Context]:
    """Each WPA form: its bylaw counterpart's example, with the `wpa` group the same
    builder makes from the record (concom_desk/services/documents/wpa_fields.py)."""
    from concom_desk.services.documents.wpa_fields import COUNTERPART, example_group

    made = {name: {**copy.deepcopy(examples[bylaw]), "wpa": example_group(name)}
            for name, bylaw in COUNTERPART.items()}
    # Form 5 is an Order issued or a denial: it prints a denial's reasons too.
    made["form-5-order-of-conditions"]["reasons"] = copy.deepcopy(examples["denial"]["reasons"])
    made["enforcement-order-wpa"] = {**copy.deepcopy(examples["enforcement-order"]),
                                     "wpa": example_group("enforcement-order-wpa")}
    return made


EXAMPLES: dict[str, Context] = _build()

# The families of the field reference: the parts every template (or every
# filing-based template) shares are printed once.
COMMON_KEYS: tuple[str, ...] = tuple(_COMMON)
FILING_KEYS: tuple[str, ...] = tuple(_FILING_BASED)
FILING_BASED_TEMPLATES: tuple[str, ...] = tuple(
    name for name, context in EXAMPLES.items() if "filing" in context
)


def example_context(name: str) -> Context:
    """A fresh copy of a template's example (the caller may change it freely);
    a template the program does not know gets every field of every template."""
    if name in EXAMPLES:
        return copy.deepcopy(EXAMPLES[name])
    merged: Context = {}
    for context in EXAMPLES.values():
        merged.update(copy.deepcopy(context))
    return merged
