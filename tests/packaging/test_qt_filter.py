"""The bundle keeps what a Widgets program needs and drops the rest of Qt."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "packaging"))
from qt_filter import keep  # noqa: E402

KEPT = [
    "PySide6/Qt/lib/libQt6Widgets.so.6",
    "PySide6/Qt/lib/libQt6Gui.so.6",
    "PySide6/Qt/plugins/platforms/libqxcb.so",
    "PySide6/Qt/plugins/platforms/libqoffscreen.so",
    "PySide6/Qt/plugins/imageformats/libqico.so",
    "PySide6\\Qt6Core.dll",
    "PySide6\\plugins\\platforms\\qwindows.dll",
    "PySide6\\plugins\\platforms\\qoffscreen.dll",
    "PySide6\\plugins\\styles\\qmodernwindowsstyle.dll",
    "PySide6/Qt/translations/qtbase_en.qm",
]
DROPPED = [
    "PySide6/Qt/lib/libQt6Quick.so.6",
    "PySide6/Qt/lib/libQt6Qml.so.6",
    "PySide6/Qt/lib/libQt6Pdf.so.6",
    "PySide6/Qt/plugins/platforms/libqwayland-egl.so",
    "PySide6/Qt/plugins/platforms/libqeglfs.so",
    "PySide6/Qt/plugins/qmltooling/libqmldbg_debugger.so",
    "PySide6/Qt/translations/qtbase_de.qm",
    "PySide6\\opengl32sw.dll",
    "PySide6\\plugins\\platforms\\qdirect2d.dll",
    "PySide6\\plugins\\vectorimageformats\\qlottievectorimage.dll",
    "PySide6\\Qt6Lottie.dll",
]


@pytest.mark.parametrize("dest", KEPT)
def test_kept(dest: str) -> None:
    assert keep((dest, "/src", "BINARY"))


@pytest.mark.parametrize("dest", DROPPED)
def test_dropped(dest: str) -> None:
    assert not keep((dest, "/src", "BINARY"))
