"""The audit trail on a server, kept by PostgreSQL itself.

The same entries as the SQLite file's triggers write (concom_desk.store.audit), so one
`verify_audit_chain` checks both engines and a trail copied from one to the other
stays sound:
- `at` UTC as "YYYY-MM-DDTHH:MM:SS.mmmZ"; `os_user` the login (`session_user`, which
  no one can change inside a session); `initials` what the desk set for the
  transaction (`concom.initials`, see store.server.engine);
- each row as compact JSON in column order, booleans 0/1 and times
  "YYYY-MM-DD HH:MM:SS.ffffff" as SQLite holds them (so a record's history and the
  replay read the same on both); an update's two images hold only the columns it
  changed;
- `entry_hash` the length-prefixed sha256 of `store.audit.entry_hash`, made in SQL.

One PL/pgSQL function writes every entry. It is SECURITY DEFINER (it runs as the
role that set the server up, the only one allowed to add to `audit_entry`; no desk
role may write the table) with its search_path fixed, so a desk cannot slip in a
function of its own. It takes a transaction-wide advisory lock before it reads the
trail's last entry: two desks saving at once queue there, and the chain cannot fork.

The guards are triggers too: the trail is append-only (no UPDATE, DELETE or
TRUNCATE), filings and enforcement cases are never deleted, approved minutes are
locked (store.record_locks), and no audited table may be emptied by TRUNCATE, which
fires no row trigger and so would leave no entry.

`server_trail_problems` compares what the server holds with what
`install_server_trail` makes, by full definition: the functions' bodies, arguments,
rights and settings, the triggers' `pg_get_triggerdef`, and whether each is enabled.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection

from concom_desk.store.audit import AUDIT_TABLE, NEVER_DELETED
from concom_desk.store.record_locks import KEPT, LOCKED

NOT_AUDITED = (AUDIT_TABLE, "alembic_version")
# The advisory lock every trail entry is written under (per database).
CHAIN_LOCK = 2026_1121
APPEND_ONLY_UPDATE = "the audit trail is append-only: entries cannot be changed"
APPEND_ONLY_DELETE = "the audit trail is append-only: entries cannot be deleted"
NOT_TRUNCATED = ("{table} records cannot be removed all at once (TRUNCATE): the audit "
                 "trail would not record it")
READ_COMMITTED_ONLY = ("the audit trail is written at READ COMMITTED only (the chain is "
                       "read after its lock); change the records in such a transaction")


@dataclass(frozen=True)
class TrailFunction:
    """One function as install makes it, and as pg_proc describes it."""

    name: str
    arguments: str  # as pg_get_function_identity_arguments renders them
    result: str
    language: str
    volatility: str  # pg_proc.provolatile: i, s or v
    definer: bool
    body: str

    def create(self, schema: str) -> str:
        rights = "SECURITY DEFINER" if self.definer else "SECURITY INVOKER"
        volatility = {"i": "IMMUTABLE", "s": "STABLE", "v": "VOLATILE"}[self.volatility]
        return (f"CREATE FUNCTION {schema}.{self.name}({self.arguments}) "
                f"RETURNS {self.result} LANGUAGE {self.language} {volatility} {rights} "
                f"SET search_path = {search_path(schema)} AS $concom${self.body}$concom$")


def search_path(schema: str) -> str:
    """The fixed search_path of every trail function: the records' schema, pg_temp last
    (so no temporary object can stand in for one of ours)."""
    return f"{schema}, pg_temp"


# A value's length in front (4 bytes, big-endian), NULL as the single byte 0xFF: the
# very bytes store.audit.entry_hash feeds sha256.
_FIELD = TrailFunction(
    "concom_hash_field", "value text", "bytea", "sql", "i", False, """
SELECT CASE WHEN value IS NULL THEN decode('ff', 'hex')
            ELSE int4send(octet_length(convert_to(value, 'UTF8'))) || convert_to(value, 'UTF8')
       END
""")

_HASH = TrailFunction(
    "concom_entry_hash",
    "prev text, at text, os_user text, initials text, table_name text, record_id bigint, "
    "action text, old_values text, new_values text", "text", "sql", "i", False, """
SELECT encode(sha256(concom_hash_field(prev) || concom_hash_field(at)
                     || concom_hash_field(os_user) || concom_hash_field(initials)
                     || concom_hash_field(table_name) || concom_hash_field(record_id::text)
                     || concom_hash_field(action) || concom_hash_field(old_values)
                     || concom_hash_field(new_values)), 'hex')
""")

# The row as SQLite's json_object writes it: keys in column order, no spaces, booleans
# as 0/1 (SQLite has no boolean), times (named in `stamps`) with a space and
# microseconds, as SQLAlchemy stores them there. Dates are ISO in JSON already.
def row_json_select(entry: str, stamps: str) -> str:
    """The query giving the JSON text of the row `entry` (a json value) with the time
    columns `stamps` (a text[]): the body of concom_row_json, and what the replay in
    `check` renders each row with (store.server.replay), so both read alike."""
    return f"""SELECT '{{' || coalesce(string_agg(to_json(f.key)::text || ':' || CASE
         WHEN json_typeof(f.value) = 'boolean'
           THEN CASE WHEN f.value::text = 'true' THEN '1' ELSE '0' END
         WHEN json_typeof(f.value) = 'string' AND f.key = ANY ({stamps})
           THEN to_json(to_char((f.value #>> '{{}}')::timestamp,
                                'YYYY-MM-DD HH24:MI:SS.US'))::text
         ELSE f.value::text END, ',' ORDER BY f.n), '') || '}}'
FROM json_each({entry}) WITH ORDINALITY AS f(key, value, n)"""


_ROW = TrailFunction("concom_row_json", "entry json, stamps text[]", "text", "sql", "s",
                     False, f"\n{row_json_select('entry', 'stamps')}\n")

# An update's images keep only the columns it changed, as the SQLite file's triggers
# write them (store.audit._changed_json): `entry`'s columns whose value `other` does
# not share, in column order (json, unlike jsonb, keeps it).
_CHANGED = TrailFunction(
    "concom_changed", "entry json, other json", "json", "sql", "i", False, """
SELECT coalesce(json_object_agg(f.key, f.value ORDER BY f.n), '{}'::json)
FROM json_each(entry) WITH ORDINALITY AS f(key, value, n)
WHERE f.value::text IS DISTINCT FROM (other -> f.key)::text
""")

_TRAIL = TrailFunction(
    "concom_trail", "", "trigger", "plpgsql", "v", True, f"""
DECLARE
  stamps text[] := TG_ARGV;  -- the table's time columns (see concom_row_json)
  who text := session_user;
  initials text := left(coalesce(current_setting('concom.initials', true), ''), 10);
  action text := lower(TG_OP);
  record_no bigint;
  old_values text;
  new_values text;
  last_id bigint;
  prev text;
  moment text;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION '{READ_COMMITTED_ONLY}' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'INSERT' THEN
    record_no := NEW.id;
    new_values := concom_row_json(row_to_json(NEW), stamps);
  ELSIF TG_OP = 'UPDATE' THEN
    record_no := NEW.id;
    old_values := concom_row_json(concom_changed(row_to_json(OLD), row_to_json(NEW)), stamps);
    new_values := concom_row_json(concom_changed(row_to_json(NEW), row_to_json(OLD)), stamps);
  ELSE
    record_no := OLD.id;
    old_values := concom_row_json(row_to_json(OLD), stamps);
  END IF;
  -- One writer at a time from here to its commit: the last entry read below is the
  -- last one committed, and this entry's id comes after it.
  PERFORM pg_advisory_xact_lock({CHAIN_LOCK});
  -- The id is the next after the last, not the sequence's: a trail copied in with its
  -- own ids (concom-desk copy) leaves the sequence behind, and the chain needs no gaps.
  SELECT id, entry_hash INTO last_id, prev FROM {AUDIT_TABLE} ORDER BY id DESC LIMIT 1;
  prev := coalesce(prev, '');
  moment := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  INSERT INTO {AUDIT_TABLE} (id, at, os_user, initials, table_name, record_id, action,
                             old_values, new_values, prev_hash, entry_hash)
  VALUES (coalesce(last_id, 0) + 1, moment, who, initials, TG_TABLE_NAME, record_no,
          action, old_values, new_values,
          prev, concom_entry_hash(prev, moment, who, initials, TG_TABLE_NAME, record_no,
                                  action, old_values, new_values));
  RETURN NULL;
END
""")

_REFUSE = TrailFunction(
    "concom_refuse", "", "trigger", "plpgsql", "v", False, """
BEGIN
  RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'restrict_violation';
END
""")

# Approved minutes, and the items of approved minutes, cannot change (store.record_locks).
_MINUTES_LOCK = TrailFunction(
    "concom_minutes_lock", "", "trigger", "plpgsql", "v", False, f"""
BEGIN
  IF TG_TABLE_NAME = 'minutes' THEN
    IF OLD.state = 'approved' THEN
      RAISE EXCEPTION '{LOCKED}' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF (SELECT state FROM minutes WHERE id = OLD.minutes_id) = 'approved' THEN
      RAISE EXCEPTION '{LOCKED}' USING ERRCODE = 'restrict_violation';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF (SELECT state FROM minutes WHERE id = NEW.minutes_id) = 'approved' THEN
    RAISE EXCEPTION '{LOCKED}' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
""")

FUNCTIONS = (_FIELD, _HASH, _ROW, _CHANGED, _TRAIL, _REFUSE, _MINUTES_LOCK)


@dataclass(frozen=True)
class TrailTrigger:
    name: str
    table: str
    timing: str  # BEFORE or AFTER
    events: tuple[str, ...]  # in the order pg_get_triggerdef names them
    per_row: bool
    function: str
    arguments: tuple[str, ...] = ()

    def definition(self, schema: str, table: str) -> str:
        """The statement that makes it, word for word as pg_get_triggerdef gives it
        back (`schema` and `table` quoted as the server quotes them)."""
        args = ", ".join(_literal(a) for a in self.arguments)
        return (f"CREATE TRIGGER {self.name} {self.timing} {' OR '.join(self.events)} "
                f"ON {schema}.{table} FOR EACH {'ROW' if self.per_row else 'STATEMENT'} "
                f"EXECUTE FUNCTION {schema}.{self.function}({args})")


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


_EVENT_ORDER = ("INSERT", "DELETE", "UPDATE", "TRUNCATE")


def _events(*names: str) -> tuple[str, ...]:
    return tuple(e for e in _EVENT_ORDER if e in names)


def records_schema(connection: Connection) -> str | None:
    """The schema holding the records (where `audit_entry` is found), None if none."""
    return connection.exec_driver_sql(
        "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        f"WHERE c.oid = to_regclass('{AUDIT_TABLE}')").scalar()


def audited_tables(connection: Connection, schema: str) -> dict[str, tuple[str, ...]]:
    """Every table of the records but the trail itself, with its time columns."""
    rows = connection.exec_driver_sql(
        "SELECT c.relname, coalesce(array_agg(a.attname::text ORDER BY a.attnum) FILTER "
        "(WHERE a.atttypid = 'timestamp'::regtype), '{}') "
        "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 "
        "AND NOT a.attisdropped "
        "WHERE n.nspname = %(schema)s AND c.relkind IN ('r', 'p') GROUP BY c.relname "
        "ORDER BY c.relname", {"schema": schema}).all()
    return {name: tuple(stamps) for name, stamps in rows if name not in NOT_AUDITED}


def expected_triggers(tables: dict[str, tuple[str, ...]]) -> list[TrailTrigger]:
    """Every trigger install makes, for the tables as they are now."""
    expected = [
        TrailTrigger(f"guard_{AUDIT_TABLE}_update", AUDIT_TABLE, "BEFORE", ("UPDATE",),
                     True, _REFUSE.name, (APPEND_ONLY_UPDATE,)),
        TrailTrigger(f"guard_{AUDIT_TABLE}_delete", AUDIT_TABLE, "BEFORE", ("DELETE",),
                     True, _REFUSE.name, (APPEND_ONLY_DELETE,)),
        TrailTrigger(f"guard_{AUDIT_TABLE}_truncate", AUDIT_TABLE, "BEFORE", ("TRUNCATE",),
                     False, _REFUSE.name, (APPEND_ONLY_DELETE,)),
    ]
    for table, stamps in tables.items():
        expected.append(TrailTrigger(f"audit_{table}", table, "AFTER",
                                     _events("INSERT", "UPDATE", "DELETE"), True,
                                     _TRAIL.name, stamps))
        expected.append(TrailTrigger(f"guard_{table}_truncate", table, "BEFORE",
                                     ("TRUNCATE",), False, _REFUSE.name,
                                     (NOT_TRUNCATED.format(table=table),)))
        if table in NEVER_DELETED:
            expected.append(TrailTrigger(f"guard_{table}_delete", table, "BEFORE",
                                         ("DELETE",), True, _REFUSE.name,
                                         (NEVER_DELETED[table],)))
    if "minutes" in tables:
        expected += [
            TrailTrigger("lock_minutes_update", "minutes", "BEFORE", ("UPDATE",), True,
                         _MINUTES_LOCK.name),
            TrailTrigger("lock_minutes_delete", "minutes", "BEFORE", ("DELETE",), True,
                         _REFUSE.name, (KEPT,)),
        ]
    if "minutes_item" in tables:
        expected.append(TrailTrigger("lock_minutes_item", "minutes_item", "BEFORE",
                                     _events("INSERT", "UPDATE", "DELETE"), True,
                                     _MINUTES_LOCK.name))
    return expected


def quote_name(connection: Connection, name: str) -> str:
    """`name` as the server quotes an identifier (bare when it can be)."""
    return connection.exec_driver_sql("SELECT quote_ident(%(n)s)", {"n": name}).scalar()


def install_server_trail(connection: Connection) -> None:
    """Drop and re-create the trail's functions and every trail and guard trigger, for
    the tables as they are now (inside the caller's transaction). Run by `server init`
    (create_server_schema) and after a change of schema; never at opening — a trail
    found altered is not put back silently (see `server_trail_problems`)."""
    schema = records_schema(connection)
    if schema is None:
        raise LookupError(f"no {AUDIT_TABLE} table: make the schema first")
    qschema = quote_name(connection, schema)
    for table, name in connection.exec_driver_sql(  # ours, even if rewritten to call another
            "SELECT quote_ident(c.relname), quote_ident(t.tgname) FROM pg_trigger t "
            "JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE NOT t.tgisinternal AND n.nspname = %(schema)s "
            "AND t.tgname ~ '^(audit|guard|lock)_'", {"schema": schema}).all():
        connection.exec_driver_sql(f"DROP TRIGGER {name} ON {qschema}.{table}")
    for function in FUNCTIONS:  # CASCADE: the triggers calling them go with them
        connection.exec_driver_sql(
            f"DROP FUNCTION IF EXISTS {qschema}.{function.name}({function.arguments}) "
            "CASCADE")
    for function in FUNCTIONS:
        connection.exec_driver_sql(function.create(qschema).replace("%", "%%"))
    for trigger in expected_triggers(audited_tables(connection, schema)):
        statement = trigger.definition(qschema, quote_name(connection, trigger.table))
        connection.exec_driver_sql(statement.replace("%", "%%"))


def server_trail_problems(connection: Connection) -> list[str]:
    """What is wrong with the server's trail, one line each (empty when sound): a
    function or trigger missing, altered (its definition is not the one install makes)
    or disabled, and any trigger or rule on the records the program does not make."""
    schema = records_schema(connection)
    if schema is None:
        return [f"the audit trail's table {AUDIT_TABLE} is missing"]
    qschema = quote_name(connection, schema)
    problems = _function_problems(connection, schema)
    tables = audited_tables(connection, schema)
    expected = {(t.table, t.name): t for t in expected_triggers(tables)}
    # The function's schema is asked apart: pg_get_triggerdef names it only when the
    # session's search_path would not find it.
    rows = connection.exec_driver_sql(
        "SELECT c.relname, t.tgname, pg_get_triggerdef(t.oid), quote_ident(fn.nspname), "
        "t.tgenabled FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
        "JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_proc p ON p.oid = t.tgfoid "
        "JOIN pg_namespace fn ON fn.oid = p.pronamespace "
        "WHERE NOT t.tgisinternal AND n.nspname = %(schema)s", {"schema": schema}).all()
    present = {(table, name): (_normalized(definition, function_schema), enabled)
               for table, name, definition, function_schema, enabled in rows}
    quoted_tables = _quoted_names(connection, {t for t, _n in expected | present})
    for key, trigger in sorted(expected.items()):
        table, name = key
        if key not in present:
            problems.append(f"trigger {name} on {table} is missing")
            continue
        definition, enabled = present[key]
        if definition != trigger.definition(qschema, quoted_tables[table]):
            problems.append(f"trigger {name} on {table} was altered (its definition is "
                            "not the program's)")
        elif enabled not in ("O", "A"):
            problems.append(f"trigger {name} on {table} is disabled")
    problems += [f"trigger {name} on {table} is not the program's"
                 for (table, name) in sorted(present) if (table, name) not in expected]
    problems += [f"rule {name} on {table} is not the program's"
                 for table, name in connection.exec_driver_sql(
                     "SELECT tablename, rulename FROM pg_rules WHERE schemaname = %(schema)s "
                     "ORDER BY 1, 2", {"schema": schema})]
    return problems


def _function_problems(connection: Connection, schema: str) -> list[str]:
    present = {row[0]: row[1:] for row in connection.exec_driver_sql(
        "SELECT p.proname, pg_get_function_identity_arguments(p.oid), "
        "pg_get_function_result(p.oid), l.lanname, p.provolatile::text, p.prosecdef, "
        "p.proconfig, p.prosrc FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang "
        "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = %(schema)s "
        "AND p.proname LIKE 'concom%%'", {"schema": schema})}
    fixed = [f"search_path={search_path(quote_name(connection, schema))}"]
    problems = []
    for function in FUNCTIONS:
        found = present.get(function.name)
        if found is None:
            problems.append(f"function {function.name} is missing")
            continue
        wanted = (function.arguments, function.result, function.language,
                  function.volatility, function.definer, fixed, function.body)
        if tuple(found) != wanted:
            problems.append(f"function {function.name} was altered (its definition is not "
                            "the program's)")
    return problems


def _quoted_names(connection: Connection, names: set[str]) -> dict[str, str]:
    return {name: quote_name(connection, name) for name in names}


def _normalized(definition: str, function_schema: str) -> str:
    """The definition with its function named in full as `schema.function`, whatever
    the search_path of the session asking (only plain names: the trail's own)."""
    # PostgreSQL before 11 wrote EXECUTE PROCEDURE for the same thing.
    text = " ".join(definition.split()).replace(" EXECUTE PROCEDURE ", " EXECUTE FUNCTION ")
    head, found, call = text.rpartition(" EXECUTE FUNCTION ")
    name, paren, args = call.partition("(")
    if not found or not paren:
        return text
    return f"{head} EXECUTE FUNCTION {function_schema}.{name.rpartition('.')[2]}({args}"
