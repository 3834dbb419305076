"""The server's catalog compared with what the program makes, as `schema_master` does
for a SQLite file: every table and its columns (names and types), every index (name,
unique, definition), every view, every CHECK constraint, every foreign key (with what
happens ON DELETE and ON UPDATE), each column's NOT NULL and default, and every
function that is not the trail's own, in the records' schema.

What is expected is derived from the models' metadata (the server's tables are made
from it by `server init`, store.server.schema), so a table added to the models is
expected without a list to keep. The trail's triggers and functions are judged by
`server_trail_problems`; a trigger or rule of anyone else's is named there too.

A CHECK (and a column's default) is compared by meaning, not by its text: PostgreSQL
keeps a constraint as a parsed tree and prints it back in its own words (`kind IN
('noi')` comes back as `(kind)::text = ANY (...)`), so both the program's expression
and the server's are handed to the server's planner (`EXPLAIN`, which runs nothing)
and its renderings
compared. Everything here only reads: it runs inside `check`'s read-only snapshot and
at every opening.
"""

from __future__ import annotations

import json
import re

from sqlalchemy import CheckConstraint, Connection, PrimaryKeyConstraint, Table, UniqueConstraint
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import DBAPIError

from concom_desk.store.server.trail import FUNCTIONS

_VIEW_KINDS = ("v", "m")  # views and materialized views
# Alembic's own table, made beside the models' (alembic_version's primary key is named
# by Alembic, not by the models' naming convention).
_ALEMBIC = "alembic_version"
_SHOWN = 90  # a definition longer than this is cut in the line that names it
_LOWERED = re.compile(r"lower\((\w+)\)")  # models.base.lowered_index's expression


def catalog_differences(connection: Connection, schema: str, whole: bool = True) -> list[str]:
    """Each object of the records' schema not as this program makes it, in one line
    each, in the words schema_master uses for a SQLite file (empty when all agree).
    Not `whole` (a server at an older revision, whose tables are that revision's): only
    what the program makes at no revision, views and functions of anyone else's."""
    from concom_desk.store.models import Base

    metadata = Base.metadata
    tables = {name: table for name, table in metadata.tables.items() if table.schema is None}
    present = _relations(connection, schema)
    found: list[str] = []
    for name, kind in sorted(present.items()):
        if kind in _VIEW_KINDS:
            definition = connection.exec_driver_sql(
                "SELECT pg_get_viewdef(c.oid) FROM pg_class c JOIN pg_namespace n "
                "ON n.oid = c.relnamespace WHERE n.nspname = %(s)s AND c.relname = %(t)s",
                {"s": schema, "t": name}).scalar()
            found.append(f"a view {name!r} that ConCom Desk does not make "
                         f"({_shown(definition)})")
        elif whole and name not in tables and name != _ALEMBIC:
            found.append(f"a table {name!r} that ConCom Desk does not make")
    if not whole:
        return found + _foreign_functions(connection, schema)
    found += [f"the table {name!r} that ConCom Desk makes is missing"
              for name in sorted(tables) if name not in present]
    columns = _columns(connection, schema)
    for name, table in sorted(tables.items()):
        if name in present:
            found += _column_differences(name, table, columns.get(name, {}))
    found += _index_differences(connection, schema, tables, set(present))
    found += _check_differences(connection, schema, tables, set(present))
    found += _foreign_key_differences(connection, schema, tables, set(present))
    found += _column_rule_differences(connection, schema, tables, set(present))
    found += _foreign_functions(connection, schema)
    return found


def _relations(connection: Connection, schema: str) -> dict[str, str]:
    """Every table and view of the schema (not an extension's), with its relkind."""
    return dict(connection.exec_driver_sql(
        "SELECT c.relname, c.relkind::text FROM pg_class c "
        "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %(s)s "
        "AND c.relkind IN ('r', 'p', 'f', 'v', 'm') AND NOT EXISTS (SELECT 1 FROM "
        "pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')", {"s": schema}).all())


def _columns(connection: Connection, schema: str) -> dict[str, dict[str, str]]:
    """table → column → its type as the server names it (format_type)."""
    found: dict[str, dict[str, str]] = {}
    for table, column, kind in connection.exec_driver_sql(
            "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) "
            "FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %(s)s "
            "AND c.relkind IN ('r', 'p', 'f') AND a.attnum > 0 AND NOT a.attisdropped "
            "ORDER BY c.relname, a.attnum", {"s": schema}):
        found.setdefault(table, {})[column] = kind
    return found


def _column_differences(name: str, table: Table, present: dict[str, str]) -> list[str]:
    expected = {column.name: server_type(column.type) for column in table.columns}
    found = [f"a column {column!r} added to the table {name!r}"
             for column in present if column not in expected]
    found += [f"the column {column!r} of the table {name!r} that ConCom Desk makes is "
              "missing" for column in expected if column not in present]
    found += [f"the table {name!r} defined otherwise than ConCom Desk makes it (the column "
              f"{column!r} is {present[column]}, ConCom Desk makes it {kind})"
              for column, kind in expected.items()
              if column in present and present[column] != kind]
    return found


def server_type(sql_type: object) -> str:
    """A model column's type in the words PostgreSQL's format_type uses."""
    compiled = sql_type.compile(dialect=postgresql.dialect()).lower()  # type: ignore[attr-defined]
    compiled = compiled.replace(", ", ",")
    for word, server_word in (("varchar", "character varying"), ("float", "double precision"),
                              ("char(", "character(")):
        if compiled.startswith(word):
            compiled = server_word + compiled[len(word):]
    return compiled


def _index_differences(connection: Connection, schema: str, tables: dict[str, Table],
                       present_tables: set[str]) -> list[str]:
    """Indexes (those of primary keys and UNIQUE constraints too) by their full
    definition as pg_get_indexdef gives it, names quoted as the server quotes them.
    The models' indexes are on plain columns or on `lower(column)` (models.base.
    lowered_index, which the server writes with its cast: `lower((name)::text)`); any
    other expression, or a partial index, would need its definition written here (a
    fresh server then stops checking sound: tests/store/server/test_server_catalog_tamper.py)."""
    expected: dict[str, tuple[str, bool, tuple[str, ...]]] = {
        f"{_ALEMBIC}_pkc": (_ALEMBIC, True, ("version_num",))}
    lowered: dict[str, tuple[str, bool]] = {}  # index -> (its column, a varchar's cast)
    for name, table in tables.items():
        for constraint in table.constraints:
            if isinstance(constraint, PrimaryKeyConstraint | UniqueConstraint):
                expected[str(constraint.name)] = (name, True, tuple(constraint.columns.keys()))
        for index in table.indexes:
            columns = tuple(column.name for column in index.columns)
            lower = _LOWERED.fullmatch(str(index.expressions[0])) if not columns else None
            if lower:
                column = lower.group(1)
                lowered[str(index.name)] = (column, server_type(table.c[column].type) != "text")
                columns = (column,)
            expected[str(index.name)] = (name, bool(index.unique), columns)
    rows = connection.exec_driver_sql(
        "SELECT i.relname, t.relname, pg_get_indexdef(i.oid) FROM pg_index x "
        "JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid "
        "JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = %(s)s "
        "AND t.relkind IN ('r', 'p', 'm')", {"s": schema}).all()
    present = {name: (table, definition) for name, table, definition in rows}
    names = {schema} | {w for index, (table, _u, cols) in expected.items()
                        for w in (index, table, *cols)}
    quoted = dict(connection.exec_driver_sql(
        "SELECT n, quote_ident(n) FROM unnest(%(names)s::text[]) AS n",
        {"names": sorted(names)}).all())
    found = []
    for name, (_table, definition) in sorted(present.items()):
        if name not in expected:
            found.append(f"an index {name!r} that ConCom Desk does not make "
                         f"({_shown(definition)})")
            continue
        wanted_table, unique, columns = expected[name]
        keys = ", ".join(quoted[c] for c in columns)
        if name in lowered:
            keys = f"lower(({keys})::text)" if lowered[name][1] else f"lower({keys})"
        wanted = (f"CREATE {'UNIQUE ' if unique else ''}INDEX {quoted[name]} ON "
                  f"{quoted[schema]}.{quoted[wanted_table]} USING btree ({keys})")
        if definition != wanted:
            found.append(f"the index {name!r} defined otherwise than ConCom Desk makes it "
                         f"({_shown(definition)})")
    # The index of a table missing whole is not told twice: the table is named.
    found += [f"the index {name!r} that ConCom Desk makes is missing"
              for name, (table, _u, _c) in sorted(expected.items())
              if name not in present and table in present_tables]
    return found


def _check_differences(connection: Connection, schema: str, tables: dict[str, Table],
                       present_tables: set[str]) -> list[str]:
    """CHECK constraints by name, each compared by meaning (see the module's note)."""
    expected: dict[tuple[str, str], str] = {}
    dialect = postgresql.dialect()
    for name, table in tables.items():
        for constraint in table.constraints:
            if isinstance(constraint, CheckConstraint):
                text = str(constraint.sqltext.compile(dialect=dialect,
                                                      compile_kwargs={"literal_binds": True}))
                expected[(name, str(constraint.name))] = text
    rows = connection.exec_driver_sql(
        "SELECT t.relname, k.conname, pg_get_expr(k.conbin, k.conrelid), "
        "pg_get_constraintdef(k.oid) FROM pg_constraint k "
        "JOIN pg_class t ON t.oid = k.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace "
        "WHERE n.nspname = %(s)s AND k.contype = 'c'", {"s": schema}).all()
    present = {(table, name): (expression, definition)
               for table, name, expression, definition in rows}
    found = []
    for key in sorted(present):
        if key not in expected:
            table, name = key
            found.append(f"a CHECK {name!r} on the table {table!r} that ConCom Desk does not "
                         f"make ({_shown(present[key][1])})")
    compared = {key: (wanted, present[key][0]) for key, wanted in expected.items()
                if key in present and (wanted, present[key][0]) not in _SAME_MEANING}
    meanings = _planned(connection, schema, compared) if compared else {}
    for key, pair in compared.items():
        if meanings.get(key) is not None and meanings[key][0] == meanings[key][1]:
            _SAME_MEANING.add(pair)
    for table, name in sorted(expected):
        if table not in present_tables:
            continue  # named once, as a table missing
        if (table, name) not in present:
            found.append(f"the table {table!r} defined otherwise than ConCom Desk makes it "
                         f"(its CHECK {name!r} is missing)")
        elif (expected[(table, name)], present[(table, name)][0]) not in _SAME_MEANING:
            found.append(f"the table {table!r} defined otherwise than ConCom Desk makes it "
                         f"(its CHECK {name!r} is {_shown(present[(table, name)][1])})")
    return found


# pg_constraint's letters for what a foreign key does, in the words of its definition
_FK_ACTIONS = {"a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL",
               "d": "SET DEFAULT"}


def _foreign_key_differences(connection: Connection, schema: str, tables: dict[str, Table],
                             present_tables: set[str]) -> list[str]:
    """Foreign keys by name: their columns, the table and columns they point to, what
    they do ON DELETE and ON UPDATE, and when they are checked (deferred or not).
    A foreign key dropped lets a record point at nothing; one made to CASCADE lets a
    deletion take records (and their history) with it."""
    expected: dict[tuple[str, str], tuple[object, ...]] = {}
    for name, table in tables.items():
        for key in table.foreign_key_constraints:
            expected[(name, str(key.name))] = (
                tuple(column.name for column in key.columns),
                key.referred_table.name,
                tuple(element.column.name for element in key.elements),
                (key.ondelete or "NO ACTION").upper(), (key.onupdate or "NO ACTION").upper(),
                bool(key.deferrable), (key.initially or "IMMEDIATE").upper() == "DEFERRED")
    rows = connection.exec_driver_sql(
        "SELECT t.relname, k.conname, r.relname, k.confdeltype::text, k.confupdtype::text, "
        "k.condeferrable, k.condeferred, pg_get_constraintdef(k.oid), "
        "ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, o) JOIN "
        "pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.o), "
        "ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, o) JOIN "
        "pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.o) "
        "FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid "
        "JOIN pg_class r ON r.oid = k.confrelid "
        "JOIN pg_namespace n ON n.oid = t.relnamespace "
        "WHERE n.nspname = %(s)s AND k.contype = 'f'", {"s": schema}).all()
    present = {(table, name): ((tuple(columns), referred, tuple(referred_columns),
                                _FK_ACTIONS.get(on_delete, on_delete),
                                _FK_ACTIONS.get(on_update, on_update),
                                bool(deferrable), bool(deferred)), definition)
               for (table, name, referred, on_delete, on_update, deferrable, deferred,
                    definition, columns, referred_columns) in rows}
    found = []
    for (table, name), (_shape, definition) in sorted(present.items()):
        if (table, name) not in expected:
            found.append(f"a foreign key {name!r} on the table {table!r} that ConCom Desk "
                         f"does not make ({_shown(definition)})")
    for (table, name), shape in sorted(expected.items()):
        if table not in present_tables:
            continue  # named once, as a table missing
        if (table, name) not in present:
            found.append(f"the table {table!r} defined otherwise than ConCom Desk makes it "
                         f"(its foreign key {name!r} is missing)")
        elif present[(table, name)][0] != shape:
            found.append(f"the table {table!r} defined otherwise than ConCom Desk makes it "
                         f"(its foreign key {name!r} is {_shown(present[(table, name)][1])})")
    return found


def _column_rule_differences(connection: Connection, schema: str, tables: dict[str, Table],
                             present_tables: set[str]) -> list[str]:
    """Each column's NOT NULL, and its default (compared by meaning, as a CHECK is: each
    cast to the column's type, so `'0'` and `0` for a number agree)."""
    rules: dict[tuple[str, str], tuple[bool, str | None]] = {
        (table, column): (bool(not_null), default)
        for table, column, not_null, default in connection.exec_driver_sql(
            "SELECT c.relname, a.attname, a.attnotnull, pg_get_expr(d.adbin, d.adrelid) "
            "FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_attrdef d "
            "ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE n.nspname = %(s)s "
            "AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped",
            {"s": schema})}
    found = []
    compared: dict[tuple[str, str], tuple[str, str]] = {}
    for name, table in sorted(tables.items()):
        if name not in present_tables:
            continue  # named once, as a table missing
        for column in table.columns:
            if (name, column.name) not in rules:
                continue  # named as a column missing
            not_null, default = rules[(name, column.name)]
            otherwise = f"the table {name!r} defined otherwise than ConCom Desk makes it"
            if not_null and column.nullable:
                found.append(f"{otherwise} (its column {column.name!r} is NOT NULL; "
                             "ConCom Desk lets it be empty)")
            elif not not_null and not column.nullable:
                found.append(f"{otherwise} (its column {column.name!r} may be left empty; "
                             "ConCom Desk makes it NOT NULL)")
            wanted = _default_of(table, column)
            if wanted is None and default is not None:
                found.append(f"{otherwise} (its column {column.name!r} has the default "
                             f"{_shown(default)}; ConCom Desk gives it none)")
            elif wanted is not None and default is None:
                found.append(f"{otherwise} (its column {column.name!r} has no default; "
                             f"ConCom Desk gives it {_shown(wanted)})")
            elif wanted is not None and default is not None:
                if _plainly_same(wanted, default):
                    continue  # the usual case, without asking the planner
                kind = server_type(column.type)
                compared[(name, f"default {column.name}")] = (
                    f"CAST(({wanted}) AS {kind})", f"CAST(({default}) AS {kind})")
    pending = {key: pair for key, pair in compared.items() if pair not in _SAME_MEANING}
    meanings = _planned(connection, schema, pending) if pending else {}
    for key, pair in pending.items():
        if meanings.get(key) is not None and meanings[key][0] == meanings[key][1]:
            _SAME_MEANING.add(pair)
    for (name, what), pair in sorted(compared.items()):
        if pair not in _SAME_MEANING:
            column = what.removeprefix("default ")
            shown = pair[1].removeprefix("CAST((").rsplit(") AS ", 1)[0]
            found.append(f"the table {name!r} defined otherwise than ConCom Desk makes it "
                         f"(its column {column!r} has the default {_shown(shown)})")
    return found


def _plainly_same(wanted: str, default: str) -> bool:
    """The server's words for a default the program gave, when they are plainly the
    same: the same text, a number given as text (`'1'` kept as `1`), or a text literal
    kept with its cast (`''` kept as `''::character varying`)."""
    if default == wanted:
        return True
    if wanted.startswith("'") and wanted.endswith("'"):
        inner = wanted[1:-1]
        if inner.isdigit() and default == inner:
            return True
        return default.startswith(wanted + "::") and \
            re.fullmatch(r"[a-z ]+(\(\d+\))?", default[len(wanted) + 2:]) is not None
    return False


def _default_of(table: Table, column: object) -> str | None:
    """The default `server init` gives the column, in SQL: the models' server_default,
    or the id's sequence (a SERIAL column)."""
    server_default = getattr(column, "server_default", None)
    if server_default is not None:
        argument = server_default.arg
        if isinstance(argument, str):
            return "'" + argument.replace("'", "''") + "'"
        return str(argument.compile(dialect=postgresql.dialect(),
                                    compile_kwargs={"literal_binds": True}))
    if table.autoincrement_column is column:
        return f"nextval('{table.name}_{column.name}_seq'::regclass)"  # type: ignore[attr-defined]
    return None


# (the program's expression, the server's) found to mean the same: asked once a run.
_SAME_MEANING: set[tuple[str, str]] = set()


def _planned(connection: Connection, schema: str, pairs: dict[tuple[str, str],
             tuple[str, str]]) -> dict[tuple[str, str], tuple[str, str] | None]:
    """How the server's planner renders each pair of expressions over its table
    (EXPLAIN runs nothing): one EXPLAIN a table; None for a pair it cannot read."""
    tables = sorted({table for table, _name in pairs})
    quoted = dict(connection.exec_driver_sql(
        "SELECT t, quote_ident(%(s)s) || '.' || quote_ident(t) FROM unnest(%(t)s::text[]) t",
        {"s": schema, "t": tables}).all())
    rendered: dict[tuple[str, str], tuple[str, str] | None] = {}
    for table in tables:
        keys = [key for key in sorted(pairs) if key[0] == table]
        expressions = [text for key in keys for text in pairs[key]]
        target = ", ".join(f"({expression})" for expression in expressions)
        statement = f"EXPLAIN (VERBOSE, FORMAT JSON) SELECT {target} FROM {quoted[table]}"
        try:
            with connection.begin_nested():  # a broken expression spoils no other
                plan = connection.exec_driver_sql(statement.replace("%", "%%")).scalar()
        except DBAPIError:
            rendered.update(dict.fromkeys(keys))
            continue
        plan = json.loads(plan) if isinstance(plan, str) else plan
        output = plan[0]["Plan"].get("Output", [])
        if len(output) != len(expressions):
            rendered.update(dict.fromkeys(keys))
            continue
        rendered.update({key: (output[2 * i], output[2 * i + 1]) for i, key in enumerate(keys)})
    return rendered


def _foreign_functions(connection: Connection, schema: str) -> list[str]:
    """Functions and procedures of the records' schema other than the trail's own (an
    extension's are its own business)."""
    own = {function.name for function in FUNCTIONS}
    rows = connection.exec_driver_sql(
        "SELECT p.proname, pg_get_function_identity_arguments(p.oid) FROM pg_proc p "
        "JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = %(s)s "
        "AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid "
        "AND d.deptype = 'e') ORDER BY 1, 2", {"s": schema}).all()
    return [f"a function {name!r} that ConCom Desk does not make ({name}({arguments}))"
            for name, arguments in rows if name not in own]


def _shown(definition: str | None) -> str:
    text = " ".join((definition or "").split())
    return text if len(text) <= _SHOWN else text[:_SHOWN - 3] + "…"

