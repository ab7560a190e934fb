"""The window at small and ordinary sizes: docks fit or scroll, sheets keep a sane width, the roll's
finishing buttons show without scrolling, a restored layout is usable, the window fits its screen.

Sizes are those the window takes on a screen (92% × 90% of it, as ``_resize_to_screen`` does):
1366×768 gives 1257×691, 1024×600 gives 942×540, and 200% scaling on 1600×900 an 800×450 screen.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSettings, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QDockWidget,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)
from pytestqt.exceptions import TimeoutError as WaitTimeout
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.rolls import BeginTrial
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.storage import paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import dock_policy
from saga_desktop.ui import files as files_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dock_policy import first_size
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.features import arrange_default_layout
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button

GAMES = ("songs-and-sagas", "resonance", "dice-pool")
ON_1366 = (1257, 691)
ON_1024 = (942, 540)
EFFECTIVE_200 = QRect(0, 0, 800, 450)  # 1600×900 at 200%


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def window_for(qtbot: QtBot, game: str, size: tuple[int, int] | None = None) -> MainWindow:
    """A shown main window with ``game``'s sample campaign, laid out first at ``size``."""
    bridge = SessionBridge(Session(find_ruleset(game).sample_campaign()))
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir()), None
    )
    window = MainWindow(doc, QSettings())
    qtbot.addWidget(window)
    if size is not None:
        window.resize(*size)  # as on that screen at the first start
        arrange_default_layout(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def shown_docks(window: MainWindow) -> list[QDockWidget]:
    return [
        d
        for d in window.findChildren(QDockWidget)
        if d.isVisible()
        and not d.isFloating()
        and d.parent() is window
        and not d.visibleRegion().isEmpty()  # not a tab behind another
    ]


def fully_shown(widget: QWidget) -> bool:
    """Nothing of the widget is hidden by a scroll area's edge or by its dock."""
    return widget.isVisible() and widget.visibleRegion().boundingRect() == widget.rect()


def sheet_docks(window: MainWindow) -> list[QDockWidget]:
    return [d for d in shown_docks(window) if dock_policy.is_sheet(d)]


def test_the_finishing_buttons_of_a_waiting_roll_show_at_1366x768(qtbot: QtBot) -> None:
    window = window_for(qtbot, "songs-and-sagas", ON_1366)
    campaign = window.bridge.session.campaign
    roller = next(cid for cid, hand in table_of(campaign).hands.items() if hand)
    window.bridge.apply(BeginTrial(roller, songs.Attribute.STRENGTH, 12, risk=3, d20=2))
    result = window.table_feature.panel.result  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: result.settle.isVisible())
    assert result.headline.text() == "Setback"
    assert result.settle.text() == "Accept the setback (mark XP)"
    for widget in (
        result.headline,
        result.settle,
        result.turn,
        result.consequence,
        *result.burns.buttons.values(),
    ):
        qtbot.waitUntil(lambda w=widget: fully_shown(w))  # type: ignore[misc]


def test_a_waiting_resonance_check_shows_its_cards_and_cancel_at_1024x600(qtbot: QtBot) -> None:
    window = window_for(qtbot, "resonance", ON_1024)
    panel = window.resonance_feature.panel  # type: ignore[attr-defined]
    qtbot.mouseClick(panel.setup.draw_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(panel.boxes))
    buttons = [b for box in panel.boxes.values() for b in box.findChildren(QPushButton)]
    assert buttons
    for widget in (panel.waiting, panel.cancel, *buttons):
        qtbot.waitUntil(lambda w=widget: fully_shown(w))  # type: ignore[misc]


def test_a_dice_pool_roll_comes_into_view_at_1366x768(qtbot: QtBot) -> None:
    window = window_for(qtbot, "dice-pool", ON_1366)
    dock = window.dicepool_feature.check_dock  # type: ignore[attr-defined]
    qtbot.mouseClick(dock.roll_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: fully_shown(dock.verdict) and fully_shown(dock.result_dice))


@pytest.mark.parametrize("game", GAMES)
def test_at_1024x600_docks_fit_or_scroll_and_sheets_keep_a_sane_width(
    qtbot: QtBot, game: str
) -> None:
    window = window_for(qtbot, game, ON_1024)
    qtbot.wait(50)
    assert (window.width(), window.height()) == ON_1024, "the window grew past its size"
    hint = window.minimumSizeHint()
    assert hint.width() <= ON_1024[0] and hint.height() <= ON_1024[1]
    for dock in shown_docks(window):
        content = dock.widget()
        assert content is not None
        fits = content.minimumSizeHint().width() <= dock.width()
        fits = fits and content.minimumSizeHint().height() <= dock.height()
        assert fits or isinstance(content, QAbstractScrollArea), dock.objectName()
    sheets = sheet_docks(window)
    assert sheets
    for dock in sheets:
        assert dock.width() >= dock_policy.sheet_min_width(dock) >= 150
    try:  # no wrapped line is cut (the Vanori's gift was)
        qtbot.waitUntil(lambda: not squeezed_labels(window), timeout=2000)
    except WaitTimeout:
        pytest.fail("; ".join(squeezed_labels(window)))
    for dock in shown_docks(window):  # a long name in a narrow field shows its start
        for edit in dock.findChildren(QLineEdit):
            fits = edit.fontMetrics().horizontalAdvance(edit.text()) < edit.width() - 16
            assert fits or edit.cursorPosition() == 0, edit.text()


def squeezed_labels(window: MainWindow) -> list[str]:
    """Wrapped labels in the shown docks that are lower than their lines need."""
    found = []
    for dock in shown_docks(window):
        for label in dock.findChildren(QLabel):
            if label.wordWrap() and label.text() and not label.visibleRegion().isEmpty():
                need = label.heightForWidth(label.width())
                if label.height() < need:
                    found.append(f"{dock.objectName()}: {label.text()!r} {label.height()}<{need}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_window_fits_an_800x450_screen(qtbot: QtBot, game: str) -> None:
    """200% on a 1600×900 screen: the window's least size fits the screen (docks scroll)."""
    window = window_for(qtbot, game)
    hint = window.minimumSizeHint()
    assert hint.width() <= EFFECTIVE_200.width() - 20
    assert hint.height() <= EFFECTIVE_200.height() - 40
    window.resize(780, 410)
    qtbot.waitUntil(lambda: window.size().width() == 780 and window.height() == 410)
    for dock in sheet_docks(window):
        assert dock.width() >= dock_policy.sheet_min_width(dock)


def test_at_200_percent_the_roll_button_and_odds_show_without_scrolling(qtbot: QtBot) -> None:
    """A short roll dock keeps the odds to their headline; the details are its tooltip."""
    window = window_for(qtbot, "songs-and-sagas", (736, 405))
    setup = window.table_feature.panel.setup  # type: ignore[attr-defined]
    for widget in (setup.odds.headline, setup.odds.bar, setup.roll_button):
        qtbot.waitUntil(lambda w=widget: fully_shown(w))  # type: ignore[misc]
    assert "Setback" in setup.odds.headline.toolTip()
    window.resize(1257, 691)  # room again: the details come back
    qtbot.waitUntil(lambda: fully_shown(setup.odds.details))


def test_a_window_larger_than_its_screen_is_brought_inside(qtbot: QtBot) -> None:
    window = window_for(qtbot, "songs-and-sagas")
    screen = window.screen().availableGeometry()
    window.setGeometry(screen.x() + 300, screen.y() + 200, 2400, 1400)
    qtbot.waitUntil(lambda: screen.contains(window.frameGeometry()))
    assert window.width() <= screen.width() and window.height() <= screen.height()


def test_clamp_to_screen_shrinks_then_moves(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.setGeometry(600, 300, 900, 600)
    dock_policy.clamp_to_screen(widget, EFFECTIVE_200)
    assert EFFECTIVE_200.contains(widget.frameGeometry())


def test_a_layout_saved_in_a_tiny_window_is_usable_in_a_large_one(qtbot: QtBot) -> None:
    small = window_for(qtbot, "songs-and-sagas", (825, 600))
    sheet = sheet_docks(small)[0]
    small.resizeDocks([sheet], [60], Qt.Orientation.Horizontal)
    small.close()  # saves geometry and dock layout
    window = window_for(qtbot, "songs-and-sagas")  # restores the small window's layout
    window.resize(1472, 810)  # the player makes the window large again
    want = dock_policy.comfortable_width(window)
    assert want >= 250
    qtbot.waitUntil(lambda: all(d.width() >= want - 8 for d in sheet_docks(window)))
    for dock in shown_docks(window):
        assert dock.width() >= 150, dock.objectName()


def test_a_floating_dock_left_off_every_screen_comes_back(qtbot: QtBot) -> None:
    window = window_for(qtbot, "songs-and-sagas")
    dock = sheet_docks(window)[0]
    dock.setFloating(True)
    dock.setGeometry(5000, 3000, 300, 400)  # where a screen unplugged since the last run was
    window.close()
    again = window_for(qtbot, "songs-and-sagas")
    restored = next(
        d for d in again.findChildren(QDockWidget) if d.objectName() == dock.objectName()
    )
    qtbot.waitUntil(restored.isFloating)
    screens = [s.availableGeometry() for s in QGuiApplication.screens()]
    qtbot.waitUntil(lambda: any(a.contains(restored.frameGeometry()) for a in screens))


def test_a_first_size_is_never_more_than_most_of_the_screen() -> None:
    """The network player's window asks for 1100×720: a 1024×600 laptop gets less."""
    wanted = QSize(1100, 720)
    assert first_size(wanted, QRect(0, 0, 1600, 900)) == wanted
    assert first_size(wanted, QRect(0, 0, 1024, 600)) == QSize(942, 540)
    assert first_size(wanted, EFFECTIVE_200) == QSize(736, 405)
