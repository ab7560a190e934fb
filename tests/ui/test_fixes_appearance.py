"""View > Appearance: the whole app (not only the map) follows the system, or is light or dark."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from saga_desktop.app import make_application
from saga_desktop.model.songs.ops.combat import StartCombat
from saga_desktop.storage import paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import appearance as appearance_module
from saga_desktop.ui import files as files_module
from saga_desktop.ui.appearance import SETTING, Appearance, appearance_manager
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.lazy_dock import LazyDock
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.map.theme import DARK, PAPER, ThemeChoice
from saga_desktop.ui.messages import Button
from saga_desktop.ui.palette import TEXT_COLOUR, contrast, readable
from tests.model.songs.fight import fight_session


def window_colour() -> QColor:
    return QApplication.palette().color(QPalette.ColorRole.Window)


def app_is_dark() -> bool:
    return window_colour().lightnessF() < 0.5


@pytest.fixture(autouse=True)
def _back_to_system() -> Iterator[None]:
    yield
    appearance_manager().set_choice(Appearance.SYSTEM)
    assert not app_is_dark()


@pytest.fixture
def window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    # Closed by qtbot at teardown: no unsaved-changes question.
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)
    session = fight_session()
    bridge = SessionBridge(session)
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir())
    )
    w = MainWindow(doc, QSettings())
    qtbot.addWidget(w)
    w.resize(1600, 900)
    w.show()
    qtbot.waitExposed(w)
    return w


def choose(window: MainWindow, choice: Appearance) -> None:
    window.appearance_menu.actions_by_choice[choice].trigger()


def map_theme_name(window: MainWindow) -> str:
    assert window.map_feature is not None
    return window.map_feature.view.map_scene.map_style.theme.name


def test_the_menu_switches_the_whole_app_and_the_map(window: MainWindow, qtbot: QtBot) -> None:
    menu = window.appearance_menu
    assert menu.menuAction() in window.view_menu.actions()
    titles = [a.text() for a in menu.actions()]
    assert titles == ["Follow &System", "&Light", "&Dark", "&High contrast"]
    assert not app_is_dark() and map_theme_name(window) == PAPER.name
    choose(window, Appearance.DARK)
    assert app_is_dark() and QApplication.style().name().lower() == "fusion"
    assert map_theme_name(window) == DARK.name
    qtbot.waitUntil(lambda: window.palette().color(QPalette.ColorRole.Window).lightnessF() < 0.5)
    assert QSettings().value(SETTING) == "dark"
    palette = QApplication.palette()
    for text, ground in [
        (QPalette.ColorRole.WindowText, QPalette.ColorRole.Window),
        (QPalette.ColorRole.Text, QPalette.ColorRole.Base),
        (QPalette.ColorRole.ButtonText, QPalette.ColorRole.Button),
        (QPalette.ColorRole.HighlightedText, QPalette.ColorRole.Highlight),
        (QPalette.ColorRole.ToolTipText, QPalette.ColorRole.ToolTipBase),
    ]:
        assert contrast(palette.color(text), palette.color(ground)) >= 4.5, text
    choose(window, Appearance.LIGHT)
    assert not app_is_dark() and map_theme_name(window) == PAPER.name
    assert QSettings().value(SETTING) == "light"


def test_a_map_theme_chosen_explicitly_stays(window: MainWindow) -> None:
    feature = window.map_feature
    assert feature is not None
    feature.actions[f"theme_{ThemeChoice.PAPER.value}"].trigger()
    choose(window, Appearance.DARK)
    assert app_is_dark() and map_theme_name(window) == PAPER.name
    feature.actions[f"theme_{ThemeChoice.SYSTEM.value}"].trigger()
    assert map_theme_name(window) == DARK.name


def test_follow_system_reacts_to_the_system(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    choose(window, Appearance.SYSTEM)
    assert not app_is_dark()
    monkeypatch.setattr(appearance_module, "system_is_dark", lambda: True)
    QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    qtbot.waitUntil(lambda: app_is_dark() and map_theme_name(window) == DARK.name)
    monkeypatch.setattr(appearance_module, "system_is_dark", lambda: False)
    QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
    qtbot.waitUntil(lambda: not app_is_dark() and map_theme_name(window) == PAPER.name)
    # A forced choice ignores the system, and so do the maps that follow it.
    choose(window, Appearance.DARK)
    QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Light)
    qtbot.wait(20)
    assert app_is_dark() and map_theme_name(window) == DARK.name


def test_the_remembered_choice_applies_at_start(window: MainWindow) -> None:
    make_application()  # the app's own names: its settings are read under them
    QSettings().setValue(SETTING, "dark")
    make_application()
    assert app_is_dark()
    QSettings().setValue(SETTING, "nonsense")
    make_application()
    assert not app_is_dark()


@pytest.mark.parametrize("choice", [Appearance.LIGHT, Appearance.DARK])
def test_coloured_words_in_the_docks_stay_readable(
    window: MainWindow, qtbot: QtBot, choice: Appearance
) -> None:
    choose(window, choice)
    for dock in window.findChildren(LazyDock):
        dock.ensure_built()  # the docks behind others too (they are made when first shown)
    window.bridge.apply(StartCombat(("wolves", "draugr")), window)
    qtbot.wait(10)
    ground = window_colour()
    coloured = 0
    for label in window.findChildren(QLabel):
        found = TEXT_COLOUR.search(label.styleSheet())
        if found:
            coloured += 1
            ratio = contrast(QColor(found.group(2)), ground)
            where = f"{type(label.parent()).__name__} {label.styleSheet()!r} {label.text()!r}"
            assert ratio >= 4.5, f"{where}: {ratio:.1f}"
    assert coloured > 0


def test_readable_keeps_good_colours_and_fixes_poor_ones() -> None:
    appearance_manager().set_choice(Appearance.DARK)
    assert contrast(QColor(readable("#a01f26")), window_colour()) >= 4.5
    assert readable("#ffffff") == "#ffffff"
    appearance_manager().set_choice(Appearance.LIGHT)
    assert readable("#a01f26") == "#a01f26"
    assert contrast(QColor(readable("#f2c14e")), window_colour()) >= 4.5
