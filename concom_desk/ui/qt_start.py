"""Qt, imported for a quick start of the window.

PySide6 replaces Python's `__import__` to support `from __feature__ import ...`
(snake_case names, true properties). For every module imported after it, it
reads the module's whole source file once (`inspect.getsource`) to note whether
the text says "PySide6", that is whether the module's later Qt look-ups should
follow the features it switches on. At start-up that is over a hundred files read
and decoded before the window paints (about 20 ms on a slow laptop), then every
SQLAlchemy module while the records open.

Nothing in ConCom Desk switches a feature on, so the note changes nothing: every
look-up takes Qt's plain names either way. The frozen program, which carries no
source, already gets "no" for every module; `import_qt` gives the same answer
without reading the file, so the program runs from source as it runs frozen.
Should a later PySide6 rename its function, nothing is changed.
"""

from __future__ import annotations

import sys
from types import ModuleType


def import_qt() -> None:
    """Import PySide6's widgets and stop its per-module source search (see above)."""
    import PySide6.QtWidgets  # noqa: F401 (loads the binding and its import hook)

    feature = sys.modules.get("shibokensupport.feature")
    if feature is not None and callable(getattr(feature, "_mod_uses_pyside", None)):
        feature._mod_uses_pyside = switches_no_feature  # type: ignore[attr-defined]


def switches_no_feature(module: ModuleType) -> bool:
    """The binding's question, "might this module switch a Qt feature on?": no module of
    the program does, and the answer is what a module without source gets."""
    return False
