"""Moving a commission's records between its SQLite file and a PostgreSQL server
(`concom-desk copy --from … --to …`), both ways, verified.

What a copy guarantees, or else leaves nothing behind:
- the target is empty (a server database just set up, a new file) and at the same
  schema revision as the source;
- every row of every table goes across with its id, in one transaction on each side:
  the source is read as one consistent state, the target commits all or nothing;
- the audit trail goes across verbatim. The target's own trail triggers are off while
  the rows go in (on the server `ALTER TABLE … DISABLE TRIGGER USER` inside the
  transaction, on SQLite the triggers dropped and put back by
  `install_audit_triggers`), so copying writes no entries of its own: the entries are
  the commission's history, with the hashes they were chained with;
- the server's id sequences are set past each table's highest id, so the next filing
  made there gets the next number;
- before the target commits, each table is read back: its row count and the digest of
  its contents (`table_digest`) must equal the source's, and the audit chain is
  re-checked (`verify_audit_chain`) on the target. Any difference rolls it all back
  and one line says what differed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Table, func, select, text
from sqlalchemy.exc import SQLAlchemyError

from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.safekeeping.table_digest import TableDigest
from concom_desk.store.audit import (
    AUDIT_TABLE,
    expected_trigger_sql,
    install_audit_triggers,
    verify_audit_chain,
)
from concom_desk.store.models import Base
from concom_desk.store.schema import current_revision

if TYPE_CHECKING:
    from concom_desk.store import Database

# Rows read, written and hashed per round trip: big enough that the large demo's
# 290,000 audit entries go in a few hundred batches, small enough to keep memory flat.
BATCH = 5_000

# progress(table, rows done, rows in the table)
Progress = Callable[[str, int, int], None]


@dataclass
class CopyReport:
    """What went across: rows per table, and the trail as re-checked on the target."""

    rows: dict[str, int] = field(default_factory=dict)
    audit_entries: int = 0
    seconds: float = 0.0

    @property
    def total_rows(self) -> int:
        return sum(self.rows.values())


def copied_tables() -> list[Table]:
    """Every table of the records, parents before the tables that refer to them."""
    return list(Base.metadata.sorted_tables)


def where_of(database: Database) -> str:
    """How a message names a database: the server's address, or the file."""
    address = getattr(database, "address", None)
    return address.display() if address is not None else str(database.path)


def is_on_server(connection: Connection) -> bool:
    return connection.dialect.name == "postgresql"


# Done on the target inside its transaction before anything is read: a server's
# tables made (the copy's COMMIT makes them with the rows, or neither).
Prepare = Callable[[Connection], None]
# Told the source trail's last entry (id, hash; None for no trail) just before the
# target commits: a push journals it (store.copy_journal).
BeforeCommit = Callable[[tuple[int, str] | None], None]


def copy_records(source: Database, target: Database,
                 progress: Progress | None = None, prepare: Prepare | None = None,
                 before_commit: BeforeCommit | None = None) -> CopyReport:
    """Copy every record of `source` into the empty `target` (either engine, either
    way), verified as the module says; raises UserError (not empty, another schema)
    or OperationFailed (a difference found, the server refused) with the target left
    as it was."""
    started = time.perf_counter()
    report = CopyReport()
    tables = copied_tables()
    try:
        with source.engine.connect() as reading, target.engine.connect() as writing:
            reading = reading.execution_options(sqlite_begin="DEFERRED")
            with reading.begin(), writing.begin():
                if prepare is not None:
                    prepare(writing)
                _refuse_unsuitable(reading, writing, source, target)
                counts = {t.name: _count(reading, t) for t in tables}
                digests = {}
                with _trail_held(writing):
                    for table in tables:
                        digest = _copy_table(reading, writing, table, counts[table.name],
                                             progress)
                        digests[table.name] = digest.hexdigest()
                        report.rows[table.name] = digest.rows
                    if is_on_server(writing):
                        _set_sequences(writing, tables)
                _verify(writing, tables, digests, report)
                if before_commit is not None:
                    before_commit(last_entry(reading))
                # Leaving the `with` commits the target; any exception above rolled it back.
    except (UserError, OperationFailed):
        raise
    except SQLAlchemyError as exc:
        raise OperationFailed(_explain(exc, target)) from None
    report.seconds = time.perf_counter() - started
    return report


def last_entry(connection: Connection) -> tuple[int, str] | None:
    """The trail's last entry, as (id, hash); None when there is none."""
    row = connection.execute(text(
        f"SELECT id, entry_hash FROM {AUDIT_TABLE} ORDER BY id DESC LIMIT 1")).first()
    return (int(row[0]), str(row[1])) if row is not None else None


def _refuse_unsuitable(reading: Connection, writing: Connection, source: Database,
                       target: Database) -> None:
    there, here = current_revision(reading), current_revision(writing)
    if there != here:
        raise UserError(f"{where_of(source)} is at schema {there} and {where_of(target)} at "
                        f"{here}; both must be at the same one (open each with this program "
                        "first, or set the server up again with it)")
    # The records first: a table that holds some says more than the trail they made.
    for table in sorted(copied_tables(), key=lambda t: t.name == AUDIT_TABLE):
        if writing.execute(select(select(table.c.id).limit(1).exists())).scalar():
            raise UserError(f"{where_of(target)} already holds records ({table.name}); "
                            "copy only into an empty database — nothing was changed")


def _count(connection: Connection, table: Table) -> int:
    return int(connection.execute(select(func.count()).select_from(table)).scalar_one())


class _trail_held:
    """The target's trail triggers (and guards) off for the copy, back on after it,
    inside the target's transaction: a rollback puts them back as they were."""

    def __init__(self, writing: Connection) -> None:
        self.writing = writing

    def __enter__(self) -> None:
        if is_on_server(self.writing):
            for table in copied_tables():
                try:
                    self.writing.exec_driver_sql(
                        f'ALTER TABLE "{table.name}" DISABLE TRIGGER USER')
                except SQLAlchemyError as exc:
                    if "must be owner" in str(exc).lower():
                        raise UserError(
                            "only the role that set the server up (the owner of its "
                            "tables) can copy records into it; log in as that role"
                        ) from None
                    raise
            return
        # Defer the foreign keys to the commit: a filing that names a later one as
        # its original (a re-filing renumbered) goes in before its original.
        self.writing.exec_driver_sql("PRAGMA defer_foreign_keys = ON")
        present = set(self.writing.exec_driver_sql(
            "SELECT name FROM sqlite_master WHERE type = 'trigger'").scalars())
        for name in expected_trigger_sql(self.writing):
            if name in present:
                self.writing.exec_driver_sql(f'DROP TRIGGER "{name}"')

    def __exit__(self, kind: object, *_rest: object) -> None:
        if kind is not None:
            return  # the transaction rolls back, the triggers with it
        if is_on_server(self.writing):
            for table in copied_tables():
                self.writing.exec_driver_sql(f'ALTER TABLE "{table.name}" ENABLE TRIGGER USER')
        else:
            install_audit_triggers(self.writing)


def _batches(reading: Connection, table: Table) -> Iterator[list[Any]]:
    result = reading.execution_options(yield_per=BATCH).execute(
        select(table).order_by(table.c.id))
    yield from result.partitions()


def _self_links(table: Table) -> list[str]:
    """Columns that name another row of the same table (a filing's original)."""
    return [fk.parent.name for fk in table.foreign_keys if fk.column.table is table]


def _copy_table(reading: Connection, writing: Connection, table: Table, total: int,
                progress: Progress | None) -> TableDigest:
    digest = TableDigest(table)
    names = [column.name for column in table.columns]
    links = _self_links(table) if is_on_server(writing) else []
    later: list[tuple[int, str, Any]] = []  # (id, column, value) set once the row exists
    if progress and total:
        progress(table.name, 0, total)
    for batch in _batches(reading, table):
        rows = []
        for row in batch:
            digest.add(row)
            values = dict(row._mapping)
            for column in links:
                # The server checks each link as the row goes in: one to a later row is
                # set after that row is there (the trail is off; the digest is of the source).
                if values[column] is not None and values[column] > values["id"]:
                    later.append((values["id"], column, values[column]))
                    values[column] = None
            rows.append(values)
        _write(writing, table, names, rows)
        if progress:
            progress(table.name, digest.rows, total)
    for row_id, column, value in later:
        writing.execute(table.update().where(table.c.id == row_id).values({column: value}))
    return digest


def _write(writing: Connection, table: Table, names: list[str],
           rows: list[dict[str, Any]]) -> None:
    """The rows into the target through its driver's bulk path (COPY on the server,
    executemany on SQLite), each column converted as an INSERT through the models would
    convert it (a date as SQLite's text, a logo as base64 text)."""
    if not rows:
        return
    converters = _bind_converters(table, writing)
    values = [[row[name] if convert is None else convert(row[name])
               for name, convert in zip(names, converters, strict=True)] for row in rows]
    columns = ", ".join(f'"{name}"' for name in names)
    raw = writing.connection.driver_connection
    if not is_on_server(writing):
        marks = ", ".join("?" for _ in names)
        raw.executemany(  # type: ignore[union-attr]
            f'INSERT INTO "{table.name}" ({columns}) VALUES ({marks})', values)
        return
    with raw.cursor() as cursor, cursor.copy(  # type: ignore[union-attr]
            f'COPY "{table.name}" ({columns}) FROM STDIN') as copy:
        for row in values:
            copy.write_row(row)


def _bind_converters(table: Table, writing: Connection) -> list[Callable[[Any], Any] | None]:
    dialect = writing.dialect
    return [column.type.dialect_impl(dialect).bind_processor(dialect)
            for column in table.columns]


def _set_sequences(writing: Connection, tables: Iterable[Table]) -> None:
    """The next id the server hands out in each table: one past the highest copied."""
    for table in tables:
        writing.execute(text(
            f"SELECT setval(pg_get_serial_sequence(:table, 'id'), "
            f'coalesce((SELECT max(id) FROM "{table.name}"), 0) + 1, false)'),
            {"table": table.name})


def _verify(writing: Connection, tables: list[Table], digests: dict[str, str],
            report: CopyReport) -> None:
    for table in tables:
        check = TableDigest(table)
        for batch in _batches(writing, table):
            for row in batch:
                check.add(row)
        source_rows = report.rows[table.name]
        if check.rows != source_rows:
            raise OperationFailed(
                f"the copy did not match: {table.name} has {source_rows:,} rows in the "
                f"source and {check.rows:,} in the copy; nothing was kept")
        if check.hexdigest() != digests[table.name]:
            raise OperationFailed(
                f"the copy did not match: the contents of {table.name} differ from the "
                "source's; nothing was kept")
    if is_on_server(writing):  # 290,000 entries in the large town: streamed, not held
        writing.execution_options(stream_results=True, yield_per=BATCH)
    try:
        chain = verify_audit_chain(writing)
    finally:
        writing.execution_options(stream_results=False)
    if not chain.ok:
        raise OperationFailed(f"the copy's {chain.describe()}; nothing was kept")
    report.audit_entries = chain.entries


def _explain(exc: SQLAlchemyError, target: Database) -> str:
    detail = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    line = detail[0] if detail else type(exc).__name__
    return f"the copy into {where_of(target)} failed ({line}); nothing was kept there"


__all__ = ["CopyReport", "copy_records"]
