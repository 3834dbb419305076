"""The main window's File, Tools, Records and Help menus.

What a menu does is imported when it is first chosen (`_OnFirstUse`), not when the
menu is built: the window paints without the printing, the backups or the server's
dialogs, and ui/warm_up.py brings them in behind it once the records show.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction, QKeySequence

if TYPE_CHECKING:
    from concom_desk.ui.main_window import MainWindow


class _OnFirstUse:
    """The module concom_desk.ui.<name>, imported when one of its functions is first
    asked for (a menu's action is chosen), not when the menu is built."""

    def __init__(self, name: str) -> None:
        self._name = f"concom_desk.ui.{name}"

    def __getattr__(self, attribute: str) -> Any:
        return getattr(importlib.import_module(self._name), attribute)


def _action(window: MainWindow, text: str, slot: Callable[[], Any],
            shortcut: QKeySequence.StandardKey | str | None = None,
            needs_records: bool = True) -> QAction:
    action = QAction(text, window)
    if needs_records:
        window.record_actions.append(action)
    # setShortcuts, not setShortcut: the one's overloads look at Qt.Key, which makes
    # PySide6's whole Qt namespace before the first paint (ui/first_paint.py).
    if isinstance(shortcut, QKeySequence.StandardKey):
        action.setShortcuts(shortcut)  # the platform's bindings, first the usual one
    elif shortcut is not None:
        action.setShortcuts([QKeySequence(shortcut)])
    action.triggered.connect(slot)
    return action


def _on_calendar(window: MainWindow, method: str) -> Callable[[], Any]:
    """The Hearing calendar brought forward (built on first sight), then its button's
    work done, for the day chosen there."""
    return lambda: getattr(window.show_section("Hearing calendar"), method)()


def build_menus(window: MainWindow) -> None:
    file_actions, help_actions = _OnFirstUse("file_actions"), _OnFirstUse("help_actions")
    desk_actions, tools_actions = _OnFirstUse("server.desk_actions"), _OnFirstUse("tools_actions")
    bar = window.menuBar()

    file_menu = bar.addMenu("&File")
    window.new_action = _action(window, "&New filing…", window.new_filing,
                                QKeySequence.StandardKey.New)
    file_menu.addAction(window.new_action)
    file_menu.addSeparator()
    window.backup_action = _action(window, "&Backup…", lambda: file_actions.backup(window))
    window.restore_action = _action(window, "&Restore from backup…",
                                    lambda: file_actions.restore(window))
    window.export_action = _action(window, "&Export for a records request…",
                                   lambda: file_actions.export(window))
    for action in (window.backup_action, window.restore_action, window.export_action):
        file_menu.addAction(action)
    file_menu.addAction(_action(window, "Open &data folder",
                                lambda: file_actions.open_data_folder(window)))
    file_menu.addSeparator()
    file_menu.addAction(_action(window, "Connect to ser&ver…",
                                lambda: desk_actions.connect_to_server(window),
                                needs_records=False))
    window.local_file_action = _action(window, "&Use the file on this computer",
                                       lambda: desk_actions.use_local_file(window),
                                       needs_records=False)
    window.local_file_action.setEnabled(False)
    file_menu.addAction(window.local_file_action)
    file_menu.addSeparator()
    file_menu.addAction(_action(window, "&Settings…", window.edit_settings))
    file_menu.addSeparator()
    # Ctrl+Q spelled out: Windows has no standard Quit shortcut.
    file_menu.addAction(_action(window, "&Quit", window.close, "Ctrl+Q", needs_records=False))

    tools = bar.addMenu("&Tools")
    tools.addAction(_action(window, "Word &templates…",
                            lambda: tools_actions.open_templates(window)))
    tools.addAction(_action(window, "Export the &calendar (.ics)…", window.export_calendar))
    tools.addAction(_action(window, "Public records and &reports…",
                            lambda: tools_actions.open_public_records_desk(window)))
    tools.addAction(_action(window, "Conservation &land…", lambda: _conservation_land(window)))
    tools.addAction(_action(window, "Treasurer's t&urnover report…",
                            lambda: tools_actions.open_turnover(window)))
    tools.addAction(_action(window, "Load MassGIS &parcels…",
                            lambda: tools_actions.load_parcels(window)))
    tools.addAction(_action(window, "Repair audit &guards…",
                            lambda: tools_actions.repair_guards(window)))

    meetings = bar.addMenu("&Meetings")
    # The Hearing calendar's buttons, from the keyboard anywhere in the window.
    for text, method, shortcut in (
            ("&Meetings…", "add_meetings", None),
            ("M&ove or cancel a meeting…", "change_meeting", None),
            ("&Book hearing…", "book_hearing", "Ctrl+B"),
            ("&Continue a hearing…", "continue_hearing", None),
            ("C&lose a hearing…", "close_hearing", None),
            ("Record &vote…", "record_vote", None),
            ("Le&gal notice", "make_legal_notice", None),
            ("Notice &published…", "record_publication", None),
            ("&Agenda", "make_agenda", None),
            ("Agenda posted &when…", "record_posting", None),
            ("Minu&tes…", "open_minutes", None),
            ("E&xecutive-session minutes…", "open_executive_minutes", None)):
        meetings.addAction(_action(window, text, _on_calendar(window, method), shortcut))

    records = bar.addMenu("&Records")
    window.find_action = _action(window, "&Find a filing", window.find_filing,
                                 QKeySequence.StandardKey.Find)
    records.addAction(window.find_action)
    records.addAction(_action(window, "&Reload", window.reload,
                              QKeySequence.StandardKey.Refresh))
    records.addAction(_action(window, "Expiry &watch…", window.open_expiry_watch))

    help_menu = bar.addMenu("&Help")
    help_menu.addAction(_action(window, "&User guide", lambda: help_actions.user_guide(window),
                                QKeySequence.StandardKey.HelpContents, needs_records=False))
    help_menu.addAction(_action(window, "&About ConCom Desk", lambda: help_actions.about(window),
                                needs_records=False))


def _conservation_land(window: MainWindow) -> Any:
    from concom_desk.ui.land.land_dialogs import open_conservation_land

    return open_conservation_land(window)
