"""`concom-desk posting-deadline` as a user runs it."""

from __future__ import annotations

import json

import pytest

from concom_desk.cli import main


def test_posting_deadline_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["posting-deadline", "--at", "2027-03-03T19:00", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"post_by": "2027-03-01T19:00"}


def test_posting_deadline_text_across_thanksgiving(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["posting-deadline", "--at", "2026-11-30T19:00"]) == 0
    out = capsys.readouterr().out
    assert "by Wednesday, November 25, 2026 7:00 PM." in out
    assert "MGL c.30A §20(b)" in out


@pytest.mark.parametrize("bad", ["2027-02-30T19:00", "tomorrow", "2027-03-03"])
def test_posting_deadline_bad_datetime_exits_2(bad: str, capsys: pytest.CaptureFixture[str]
                                               ) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["posting-deadline", "--at", bad])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "YYYY-MM-DDTHH:MM" in err
