"""Which Qt files the bundle leaves out, shared by the program's spec and the
bare-window spec the benchmark compares it with (so both are built the same way).

PyInstaller's `--exclude-module` barely helps with Qt: the libraries arrive
through plugins and the PySide6 hook, so the lists are filtered by file name.
"""

from __future__ import annotations

import re

# Qt modules the program never imports.
EXCLUDED_MODULES = [
    "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets", "PySide6.QtQuickControls2",
    "PySide6.QtNetwork", "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtSql",
    "PySide6.QtTest", "PySide6.QtConcurrent", "PySide6.QtDesigner", "PySide6.QtHelp",
    "PySide6.QtXml", "PySide6.QtDBus", "PySide6.QtSvgWidgets", "PySide6.QtUiTools",
    "PySide6.QtPdf", "PySide6.QtPdfWidgets", "PySide6.QtMultimedia", "PySide6.QtWebEngineCore",
    "PySide6.Qt3DCore", "PySide6.QtVirtualKeyboard",
    "tkinter", "unittest", "pydoc_data", "IPython", "pytest", "hypothesis",
]

# Shared libraries and plugins nobody needs on a town-hall laptop.
_UNUSED = re.compile(
    r"(Qt6?(Quick|Qml|VirtualKeyboard|WebEngine|3D|Multimedia|Pdf|Designer|Test|Sql|Network"
    r"|ShaderTools|Positioning|Wayland|OpenGLWidgets|Charts|DataVisualization|Graphs|Help"
    r"|Sensors|SerialPort|Bluetooth|Nfc|RemoteObjects|Scxml|StateMachine|TextToSpeech"
    r"|WebChannel|WebSockets|Location|SpatialAudio|HttpServer|Protobuf|Grpc|LabsAnimation"
    r"|Lottie))"
    r"|(plugins[/\\](qmltooling|quick|wayland|egldeviceintegrations|sqldrivers|networkinformation"
    r"|tls|multimedia|position|sensors|virtualkeyboard|webview|designer|texttospeech|generic"
    r"|platforminputcontexts|platformthemes|canbus|scenegraph|renderers|vectorimageformats))"
    r"|(platforms[/\\]lib(qwayland|qeglfs|qlinuxfb|qvnc|qvkkhrdisplay|qminimalegl)[\w-]*\.so)"
    # Windows' Direct2D platform (1 MB): the program runs on `windows`.
    r"|(platforms[/\\]qdirect2d\.dll)"
    r"|(imageformats[/\\]\w*(webp|tiff|pdf|svg|tga|wbmp|icns)\w*\.)"
    r"|(opengl32sw\.dll|d3dcompiler)"
    r"|(translations[/\\](?!qtbase_en)\w+\.qm)",
    re.IGNORECASE,
)


def keep(entry: tuple) -> bool:
    """True for a (dest, source, kind) TOC entry the bundle needs."""
    dest = str(entry[0])
    return not _UNUSED.search(dest)


def lean(toc: list) -> list:
    return [entry for entry in toc if keep(entry)]
