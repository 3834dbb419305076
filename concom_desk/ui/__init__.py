"""The window. Only this package imports Qt.

PySide6-Essentials 6.12.0 on CPython 3.11 returns `None` from void methods
without taking a reference to it; after a few thousand calls the interpreter
aborts ("deallocating None"). pyproject.toml excludes that release on Python
before 3.12 (3.12 made None immortal); tests/ui/test_binding_keeps_none_alive.py
would catch a binding that brings the fault back.
"""
