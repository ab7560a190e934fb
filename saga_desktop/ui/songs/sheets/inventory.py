"""The six inventory slots: items, weapons and conditions, a condition spanning all its slots."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QMenu,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.model.campaign import Character
from saga_desktop.model.operation import Operation
from saga_desktop.model.songs.ops.sheet import ClearCondition, DamageGear, DropEntry, RepairGear
from saga_desktop.model.songs.state import InventoryEntry, sheet_of
from saga_desktop.rules import songs
from saga_desktop.ui.songs.sheets.base import SheetContext, SheetPart
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.gear import gear_state
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label, state_colour, tool_button

SLOTS = songs.INVENTORY_SLOTS

ADDS = (
    ("item", tr_noop("Add item…"), tr_noop("Add item")),
    ("weapon", tr_noop("Add weapon…"), tr_noop("Add weapon")),
    ("condition", tr_noop("Add condition…"), tr_noop("Add condition")),
)
"""The kinds a player adds, with the button's words and its accessible name."""


def describe_entry(entry: InventoryEntry) -> str:
    """The kind and size in words: ``"Weapon, d6"``, ``"Condition, 2 slots"``, ``"Item"``."""
    if entry.weapon is not None:
        die, words, state = gear_state(entry.weapon, songs.GearKind.WEAPON)
        if state == "ok":
            return tr("Weapon, {die}", die=die)
        return tr("Weapon, {die}, {state}", die=die, state=words)
    if entry.kind == "condition":
        return trn("Condition, {n} slot", "Condition, {n} slots", entry.slots)
    return tr("Item")


class SlotEntry(QFrame):
    """One entry of the inventory, drawn across as many slots as it takes."""

    def __init__(
        self, context: SheetContext, index: int, entry: InventoryEntry, parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.context = context
        self.index = index
        self.entry = entry
        self.setObjectName("slotEntry")
        kind = "condition" if entry.kind == "condition" else "weapon" if entry.weapon else "muted"
        colour = state_colour(kind, self).name()
        self.setStyleSheet(
            f"#slotEntry {{ border: 1px solid {colour}; border-left: 6px solid {colour};"
            " border-radius: 4px; }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.setSpacing(0)
        top = QHBoxLayout()
        top.setSpacing(6)
        self.name_label = plain_label(entry.name, self, bold=True)
        self.kind_label = plain_label(describe_entry(entry), self)
        colour_label(self.kind_label, "condition" if entry.kind == "condition" else "muted")
        self.menu_button = tool_button(
            "⋯", tr("Actions for {entry}", entry=entry.name), parent=self
        )
        self.menu_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.menu_button.setStyleSheet("QToolButton::menu-indicator { image: none; }")
        self.menu_button.setMenu(self.actions_menu())
        top.addWidget(self.name_label, 1)
        top.addWidget(self.menu_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(top)
        layout.addWidget(self.kind_label)
        if entry.note:
            note = plain_label(entry.note, self)
            colour_label(note, "muted")
            layout.addWidget(note)
        self.setAccessibleName(tr("{entry}: {kind}", entry=entry.name, kind=describe_entry(entry)))
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._context_menu)

    def actions_menu(self) -> QMenu:
        """Rename, damage or repair a weapon, drop an item, clear a condition."""
        menu = QMenu(self)
        cid, i = self.context.character_id, self.index
        self._add(menu, tr("&Rename or edit note…"), self._edit)
        if self.entry.weapon is not None:
            self._add(menu, tr("&Damage weapon"), lambda: self.context.apply(DamageGear(cid, i)))
            self._add(menu, tr("Re&pair weapon"), lambda: self.context.apply(RepairGear(cid, i)))
        menu.addSeparator()
        if self.entry.kind == "condition":
            self._add(menu, tr("&Clear condition"), lambda: self._apply(ClearCondition(cid, i)))
        else:
            self._add(menu, tr("D&rop"), lambda: self._apply(DropEntry(cid, i)))
        return menu

    def _add(self, menu: QMenu, text: str, slot: Callable[[], object]) -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(lambda _c=False: slot())
        return action

    def _apply(self, op: Operation) -> None:
        self.context.apply(op)

    def _edit(self) -> None:
        from saga_desktop.ui.songs.sheets.entry_dialogs import EditEntryDialog

        dialog = EditEntryDialog(self.context, self.index, self.entry, self.window())
        self.context.keep(dialog)
        dialog.open()

    def _context_menu(self, pos: QPoint) -> None:
        self.actions_menu().popup(self.mapToGlobal(pos))


class InventoryPart(SheetPart):
    """Six numbered slots; how full the pack is, in words, at a glance."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(tr("Inventory"), context, parent)
        self.fullness = plain_label("", self, bold=True)
        self.fullness.setAccessibleName(tr("Inventory slots used"))
        self.body.addWidget(self.fullness)
        self.grid_host = QWidget(self)
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setColumnStretch(1, 1)
        self.grid.setVerticalSpacing(4)
        for n in range(SLOTS):
            number = plain_label(str(n + 1), self.grid_host, wrap=False, bold=True)
            number.setAlignment(Qt.AlignmentFlag.AlignCenter)
            number.setMinimumWidth(number.fontMetrics().horizontalAdvance("00"))
            self.grid.addWidget(number, n, 0)
        self.body.addWidget(self.grid_host)
        buttons = FlowLayout()
        for kind, text, name in ADDS:
            button = tool_button(tr(text), tr(name), parent=self)
            button.clicked.connect(lambda _c=False, k=kind: self._add(k))
            buttons.addWidget(button)
        self.body.addLayout(buttons)
        self.entries: list[QWidget] = []

    def refresh(self, character: Character) -> None:
        """Lay the entries out over the six slots."""
        for widget in self.entries:
            self.grid.removeWidget(widget)
            widget.deleteLater()
        self.entries = []
        row = 0
        for index, entry in enumerate(sheet_of(character).inventory):
            slot = SlotEntry(self.context, index, entry, self.grid_host)
            self.grid.addWidget(slot, row, 1, entry.slots, 1)
            self.entries.append(slot)
            row += entry.slots
        for n in range(row, SLOTS):
            empty = plain_label(tr("empty"), self.grid_host)
            empty.setAccessibleName(tr("Slot {slot} empty", slot=n + 1))
            colour_label(empty, "muted")
            self.grid.addWidget(empty, n, 1)
            self.entries.append(empty)
        used = min(row, SLOTS)
        if used >= SLOTS:
            text = trn(
                "Full: {n} of {n} slots. Drop something or clear a condition first.",
                "Full: {n} of {n} slots. Drop something or clear a condition first.",
                SLOTS,
            )
        else:
            text = trn(
                "{n} of {slots} slots used, {free} free",
                "{n} of {slots} slots used, {free} free",
                used,
                slots=SLOTS,
                free=SLOTS - used,
            )
        self.fullness.setText(text)
        colour_label(self.fullness, "warning" if used >= SLOTS else "ok")

    def _add(self, kind: str) -> None:
        from saga_desktop.ui.songs.sheets.entry_dialogs import AddEntryDialog

        dialog = AddEntryDialog(self.context, kind, self.window())
        self.context.keep(dialog)
        dialog.open()
