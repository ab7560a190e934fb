"""The main window's own words in French: menus, title, File dialogs, options (issue 33).

Switched in-process (the conftest puts English back after each test). The check that no shown
text equals its English msgid fails if the wrapping of these files is undone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QAbstractButton, QLabel, QMenu, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.resources import resources_dir
from saga_desktop.ui.dialogs import BackupDialog, NewCampaignDialog
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.options_dialog import OptionsDialog
from tests.ui.test_window_sizes import window_for

# Words that read the same in French, and Qt's own button ("Cancel": Qt's catalog, installed
# with the language at start, not by this in-process switch).
SAME_IN_FRENCH = {"&Options…", "&Session", "Description", "&Description:", "Cancel"}


def english_words() -> set[str]:
    """The one-line msgids of the part ``ui`` (this window's own words)."""
    pot = resources_dir() / "i18n" / "templates" / "ui.pot"
    found = re.findall(r'^msgid "(.+)"$', pot.read_text("utf-8"), flags=re.MULTILINE)
    return {m.replace('\\"', '"') for m in found} - SAME_IN_FRENCH


@pytest.fixture
def french() -> Iterator[None]:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    yield


def shown_words(widget: QWidget) -> list[str]:
    words = [widget.windowTitle()]
    words += [w.text() for w in widget.findChildren(QLabel)]
    words += [b.text() for b in widget.findChildren(QAbstractButton)]
    return [w for w in words if w]


def menu_words(window: MainWindow) -> list[str]:
    words = [a.text() for a in window.menuBar().actions()]
    for menu in (window.file_menu, window.edit_menu, window.campaign_menu, window.help_menu):
        words += [a.text() for a in menu.actions() if a.text()]
    words += [window.files.recent_menu.title(), window.dock_keys.menu.title()]
    return words


def test_the_menus_and_title_are_french(qtbot: QtBot, french: None) -> None:
    window = window_for(qtbot, "songs-and-sagas")
    bar = [a.text() for a in window.menuBar().actions()]
    for title in ("&Fichier", "É&dition", "&Affichage", "&Campagne", "Aid&e"):
        assert title in bar
    assert isinstance(window.menu("&File"), QMenu)  # the English title stays the key
    assert window.menu("&File").title() == "&Fichier"
    files = [a.text() for a in window.file_menu.actions()]
    assert "&Nouvelle campagne…" in files and "&Enregistrer" in files
    assert "pas encore enregistrée" in window.windowTitle()
    english = english_words()
    assert [w for w in menu_words(window) if w in english] == []


def test_the_file_dialogs_and_options_are_french(qtbot: QtBot, french: None) -> None:
    window = window_for(qtbot, "songs-and-sagas")
    english = english_words()
    new = NewCampaignDialog(window)
    backups = BackupDialog([], window)
    options = OptionsDialog(window.bridge, window)
    for dialog in (new, backups, options):
        qtbot.addWidget(dialog)
        assert [w for w in shown_words(dialog) if w in english] == []
    assert new.windowTitle() == "Nouvelle campagne"
    assert new.set_options.text() == "Régler les &options du jeu ensuite"
    assert backups.windowTitle() == "Restaurer une sauvegarde"
    assert options.windowTitle().startswith("Options de la campagne — ")
