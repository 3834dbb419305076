"""docs/towns.md, "Each town's deadlines", is what `concom-desk towns --markdown` prints
from the shipped profiles: a profile changed without the page fails here. To bring the
page up to date, replace that section with the command's output."""

from __future__ import annotations

import pytest

from concom_desk.cli import main
from concom_desk.domain.towns_doc import HEADING
from concom_desk.paths import docs_dir


def test_the_towns_page_is_what_the_profiles_print(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["towns", "--markdown"]) == 0
    printed = capsys.readouterr().out
    page = (docs_dir() / "towns.md").read_text(encoding="utf-8")
    assert HEADING in page
    on_page = page[page.index(HEADING):]
    assert on_page == printed, (
        "docs/towns.md is stale: replace its section from "
        f"'{HEADING}' with `concom-desk towns --markdown`")
    # The staleness issue 29 found: the state RDA's meeting clock under its own
    # subsection, MassDEP's copy listed, and no expiry for an amendment (it runs with
    # the original permit's term).
    state = printed[printed.index("### Massachusetts"):]
    assert "| `hearing_by` | rda | 21 days after receipt of the filing | " \
           "310 CMR 10.05(3)(b)1 |" in state
    assert "| `dep_copy_by` |" in state
    expiry_rows = [line for line in printed.splitlines() if line.startswith("| `expires`")]
    assert expiry_rows and not any("amendment" in line for line in expiry_rows)
