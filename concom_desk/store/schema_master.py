"""What a database at this program's schema holds, object by object: every table and
index in sqlite_master as the migrations make them, each with a digest of its SQL.

`check` compares a file stamped at the program's revision with this list (views are
never the program's; triggers are compared word for word by the guards), so a view,
an index on lower(name), a column added to the audit trail, a CHECK weakened through
writable_schema or a partial UNIQUE index is named rather than called sound. The
list is kept equal to a database made afresh by tests/store/test_schema_master.py;
after a schema change, print the new list with

    python -m concom_desk.store.schema_master
"""

from __future__ import annotations

import hashlib
import re
import sqlite3

# Objects SQLite makes and names itself (a UNIQUE constraint's index, whose change shows
# in its table's SQL; ANALYZE's statistics), left out.
_SQLITE_OWN = re.compile(r"^sqlite_")


def sql_digest(sql: str | None) -> str:
    """A short digest of an object's SQL, blind to spacing (SQLite keeps the text as it
    was written) and to the order of a table's clauses (a migration that rebuilds a
    table writes its constraints in whatever order Python's sets give them)."""
    text = re.sub(r"\s+", " ", sql or "").strip()
    opening, closing = text.find("("), text.rfind(")")
    if text.upper().startswith("CREATE TABLE") and 0 < opening < closing:
        clauses = sorted(part.strip() for part in _top_level_split(text[opening + 1:closing]))
        text = f"{text[:opening].strip()} ({', '.join(clauses)}){text[closing + 1:]}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _top_level_split(body: str) -> list[str]:
    """The comma-separated clauses of a table's definition (commas inside brackets or
    quotes belong to their clause)."""
    parts, depth, quote, start = [], 0, "", 0
    for index, char in enumerate(body):
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"`[":
            quote = "]" if char == "[" else char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(body[start:index])
            start = index + 1
    parts.append(body[start:])
    return parts


def schema_of(conn: sqlite3.Connection) -> dict[tuple[str, str], str]:
    """(type, name) → digest of every table, index and view of the database."""
    return {(kind, name): sql_digest(sql) for kind, name, sql in conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'view')")
        if not _SQLITE_OWN.match(name)}


# The revision the list was taken at. A program whose migrations have moved on (a
# revision merged without the list made again) compares nothing rather than calling
# every database tampered; tests/hostile/test_schema_tamper.py fails until it is made.
EXPECTED_REVISION = "0023_expiry_index"
EXPECTED: dict[tuple[str, str], str] = {
    ('index', 'ix_abutter_filing_id'): '41c2906b96066c69',
    ('index', 'ix_abutter_notice_abutter_id'): '5936607aabcea4db',
    ('index', 'ix_abutter_notice_document_id'): '59efc00e2642bed6',
    ('index', 'ix_abutter_notice_hearing_id'): '8598a91d3cb7b9db',
    ('index', 'ix_attendance_meeting_id'): '45ea4893b7b1ab9f',
    ('index', 'ix_attendance_member_id'): '6c7ad05e00d5a9d8',
    ('index', 'ix_audit_entry_table_name_record_id'): '7030a3eb3651591e',
    ('index', 'ix_case_attachment_case_id'): '920f80da1a292c27',
    ('index', 'ix_case_attachment_inspection_id'): '1ec985b308df08bf',
    ('index', 'ix_case_note_case_id'): 'f3fe8c1b3fc95b8e',
    ('index', 'ix_case_note_noted_on'): '1beebd349f085550',
    ('index', 'ix_case_resource_area_case_id'): '5ab687aa25f5a9e5',
    ('index', 'ix_condition_decision_id'): 'aba69cf9e51dac46',
    ('index', 'ix_condition_standard_condition_id'): '2527f9c854ec1d2d',
    ('index', 'ix_continuance_from_meeting_id'): '28570bafeb95a4ad',
    ('index', 'ix_continuance_hearing_id'): '37a86811ffebc5b5',
    ('index', 'ix_continuance_to_meeting_id'): '52b336c4fb840a20',
    ('index', 'ix_decision_filing_id'): '4f91cf0048d45207',
    ('index', 'ix_decision_vote_id'): '4ee52ede43eee94e',
    ('index', 'ix_enforcement_case_filing_id'): '6a46bb22a4b5715a',
    ('index', 'ix_enforcement_case_opened_on'): '8e6d1186282072d0',
    ('index', 'ix_enforcement_case_property_id'): 'e61c6d7f9c34f465',
    ('index', 'ix_enforcement_case_status'): '3da340e11dc35b5c',
    ('index', 'ix_enforcement_case_violator_id'): 'a354ab77f405391f',
    ('index', 'ix_enforcement_order_case_id'): 'beb04f97b38c35b7',
    ('index', 'ix_enforcement_order_ratified_meeting_id'): 'ace703a2a01aed3d',
    ('index', 'ix_executive_minutes_entry_vote_id'): 'd81e1133df06235b',
    ('index', 'ix_executive_minutes_meeting_id'): 'd89cf2334068f556',
    ('index', 'ix_executive_minutes_released_vote_id'): 'a16ba1f15900bea0',
    ('index', 'ix_filing_applicant_id'): '0782d3d3fc7d6d7e',
    ('index', 'ix_filing_expires'): '53d01a5caae2782f',
    ('index', 'ix_filing_file_no_lower'): '0bc143bd1fce1463',
    ('index', 'ix_filing_kind'): '4042a9607a063c24',
    ('index', 'ix_filing_original_id'): 'cd6efdb548713e30',
    ('index', 'ix_filing_owner_id'): 'ac5a515a86bc8773',
    ('index', 'ix_filing_property_id'): 'aec172d9e3845a51',
    ('index', 'ix_filing_received'): 'd5044a140528ae91',
    ('index', 'ix_filing_representative_id'): '118263829079ae98',
    ('index', 'ix_filing_resource_area_filing_id'): '5b0ee8e608128341',
    ('index', 'ix_filing_status'): '2adb8d1b73427964',
    ('index', 'ix_fine_case_id'): 'a1643a5d242b967d',
    ('index', 'ix_fine_payment_fine_id'): 'b0c7a16b13b77e66',
    ('index', 'ix_fine_violation_id'): '1ef8270fc56b85f1',
    ('index', 'ix_generated_document_enforcement_case_id'): '54f7b3a5736bf012',
    ('index', 'ix_generated_document_filing_id'): 'a43fa6c8588018ef',
    ('index', 'ix_generated_document_meeting_id'): 'fddec9fefae9f7a6',
    ('index', 'ix_generated_document_template'): 'd0099c98ed5198b3',
    ('index', 'ix_hearing_filing_id'): 'fedb7cf443f4c1c9',
    ('index', 'ix_hearing_meeting_id'): 'cc0decdd65d4a896',
    ('index', 'ix_hearing_notice_hearing_id'): '1593cd20d5275b2b',
    ('index', 'ix_hearing_notice_meeting_id'): '16b1946359c4d0d4',
    ('index', 'ix_hearing_waiver_document_id'): 'b29b91c4f21d690d',
    ('index', 'ix_hearing_waiver_filing_id'): 'efc18e1cdb459af1',
    ('index', 'ix_inspection_case_id'): '6381f29db8709eb0',
    ('index', 'ix_inspection_check_condition_id'): 'd643317522249120',
    ('index', 'ix_inspection_check_inspection_id'): 'a427111b4577b5e5',
    ('index', 'ix_inspection_filing_id'): 'ddc14eb8b69e880b',
    ('index', 'ix_inspection_land_id'): '2b0612fb23a8a77e',
    ('index', 'ix_meeting_held_on'): '49ec789fe416122f',
    ('index', 'ix_member_vote_member_id'): '227e6bbf889dc199',
    ('index', 'ix_member_vote_vote_id'): '20a4853ab4a84608',
    ('index', 'ix_minutes_amends_id'): 'c13ac3b412d710b8',
    ('index', 'ix_minutes_approved_meeting_id'): '9daddbcc199a3abf',
    ('index', 'ix_minutes_approved_vote_id'): 'c6de64a443a45ff3',
    ('index', 'ix_minutes_item_minutes_id'): 'e450dbd66acb55fe',
    ('index', 'ix_minutes_meeting_id'): '719310c585de6168',
    ('index', 'ix_party_name'): 'e4b4d97351da8163',
    ('index', 'ix_party_name_lower'): '62f7cbf158ef3a18',
    ('index', 'ix_payment_filing_id'): '93c13f52ea5901a9',
    ('index', 'ix_payment_received_on'): 'eabde0ae847d33e5',
    ('index', 'ix_property_address'): 'fd7bbe1dd9c2efba',
    ('index', 'ix_property_address_lower'): '395ba2de5b0fb8c7',
    ('index', 'ix_property_map'): '26539618532d8647',
    ('index', 'ix_records_request_meeting_id'): '3ad13abbb430c199',
    ('index', 'ix_records_request_received_on'): 'fe207a56aec988df',
    ('index', 'ix_status_correction_filing_id'): '3d6e4ba203f79cc8',
    ('index', 'ix_violation_case_id'): '89fa36b20d380ddd',
    ('index', 'ix_violation_order_id'): '0375ac772c4469e2',
    ('index', 'ix_vote_enforcement_case_id'): '102f647d8db28c82',
    ('index', 'ix_vote_filing_id'): '8d147304847805e6',
    ('index', 'ix_vote_meeting_id'): '92849813840ef4fd',
    ('index', 'ix_vote_moved_by_id'): '7a74bd564eb4c00b',
    ('index', 'ix_vote_seconded_by_id'): '76a3a2f9a7e7f794',
    ('table', 'abutter'): '73a8d7816b50ea00',
    ('table', 'abutter_notice'): '5f50d14eab32965f',
    ('table', 'alembic_version'): 'd869843add35ab08',
    ('table', 'attendance'): 'a11c2e3d58fc308b',
    ('table', 'audit_entry'): '2c02f05f7c72b7e1',
    ('table', 'calendar_feed'): '341a77401162ed1c',
    ('table', 'case_attachment'): 'c3c8dc8f7de4ebaf',
    ('table', 'case_note'): 'e2b3b4581cfc179a',
    ('table', 'case_resource_area'): '02992bcbc672c0a6',
    ('table', 'commission_settings'): '48fbe1f4e7972d21',
    ('table', 'condition'): '14963b1d18ebd8c3',
    ('table', 'conservation_land'): '44897f0d8ec5e3f5',
    ('table', 'continuance'): '7ba7f5578cc4a067',
    ('table', 'decision'): '6de495f06b7dcbc4',
    ('table', 'enforcement_case'): '247328590cfdf91e',
    ('table', 'enforcement_order'): '9104c90715dd22de',
    ('table', 'executive_minutes'): '57f6cfb384b1f400',
    ('table', 'filing'): '8b116b6ef4b1b276',
    ('table', 'filing_resource_area'): '0ee858aa38573070',
    ('table', 'fine'): 'e0e6a8613b190288',
    ('table', 'fine_payment'): 'd238c1d17910ba7d',
    ('table', 'generated_document'): '0c4854ce6bcd76a8',
    ('table', 'hearing'): '446f2d828f946a9e',
    ('table', 'hearing_notice'): 'b525f4d18597b1bb',
    ('table', 'hearing_waiver'): '1d171e5f7d503def',
    ('table', 'inspection'): 'cde0fbee59983526',
    ('table', 'inspection_check'): '8f9b7bf5f2cbd5c5',
    ('table', 'meeting'): 'a18ae19b138026cf',
    ('table', 'meeting_schedule'): '3a2fb991ec2a746b',
    ('table', 'member'): '81ca72306b460d23',
    ('table', 'member_vote'): '3dc9b5a28e0f97fa',
    ('table', 'minutes'): '82f654f8501ee42b',
    ('table', 'minutes_item'): '4a75ac4459682162',
    ('table', 'party'): '7df8c15115283ea3',
    ('table', 'payment'): 'c7ba6fc129ec5ef7',
    ('table', 'property'): 'a7b0bb8e073df796',
    ('table', 'records_request'): 'e504580d66ea1811',
    ('table', 'standard_condition'): '6b1b103be8960db3',
    ('table', 'status_correction'): '67be6ff50c807adf',
    ('table', 'town_closure_day'): 'd3c1951996795e37',
    ('table', 'violation'): '5b19e991e0a56853',
    ('table', 'vote'): '547b8a2ee74e3d92',
}



def schema_differences(conn: sqlite3.Connection, older_too: bool = False) -> list[str]:
    """Each table, index and view of a file at the program's own revision that is not
    as the program makes it (store/schema_master.py), in plain words. Tables missing
    or short of a column are told by schema_shape; triggers by the guards.
    `older_too` (check, which does not upgrade): a file at an older revision is
    compared with what the migrations make at that revision (older_differences)."""
    from concom_desk.store.db_identity import is_newer_than_program, known_heads, read_identity
    from concom_desk.store.schema_columns import COLUMNS

    revision = read_identity(conn).revision
    if (older_too and revision and revision != known_heads()
            and not is_newer_than_program(revision)):
        return older_differences(conn, revision)
    if revision != EXPECTED_REVISION:
        return []  # a revision the list was not taken at (see schema_master)
    found = []
    present = schema_of(conn)
    for (kind, name), digest in sorted(present.items()):
        if (kind, name) in EXPECTED and EXPECTED[(kind, name)] == digest:
            continue
        sql_row = conn.execute("SELECT sql, tbl_name FROM sqlite_master WHERE type = ? AND "
                               "name = ?", (kind, name)).fetchone()
        sql = " ".join((sql_row[0] or "").split())
        shown = sql if len(sql) <= 90 else sql[:87] + "…"
        if (kind, name) not in EXPECTED:
            article = "an" if kind == "index" else "a"
            found.append(f"{article} {kind} {name!r} that ConCom Desk does not make ({shown})")
        elif kind == "table":
            quoted = name.replace('"', '""')
            columns = [row[1] for row in conn.execute(f'PRAGMA table_info("{quoted}")')]
            added = [c for c in columns if c not in COLUMNS.get(name, columns)]
            if added:
                found += [f"a column {column!r} added to the table {name!r}" for column in added]
            elif set(COLUMNS.get(name, ())) <= set(columns):
                found.append(f"the table {name!r} defined otherwise than ConCom Desk makes it "
                             "(a CHECK, a constraint or a column's type changed)")
        else:
            found.append(f"the {kind} {name!r} defined otherwise than ConCom Desk makes it "
                         f"({shown})")
    tables = {name for kind, name in present if kind == "table"}
    for kind, name in sorted(set(EXPECTED) - set(present)):
        # The index of a table missing whole is not told twice: schema_shape names the table.
        if kind == "index" and _indexed_table(name) in tables:
            found.append(f"the index {name!r} that ConCom Desk makes is missing")
    return found


def older_differences(conn: sqlite3.Connection, revision: str) -> list[str]:
    """What a file at an older revision holds that the migrations do not make at that
    revision (built afresh, store.schema_objects.reference_sql), in the words of
    schema_differences. A table is judged clause by clause: each of its columns and
    constraints must be one the migrations write, so a CHECK weakened or a column added
    is named; what the file lacks is not, as the upgrade adds it (a revision given
    more parents after the file was made leaves a file short of a column, never with
    one of its own)."""
    from concom_desk.store.renumbered import RENUMBERED
    from concom_desk.store.schema_objects import reference_sql

    present = {(kind, name): sql or "" for kind, name, sql in conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'view')")
        if not _SQLITE_OWN.match(name)}
    for case in RENUMBERED:  # what such a file holds is today's case.now (store.renumbered)
        if (revision == case.stamped and ("index", case.has_index) in present
                and ("table", case.lacks_table) not in present):
            revision = case.now
    reference = reference_sql(revision)
    found = []
    for (kind, name), sql in sorted(present.items()):
        shown = _shown(sql)
        if (kind, name) not in reference:
            article = "an" if kind == "index" else "a"
            found.append(f"{article} {kind} {name!r} that ConCom Desk does not make ({shown})")
        elif kind == "table":
            expected = reference[(kind, name)]
            columns = {_clause_name(clause) for clause in _clauses(expected)}
            for clause in sorted(_clauses(sql) - _clauses(expected)):
                if (_clause_name(clause) not in columns
                        and clause.split()[0].upper() not in _CONSTRAINT_WORDS):
                    found.append(f"a column {_clause_name(clause)!r} added to the table "
                                 f"{name!r}")
                else:
                    found.append(f"the table {name!r} defined otherwise than ConCom Desk "
                                 f"makes it at revision {revision} ({_shown(clause)})")
        elif sql_digest(sql) != sql_digest(reference[(kind, name)]):
            found.append(f"the {kind} {name!r} defined otherwise than ConCom Desk makes it "
                         f"({shown})")
    return found


_CONSTRAINT_WORDS = {"CONSTRAINT", "CHECK", "UNIQUE", "PRIMARY", "FOREIGN"}


def _clauses(sql: str) -> set[str]:
    text = re.sub(r"\s+", " ", sql).strip()
    opening, closing = text.find("("), text.rfind(")")
    return {part.strip() for part in _top_level_split(text[opening + 1:closing])}


def _clause_name(clause: str) -> str:
    """The column a clause defines, or the constraint it names (its first word)."""
    words = clause.split()
    name = words[1] if words[0].upper() == "CONSTRAINT" and len(words) > 1 else words[0]
    return name.strip('"`[]')


def _shown(sql: str) -> str:
    text = " ".join(sql.split())
    return text if len(text) <= 90 else text[:87] + "…"


def _indexed_table(index_name: str) -> str | None:
    """The table an index of the naming convention (ix_<table>_<columns>) is on."""
    from concom_desk.store.schema_columns import COLUMNS

    named = [table for table in COLUMNS if index_name.startswith(f"ix_{table}_")]
    return max(named, key=len) if named else None


if __name__ == "__main__":  # the list for this file, from a database made afresh
    import tempfile
    from pathlib import Path

    from concom_desk.store import open_database

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fresh.sqlite"
        open_database(path, initials="JB").close()
        with sqlite3.connect(path) as fresh:
            from concom_desk.store.db_identity import known_heads

            print(f"EXPECTED_REVISION = {known_heads()!r}")
            for key, digest in sorted(schema_of(fresh).items()):
                print(f"    {key!r}: {digest!r},")
