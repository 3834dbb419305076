"""A clerk's own changes kept on top of a record read again (worked by hand)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from concom_desk.domain.own_changes import changed_fields, keep_own_changes


@dataclass
class Address:
    street: str = ""
    city: str = ""


@dataclass
class Form:
    notes: str = ""
    fee: int = 0
    mail: Address = field(default_factory=Address)
    version: int = 1


READ = Form("first", 100, Address("1 Main St", "Upton"), 1)


@pytest.mark.parametrize(("typed", "fresh", "expected"), [
    # She changed nothing: the record as it now stands.
    (READ, Form("theirs", 100, Address("1 Main St", "Upton"), 2),
     Form("theirs", 100, Address("1 Main St", "Upton"), 2)),
    # She changed the fee, they the notes: both kept.
    (Form("first", 250, Address("1 Main St", "Upton"), 1),
     Form("theirs", 100, Address("1 Main St", "Upton"), 2),
     Form("theirs", 250, Address("1 Main St", "Upton"), 2)),
    # Both changed the notes: hers on top (she sees it before saving again).
    (Form("mine", 100, Address("1 Main St", "Upton"), 1),
     Form("theirs", 100, Address("1 Main St", "Upton"), 2),
     Form("mine", 100, Address("1 Main St", "Upton"), 2)),
    # Inside an address: her city, their street.
    (Form("first", 100, Address("1 Main St", "Grafton"), 1),
     Form("first", 100, Address("9 Elm St", "Upton"), 2),
     Form("first", 100, Address("9 Elm St", "Grafton"), 2)),
])
def test_her_changes_go_back_on_top(typed: Form, fresh: Form, expected: Form) -> None:
    assert keep_own_changes(READ, typed, fresh, skip=frozenset({"version"})) == expected


def test_the_version_is_always_the_records_newest() -> None:
    typed = Form("first", 100, Address("1 Main St", "Upton"), 7)
    fresh = Form("first", 100, Address("1 Main St", "Upton"), 3)
    assert keep_own_changes(READ, typed, fresh, skip=frozenset({"version"})).version == 3


def test_the_fields_that_differ_are_named_in_order() -> None:
    after = Form("theirs", 100, Address("9 Elm St", "Upton"), 2)
    assert changed_fields(READ, after) == ["notes", "mail", "version"]
    assert changed_fields(READ, after, skip=frozenset({"version"})) == ["notes", "mail"]


@pytest.mark.parametrize(("typed", "fresh", "expected"), [
    # Her summary of item A, their summary of item B: both.
    ({"A": "hers", "B": "b"}, {"A": "a", "B": "theirs"}, {"A": "hers", "B": "theirs"}),
    # An item only the other desk wrote up comes in; one only she wrote up stays.
    ({"A": "a", "B": "b", "C": "hers"}, {"A": "a", "B": "b", "D": "theirs"},
     {"A": "a", "B": "b", "C": "hers", "D": "theirs"}),
    # Both wrote item A: hers.
    ({"A": "hers", "B": "b"}, {"A": "theirs", "B": "b"}, {"A": "hers", "B": "b"}),
])
def test_mappings_are_merged_key_by_key(typed: dict, fresh: dict, expected: dict) -> None:
    read = {"A": "a", "B": "b"}
    assert keep_own_changes(read, typed, fresh) == expected
