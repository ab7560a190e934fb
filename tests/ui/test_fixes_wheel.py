"""The wheel scrolls the combat dock instead of changing the combo box under the pointer."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QLineEdit,
    QMainWindow,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from saga_desktop.app import make_application
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.combat import install_combat
from saga_desktop.ui.wheel_guard import WheelGuard, install_wheel_guard
from tests.model.songs.fight import fight_session


def wheel(widget: QWidget, steps: int = -1) -> None:
    """One notch of the wheel over the middle of ``widget`` (negative: towards the user)."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def running_app(qtbot: QtBot) -> None:
    """The app as a player has it: the guard starts once the event loop runs."""
    guard = make_application().findChild(WheelGuard)
    assert guard is not None
    qtbot.waitUntil(lambda: guard.started)


def test_the_guard_starts_when_the_event_loop_runs_and_covers_boxes_made_before(
    qtbot: QtBot,
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    for old in app.findChildren(WheelGuard):  # a guard another test started
        app.removeEventFilter(old)
        old.setParent(None)
    combo = QComboBox()
    qtbot.addWidget(combo)
    combo.setFocusPolicy(Qt.FocusPolicy.WheelFocus)
    guard = make_application().findChild(WheelGuard)
    assert guard is not None and not guard.started  # building the window is not slowed
    qtbot.waitUntil(lambda: guard.started)
    assert combo.focusPolicy() == Qt.FocusPolicy.StrongFocus
    later = QSpinBox()
    qtbot.addWidget(later)
    later.show()
    assert later.focusPolicy() == Qt.FocusPolicy.StrongFocus


def test_the_app_installs_the_guard_once() -> None:
    app = make_application()
    guard = app.findChild(WheelGuard)
    assert guard is not None and install_wheel_guard(app) is guard
    make_application()
    assert len(app.findChildren(WheelGuard)) == 1


def test_scrolling_the_combat_dock_leaves_the_defender_alone(qtbot: QtBot) -> None:
    running_app(qtbot)
    bridge = SessionBridge(fight_session())
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_combat(window, bridge)
    window.resize(560, 1200)
    window.show()
    qtbot.waitExposed(window)
    panel = feature.panel
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    window.resize(560, 420)  # short: the dock scrolls
    action = panel.action
    if action.target_label.text() != "Defender":  # the party's turn: let the enemies act
        qtbot.mouseClick(panel.end_turn_button, Qt.MouseButton.LeftButton)
    assert action.target_label.text() == "Defender"
    target = action.target
    assert target.count() > 1
    scroll = feature.dock.widget()
    assert isinstance(scroll, QScrollArea)
    bar = scroll.verticalScrollBar()
    assert bar.maximum() > 0
    scroll.ensureWidgetVisible(target)
    chosen, start = target.currentIndex(), bar.value()
    wheel(target, -1)
    assert target.currentIndex() == chosen, "the wheel changed an unfocused combo box"
    assert target.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert bar.value() != start, "the panel did not scroll"
    # Focus alone (as Tab gives it) is no sign the player means the box.
    target.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(target.hasFocus)
    wheel(target, -1)
    assert target.currentIndex() == chosen, "the wheel changed a combo box reached by Tab"
    # Once the player clicks into it, the wheel changes the choice as usual.
    click_into(qtbot, target)
    wheel(target, -1)
    assert target.currentIndex() != chosen


def click_into(qtbot: QtBot, box: QWidget) -> None:
    """Click into ``box`` as a player does (a combo's list opens; Escape closes it)."""
    text = box.findChild(QLineEdit)  # a spin box's text takes the click
    qtbot.mouseClick(text if isinstance(box, QSpinBox) and text else box, Qt.MouseButton.LeftButton)
    if isinstance(box, QComboBox):
        box.hidePopup()
    qtbot.waitUntil(box.hasFocus)


def tall_panel(qtbot: QtBot) -> tuple[QScrollArea, QSpinBox, QComboBox]:
    """A scrolling panel with a spin box and a combo box at its top."""
    scroll = QScrollArea()
    qtbot.addWidget(scroll)
    inner = QWidget()
    column = QVBoxLayout(inner)
    spin = QSpinBox()
    spin.setRange(0, 10)
    spin.setValue(5)
    combo = QComboBox()
    combo.addItems(["Dexterity", "Heart", "Body"])
    column.addWidget(spin)
    column.addWidget(combo)
    column.addSpacing(2000)
    scroll.setWidget(inner)
    scroll.resize(300, 200)
    scroll.show()
    qtbot.waitExposed(scroll)
    scroll.activateWindow()
    qtbot.waitUntil(scroll.isActiveWindow)
    return scroll, spin, combo


def test_a_box_focused_by_tab_alone_ignores_the_wheel(qtbot: QtBot) -> None:
    running_app(qtbot)
    scroll, spin, combo = tall_panel(qtbot)
    spin.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(spin, Qt.Key.Key_Tab)
    qtbot.waitUntil(combo.hasFocus)
    wheel(combo, -1)
    assert combo.currentText() == "Dexterity"
    assert scroll.verticalScrollBar().value() > 0, "the panel did not scroll"
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # the keyboard still changes it
    assert combo.currentText() == "Heart"


def test_a_box_clicked_then_scrolled_past_ignores_the_wheel(qtbot: QtBot) -> None:
    running_app(qtbot)
    scroll, spin, combo = tall_panel(qtbot)
    click_into(qtbot, combo)
    wheel(combo, -1)  # clicked into: the wheel is the player's
    assert combo.currentText() == "Heart"
    bar = scroll.verticalScrollBar()
    bar.setValue(0)
    wheel(scroll.viewport(), -1)  # the player scrolls the panel on...
    assert bar.value() > 0
    bar.setValue(0)  # ...and the box drifts back under the pointer
    assert combo.hasFocus()
    wheel(combo, -1)
    assert combo.currentText() == "Heart", "a box scrolled past took the wheel"
    click_into(qtbot, spin)  # a click into another box moves the wheel there
    wheel(spin, 1)
    assert spin.value() == 6
    wheel(combo, -1)
    assert combo.currentText() == "Heart"


def test_a_box_in_a_dock_that_does_not_scroll_ignores_the_wheel(qtbot: QtBot) -> None:
    running_app(qtbot)
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = QDockWidget("Combat", window)
    combo = QComboBox()
    combo.addItems(["Dexterity", "Heart"])
    dock.setWidget(combo)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    wheel(combo, -1)
    assert combo.currentText() == "Dexterity"
    click_into(qtbot, combo)
    wheel(combo, -1)
    assert combo.currentText() == "Heart"


def test_spin_boxes_in_a_scrolling_panel_too(qtbot: QtBot) -> None:
    running_app(qtbot)
    scroll = QScrollArea()
    qtbot.addWidget(scroll)
    inner = QWidget()
    column = QVBoxLayout(inner)
    spin = QSpinBox()
    spin.setRange(0, 10)
    spin.setValue(5)
    combo = QComboBox()
    combo.addItems(["a", "b", "c"])
    column.addWidget(spin)
    column.addWidget(combo)
    column.addSpacing(2000)
    scroll.setWidget(inner)
    scroll.resize(300, 200)
    scroll.show()
    qtbot.waitExposed(scroll)
    bar = scroll.verticalScrollBar()
    wheel(spin, -1)
    assert spin.value() == 5 and bar.value() > 0
    wheel(combo, 1)
    assert combo.currentIndex() == 0 and bar.value() == 0


def test_a_box_outside_any_scrolling_panel_keeps_the_wheel(qtbot: QtBot) -> None:
    running_app(qtbot)
    combo = QComboBox()
    qtbot.addWidget(combo)
    combo.addItems(["a", "b", "c"])
    combo.show()
    qtbot.waitExposed(combo)
    wheel(combo, -1)
    assert combo.currentIndex() == 1
