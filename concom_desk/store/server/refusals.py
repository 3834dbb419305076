"""The server's refusal of a save, in the words of the desk that tried it.

The grants (`roles`) are the server's: a commissioner's desk that tries to change a
filing is stopped by PostgreSQL itself ("permission denied for table filing"). That
refusal reaches the person as one line naming her login and what it may not change —
never a traceback, and nothing of the save is kept (the transaction is rolled back).
"""

from __future__ import annotations

import re

# What a table's rows are called where a refusal names them.
RECORDS = {
    "filing": "filings", "enforcement_case": "enforcement cases",
    "commission_settings": "the commission's settings", "member": "the commission's members",
    "party": "the parties on file", "property": "the properties on file",
    "abutter": "abutter lists", "abutter_notice": "abutter notices",
    "meeting": "meetings", "meeting_schedule": "the meeting schedule",
    "hearing": "hearings", "continuance": "continuances", "hearing_notice": "hearing notices",
    "hearing_waiver": "hearing waivers", "decision": "decisions", "condition": "conditions",
    "standard_condition": "the conditions library",
    "generated_document": "the register of documents",
    "inspection": "inspections", "violation": "violations",
    "enforcement_order": "enforcement orders", "fine": "fines", "fine_payment": "fine payments",
    "case_note": "case notes", "case_attachment": "case attachments",
    "inspection_check": "conditions checked at inspections",
    "conservation_land": "conservation land and restrictions",
    "status_correction": "status corrections", "town_closure_day": "the town's closure days",
    "calendar_feed": "the calendar feed", "records_request": "the public-records request log",
    "vote": "votes", "member_vote": "votes", "attendance": "attendance",
    "minutes_item": "minutes", "audit_entry": "the audit trail",
    "alembic_version": "the records' schema",
}
# A commissioner may draft minutes; what the server withholds from her is the approval.
# (Approving a set also marks its meeting approved: the meeting is refused first.)
ACTS = {"minutes": "approve minutes (the clerk records the commission's approval)",
        "meeting": "change meetings (their schedule, agendas, or the approval of minutes)"}
_DENIED = re.compile(r'permission denied for (?:table|relation|sequence) "?([\w.]+?)"?$')


def is_privilege_refusal(exc: BaseException) -> bool:
    from psycopg.errors import InsufficientPrivilege

    return isinstance(getattr(exc, "orig", exc), InsufficientPrivilege)


def privilege_refusal(exc: BaseException, login: str) -> str | None:
    """One line for the server's "permission denied", or None for any other error."""
    if not is_privilege_refusal(exc):
        return None
    detail = str(getattr(exc, "orig", exc)).strip().splitlines()
    message = detail[0] if detail else "permission denied"
    found = _DENIED.search(message)
    if found is None:
        return f"your login ({login}) may not do that: the server said {message!r}; ask the clerk"
    table = found.group(1).rsplit(".", 1)[-1].removesuffix("_id_seq")
    act = ACTS.get(table) or f"change {RECORDS.get(table, table.replace('_', ' ') + ' records')}"
    return f"your login ({login}) may not {act}; ask the clerk"
