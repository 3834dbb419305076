"""The example contexts of the meeting-record templates: the minutes of a meeting
and the annual report (part of template_examples.EXAMPLES)."""

from __future__ import annotations

from typing import Any

Context = dict[str, Any]

_VOTE = {"motion": "Close the public hearing", "moved": "moved by Alice Wu, seconded by "
         "Robert King", "tally": "Carried 4–0–0",
         "roll_call": "Roll call: Alice Wu, yes; Margaret Hale, yes; Robert King, yes; "
                      "Susan Ortiz, yes."}

MINUTES: Context = {
    "meeting": {"date": "March 3, 2027", "weekday": "Wednesday", "time": "7:00 PM",
                "place": "Upton Town Hall, Room 1, 1 Main Street", "kind": "regular"},
    "minutes": {"state": "draft", "state_label": "DRAFT — not yet approved", "version": "1",
                "called_to_order": "7:02 PM", "adjourned_at": "9:15 PM",
                "posted_at": "Monday, March 1, 2027 10:15 AM",
                "quorum": "4 of 5 members in office present or taking part remotely: a "
                          "quorum (3 needed).",
                "approval": "Draft minutes, available on request under MGL c.30A §22(c) "
                            "before they are approved.",
                "amendment": "",
                # the trail's head, on approved sets only (ChainHead.printed)
                "trail": ""},
    "present": ["Alice Wu", "Margaret Hale", "Robert King"],
    "remote": ["Susan Ortiz"],
    "absent": ["Thomas Brennan"],
    "items": [
        {"no": "1", "heading": "Public hearing: UCC 2027-003 — 12 Pond Street (Notice of "
                               "Intent; applicant Jane Doe)",
         "record": ["Public hearing opened (legal notice published February 24, 2027 in The "
                    "Milford Daily News).", "Hearing closed."],
         "summary": "The applicant's engineer presented the revised plan.",
         "votes": [_VOTE], "exhibits": ["Site plan rev. 2, February 20, 2027"]},
        {"no": "2", "heading": "Other business", "record": [], "summary": "", "votes": [],
         "exhibits": []},
    ],
    "documents": ["Agenda, March 3, 2027", "Legal notice, March 3, 2027"],
}

ANNUAL_REPORT: Context = {
    "report": {
        "period": "Calendar year 2026 (January 1, 2026 – December 31, 2026)",
        "period_short": "2026",
        "filings_total": "42",
        "by_kind": [{"kind": "Notice of Intent", "count": "20",
                     "outcomes": "15 issued, 1 denied, 4 pending"},
                    {"kind": "Request for Determination of Applicability", "count": "22",
                     "outcomes": "21 issued, 1 withdrawn"}],
        # The chart is an image in the real report; "" here (the template shows nothing).
        "chart": "",
        "hearings": ["38 hearings opened; 12 continuances granted.",
                     "Median 41 days from filing to decision (36 decisions)."],
        "permits": ["9 permits expiring in the period; 3 extension permits issued.",
                    "7 certificates of compliance issued."],
        "enforcement": ["4 enforcement cases opened, 3 closed.",
                        "2 fines assessed: $600.00."],
        "fees": ["Fees collected: $8,450.00 (40 filings).",
                 "Fees waived: 2 filings ($150.00)."],
        "trail": "Audit trail: 3,411 entries, head 3f2a9c01d4e5b6a7 (compare: concom-desk "
                 "check --head 3411:3f2a9c01d4e5b6a7)",
    },
}


# The inspection report (services/inspections/report.py): one visit of a filing. A
# photo's `image` is the picture itself in a document made (empty in this example).
INSPECTION_REPORT: Context = {
    "inspection": {
        "file_no": "2026-014", "dep_file_no": "SE 301-1234",
        "kind": "Notice of Intent", "applicant": "Daniel and Susan Forsberg",
        "address": "12 Mill Street", "map_lot": "4-112",
        "work": "Septic system repair within the 100-foot buffer zone",
        "purpose": "Erosion controls", "date": "May 12, 2027", "by": "Jane Smith, Agent",
        "findings": "Silt fence in place and maintained; no sediment past the limit of work.",
        "follow_up": "June 9, 2027",
    },
    "checks": [{"number": "3", "result": "Complied with", "note": "",
                "text": "Erosion controls shall be installed before work begins."}],
    "photos": [{"number": "1", "image": "", "name": "IMG_0042.jpg"}],
}


# The monitoring report (services/land/monitoring.py): one visit of conservation land
# or a restriction.
MONITORING_REPORT: Context = {
    "land": {
        "name": "Pond Road Meadow CR", "kind": "Conservation restriction",
        "address": "14 Pond Road", "map_lot": "14-22", "acres": "12.5",
        "holder": "Upton Conservation Commission", "grantor": "Ruth and Alan Kimball",
        "recording": "Book 61234, Page 118, recorded June 3, 2019",
        "terms": "No building, paving or cutting except trail upkeep.",
    },
    "visit": {"date": "May 12, 2027", "by": "Jane Smith, Agent", "purpose": "Yearly monitoring",
              "findings": "Boundary markers in place; no encroachment seen.",
              "follow_up": ""},
    "photos": [{"number": "1", "image": "", "name": "IMG_0042.jpg"}],
}
