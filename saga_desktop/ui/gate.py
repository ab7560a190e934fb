"""Which controls of a character's sheet this window's user may use: one walk, asking the bridge.

A sheet's control says what it does: :func:`acts` names the kind of operation a player may ask
for with it (the Owl's gift), :func:`local` marks one that changes nothing at the table
(exporting a PDF, viewing a pile). Every other control makes an edit only the GM makes.
:func:`gate` walks a sheet after each redraw. At the GM's own table, and at a GM seat, it changes
nothing. At a player's seat each control whose operation the seat may not ask for now
(:meth:`SessionBridge.refusal`, the host's own check) is disabled, a text field made read-only,
with a tooltip saying why; a control that becomes allowed (the GM accepted the character) gets
its state and tooltip back. The panel is the same for every seat: no second copy of it.

A closed sheet reads as a sheet, not as a greyed-out editor: a closed spin box shows its value
as text (read-only, no arrows, no frame), and a control marked :func:`edit_only` (an empty
"add" row, a Remove button) is hidden where the user may not use it.
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QTextEdit,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.elide import plain_tip

OPERATION = "sagaOperation"
"""The dynamic property naming the operation kind a control asks for."""
LOCAL = "local"
"""The property's value for a control that changes nothing at the table."""
GM_ONLY = tr_noop("Only the GM changes this.")
"""Why a player may not use a control that names no operation a player may ask for."""

DOCK_BUTTONS = "qt_dockwidget_"
"""Qt's own float and close buttons of a dock: the window's, not the sheet's."""

EDIT_ONLY = "sagaEditOnly"
"""The dynamic property of a control that only edits (hidden where it is closed)."""

_GATED = "sagaGated"
_TIP = "sagaGateTip"
_MENU = "sagaGateMenu"

W = TypeVar("W", bound=QWidget)
Field = QLineEdit | QPlainTextEdit | QTextEdit
CONTROLS = (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QAbstractSlider,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
)


def acts(widget: W, kind: str) -> W:
    """Mark ``widget`` as asking for operations of ``kind`` (a player may, where the rules say)."""
    widget.setProperty(OPERATION, kind)
    return widget


def local(widget: W) -> W:
    """Mark ``widget`` as changing nothing at the table: every seat may use it."""
    return acts(widget, LOCAL)


def edit_only(widget: W) -> W:
    """Mark ``widget`` as meaningless to a reader: hidden wherever it is closed."""
    widget.setProperty(EDIT_ONLY, True)
    return widget


def reason(bridge: SessionBridge, kind: str | None, character_id: str) -> str | None:
    """Why this window's user may not use a control asking for ``kind`` for ``character_id``."""
    if kind == LOCAL or not bridge.limited:
        return None
    if not kind or not bridge.may(kind):
        return tr(GM_ONLY)
    return bridge.refusal(kind, {"character": character_id})


def gate(root: QWidget, bridge: SessionBridge, character_id: str) -> None:
    """Disable, with the reason as tooltip, every control under ``root`` the user may not use."""
    for widget in root.findChildren(QWidget):
        if isinstance(widget, QScrollBar) or widget.objectName().startswith(DOCK_BUTTONS):
            continue
        menu = widget.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu
        marked = widget.property(_MENU) or widget.property(EDIT_ONLY)
        if not (isinstance(widget, CONTROLS) or menu or marked):
            continue
        kind = widget.property(OPERATION)
        _set(widget, reason(bridge, kind if isinstance(kind, str) else None, character_id))


def _set(widget: QWidget, why: str | None) -> None:
    gated = bool(widget.property(_GATED))
    if why is None:
        if gated:
            _release(widget)
        return
    if not gated:
        widget.setProperty(_GATED, True)
        widget.setProperty(_TIP, widget.toolTip())
    widget.setToolTip(plain_tip(why))  # the reason may name a character: user text
    if widget.property(EDIT_ONLY):
        widget.setEnabled(False)
        widget.hide()  # an add row or a Remove button says nothing to a reader
    elif widget.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu:
        widget.setProperty(_MENU, True)  # a right-click menu of edits: none for this seat
        widget.setContextMenuPolicy(Qt.ContextMenuPolicy.PreventContextMenu)
    elif isinstance(widget, QAbstractSpinBox):  # the value reads as text
        widget.setReadOnly(True)
        widget.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.NoButtons)
        widget.setFrame(False)
        _flat(widget)
    elif isinstance(widget, Field):
        widget.setReadOnly(True)  # still selectable, scrollable and copyable
        if isinstance(widget, QLineEdit):  # a closed box reads as text; an empty one is greyed
            widget.setFrame(False)
            _flat(widget)
            widget.setEnabled(bool(widget.text()))
    elif not widget.property(_MENU):
        widget.setEnabled(False)


def _flat(widget: QWidget) -> None:
    """No ground of its own behind a closed field's text: the sheet's shows through.

    A colour copied from the window would go stale when the scheme changes (white ground,
    light text in the dark); a transparent ground, and the text colour left to the scheme,
    read in either.
    """
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.Base, QColor(0, 0, 0, 0))
    widget.setPalette(palette)


def _release(widget: QWidget) -> None:
    widget.setProperty(_GATED, False)
    tip = widget.property(_TIP)
    widget.setToolTip(tip if isinstance(tip, str) else "")
    if widget.property(EDIT_ONLY):
        widget.setEnabled(True)
        widget.show()
    elif isinstance(widget, QAbstractSpinBox):
        widget.setReadOnly(False)
        widget.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.UpDownArrows)
        widget.setFrame(True)
        widget.setPalette(QPalette())
    elif widget.property(_MENU):
        widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    elif isinstance(widget, Field):
        widget.setReadOnly(False)
        widget.setEnabled(True)
        if isinstance(widget, QLineEdit):
            widget.setFrame(True)
            widget.setPalette(QPalette())  # the window's palette again
    else:
        widget.setEnabled(True)


def barred(widget: QWidget) -> bool:
    """True when ``widget`` takes no edit: disabled, read-only, or its edit menu withheld."""
    if not widget.isEnabled():
        return True
    if isinstance(widget, Field | QAbstractSpinBox) and widget.isReadOnly():
        return True
    return widget.contextMenuPolicy() == Qt.ContextMenuPolicy.PreventContextMenu
