"""UI tests: the offscreen platform's harmless complaint about size hints is not a
warning about our code; every other Qt warning still fails the test."""

from __future__ import annotations

import pytest

OFFSCREEN_NOISE = r"This plugin does not support propagateSizeHints\(\)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/ui/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))
