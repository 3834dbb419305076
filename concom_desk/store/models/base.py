"""The declarative base every table of the commission's record shares.

Conventions that the audit trail and the migrations rely on:
- every table has an integer primary key named `id` (the audit trail records it);
- money is kept in whole cents (`*_cents`), never floats, so totals add up exactly;
- dates are `Date` (stored as ISO text by SQLite), instants are UTC;
- closed lists of words (kinds, statuses) are text with a CHECK constraint built from
  the tuple in the model module, so a bad value is refused by the database itself;
- constraints have fixed names, so Alembic's batch mode can rebuild a table on SQLite.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    false,
    text,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, declared_attr, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} id={self.id}>"


class Versioned:
    """A record a person edits: `version` counts its saves (1 when written first).

    Mapped as SQLAlchemy's `version_id_col`: every UPDATE the ORM writes reads
    `... WHERE version = <the one loaded>` and adds one, so of two saves made from
    the same read only the first lands, on SQLite and PostgreSQL alike. A dialog
    reads in one session and saves in another, so the services also compare the
    version the dialog read (concom_desk.store.record_versions)."""

    version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    @declared_attr.directive
    def __mapper_args__(cls) -> dict[str, Any]:
        return {"version_id_col": cls.__table__.c.version}  # type: ignore[attr-defined]


def save_counter(table_name: str) -> str | None:
    """The column that counts a table's saves (`version`; `edit_version` on minutes),
    None for a table that has none: bookkeeping, left out of what a change shows."""
    for mapper in Base.registry.mappers:
        if mapper.local_table.name == table_name and mapper.version_id_col is not None:
            return str(mapper.version_id_col.name)
    return None


def one_of(column: str, allowed: Iterable[str], name: str | None = None,
           nullable: bool = False) -> CheckConstraint:
    """CHECK that a text column holds one of the allowed words."""
    words = ", ".join(f"'{word}'" for word in allowed)
    test = f"{column} IN ({words})"
    if nullable:
        test = f"{column} IS NULL OR {test}"
    return CheckConstraint(test, name=name or f"{column}_allowed")


def lowered_index(table: str, column: str) -> Index:
    """An index on `lower(column)`: the forms find a party, a property or a file number
    ignoring case (`func.lower(...) == typed.lower()`), which without it reads the whole
    table on every save (40,000 filings in the 4x town: bench/save_bench.py)."""
    return Index(f"ix_{table}_{column}_lower", text(f"lower({column})"))


def ref(table: str, nullable: bool = True, ondelete: str = "RESTRICT") -> Any:
    """A foreign key to `table.id`, indexed (every link is looked up both ways)."""
    return mapped_column(ForeignKey(f"{table}.id", ondelete=ondelete), index=True,
                         nullable=nullable)


# Columns with a default in the database too (not only in Python), so that a row
# written by raw SQL gets the same values as one written through the models.
def text_field(length: int | None = None, default: str = "", index: bool = False) -> Any:
    return mapped_column(String(length) if length else Text, default=default,
                         server_default=default, index=index)


def flag(default: bool = False) -> Any:
    return mapped_column(Boolean, default=default, server_default=true() if default else false())


def cents() -> Any:
    """An amount of money in whole cents."""
    return mapped_column(Integer, default=0, server_default="0")
