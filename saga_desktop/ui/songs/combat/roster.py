"""The two sides of a fight: one row per character and per enemy, with resilience and status."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Character
from saga_desktop.model.songs.access import to_rules_enemy
from saga_desktop.model.songs.combat_queries import character_status, enemy_status
from saga_desktop.model.songs.state import Combat, Enemy, sheet_of
from saga_desktop.rules.songs.inventory_words import gear_state_words
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.palette import readable

STATUS_WORDS = {
    "to act": tr_noop("to act"),
    "acted": tr_noop("acted"),
    "down": tr_noop("down"),
    "at 0": tr_noop("at 0"),
    "incapacitated": tr_noop("incapacitated"),
    "fled": tr_noop("fled"),
    "surrendered": tr_noop("surrendered"),
}
"""A combatant's status (data from the model) as each reader words it."""

STATUS_COLOURS = {
    "to act": "#1f6f3f",
    "acted": "#6b6256",
    "down": "#a01f26",
    "at 0": "#a01f26",
    "incapacitated": "#a01f26",
    "fled": "#7a5a00",
    "surrendered": "#7a5a00",
}


W = TypeVar("W", bound=QWidget)


def named(widget: W, name: str) -> W:
    """Give a widget its objectName (tests and style sheets find it by that name).

    A list box gets a width that does not grow with its entries: a long name never widens
    the dock (the open list shows it whole).
    """
    widget.setObjectName(name)
    if isinstance(widget, QComboBox):
        widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        widget.setMinimumContentsLength(8)
    return widget


class ElidedLabel(QLabel):
    """One line of user text, cut with "…" when too long; the whole text in its tooltip.

    Its minimum width does not depend on the text, so a 120-character name cannot push the
    buttons beside or below it out of the dock.
    """

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._full = ""
        self.setText(text)

    def full_text(self) -> str:
        """The text before cutting."""
        return self._full

    def setText(self, text: str) -> None:
        """Show ``text``, cut to the width there is."""
        self._full = text
        self._cut()

    def minimumSizeHint(self) -> QSize:
        """Room for a few letters, whatever the text."""
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self.fontMetrics().averageCharWidth() * 8), hint.height())

    def sizeHint(self) -> QSize:
        """The whole text's width (the layout may give less)."""
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self._full) + 4, super().sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Cut the text again for the new width."""
        super().resizeEvent(event)
        self._cut()

    def _cut(self) -> None:
        width = max(0, self.contentsRect().width())
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        super().setText(shown)
        self.setToolTip(plain_tip(self._full) if shown != self._full else "")


class WrapLabel(QLabel):
    """A word-wrapping label whose minimum height is what its lines need at its real width.

    Plain QLabels with word wrap may keep the height of an earlier, wider layout pass inside a
    scroll area and lose their last line.
    """

    def minimumSizeHint(self) -> QSize:
        """At least as tall as the wrapped text at the current width."""
        hint = super().minimumSizeHint()
        if self.width() > 0:
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Ask the layout again when a new width changes the height the text needs."""
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()


def plain_label(text: str = "", *, wrap: bool = False) -> QLabel:
    """A label that never reads its text as rich text."""
    label = WrapLabel(text) if wrap else QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    return label


def status_text(status: str) -> str:
    """A status from the model in the reader's language (``""`` stays empty)."""
    return tr(STATUS_WORDS[status]) if status in STATUS_WORDS else status


ARMOR_DICE = (4, 6)
WEAPON_DICE = (4, 6, 8, 10, 12)


def stepped_size(die: int, damage: int, ladder: tuple[int, ...]) -> int:
    """A gear die's size after ``damage`` steps down ``ladder``, or 0 once broken."""
    index = ladder.index(die) - damage if die in ladder else -1
    return ladder[index] if index >= 0 else 0


def _die(gear_die: int, damage: int, ladder: tuple[int, ...]) -> str:
    size = stepped_size(gear_die, damage, ladder)
    return f"d{size}" if size else tr("broken")


def armor_size(die: int, damage: int) -> int:
    """The armor's die size now (4 or 6), or 0 once broken."""
    return stepped_size(die, damage, ARMOR_DICE)


def armor_text(die: int, damage: int) -> str:
    """``"d4"``, or ``"broken"`` once damage stepped it below d4."""
    return _die(die, damage, ARMOR_DICE)


def weapon_text(die: int, damage: int) -> str:
    """A weapon's current die, or ``"broken"``."""
    return _die(die, damage, WEAPON_DICE)


class CombatantRow(QWidget):
    """One combatant: name, status, a resilience bar and a line of dice; an optional button."""

    def __init__(self, key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.setObjectName(f"row_{key}")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 2, 0, 2)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(1)
        self.name = ElidedLabel()
        bold = QFont(self.name.font())
        bold.setBold(True)
        self.name.setFont(bold)
        self.status = plain_label()
        self.status.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.bar = QProgressBar()
        self.bar.setTextVisible(True)
        self.bar.setMaximumHeight(self.fontMetrics().height() + 6)
        self.bar.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.details = plain_label(wrap=True)
        self.button = QToolButton()
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.button.hide()
        self._slot: Callable[[], None] | None = None
        self.button.clicked.connect(lambda _c=False: self._clicked())
        grid.addWidget(self.name, 0, 0)
        grid.addWidget(self.status, 0, 1)
        grid.addWidget(self.bar, 1, 0, 1, 2)
        grid.addWidget(self.details, 2, 0, 1, 2)
        grid.addWidget(self.button, 0, 2, 3, 1, Qt.AlignmentFlag.AlignVCenter)
        grid.setColumnStretch(0, 1)

    def show_values(
        self, name: str, status: str, resilience: int, maximum: int, details: str
    ) -> None:
        """Fill the row."""
        self.name.setText(name)
        self.status.setText(status_text(status))
        colour = STATUS_COLOURS.get(status)
        colour = readable(colour, self) if colour else None
        self.status.setStyleSheet(f"color: {colour}; font-weight: bold;" if colour else "")
        self.bar.setRange(0, max(1, maximum))
        self.bar.setValue(resilience)
        self.bar.setFormat(tr("resilience {now}/{most}", now=resilience, most=maximum))
        self.details.setText(details)
        self.setAccessibleName(
            tr(
                "{name}: resilience {now} of {most}. {status}",
                name=name,
                now=resilience,
                most=maximum,
                status=status_text(status),
            ).strip()
        )

    def set_button(self, text: str, slot: Callable[[], None] | None, tip: str = "") -> None:
        """Show one action button on the row (hidden when ``slot`` is None)."""
        self._slot = slot
        if slot is None:
            self.button.hide()
            return
        self.button.setText(text)
        self.button.setToolTip(plain_tip(tip))
        self.button.show()

    def _clicked(self) -> None:
        if self._slot is not None:
            self._slot()


class Side(QGroupBox):
    """A column of combatant rows."""

    def __init__(self, title: str, empty: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self._layout = QVBoxLayout(self)
        self._layout.setSpacing(4)
        self.rows: dict[str, CombatantRow] = {}
        self.empty = plain_label(empty, wrap=True)
        self.empty.setEnabled(False)
        self._layout.addWidget(self.empty)

    def sync(self, keys: list[str]) -> list[CombatantRow]:
        """Keep exactly one row per key, in order; returns the rows."""
        for key in list(self.rows):
            if key not in keys:
                gone = self.rows.pop(key)
                self._layout.removeWidget(gone)
                gone.deleteLater()
        out = []
        for i, key in enumerate(keys):
            row = self.rows.get(key) or CombatantRow(key, self)
            self.rows[key] = row
            self._layout.insertWidget(i, row)
            out.append(row)
        self.empty.setVisible(not keys)
        return out


def character_details(character: Character, hand: int) -> str:
    """E.g. ``"Axe d8 · armor d4 · 2 cards · XP 1/8 · Bear"``."""
    sheet = sheet_of(character)
    weapons = [
        f"{e.name} {weapon_text(e.weapon.die, e.weapon.damage)}"
        for e in sheet.inventory
        if e.weapon is not None
    ]
    armor = armor_text(sheet.armor.die, sheet.armor.damage)
    parts = [*weapons, tr("armor {die}", die=armor)]
    parts.append(trn("{n} card", "{n} cards", hand))
    parts.append(tr("XP {xp}/8", xp=sheet.xp))
    conditions = [e.name for e in sheet.inventory if e.kind == "condition"]
    if conditions:
        parts.append(tr("conditions: {names}", names=", ".join(conditions)))
    return " · ".join(parts)


def enemy_label(enemy: Enemy) -> str:
    """The name, with the count for a mob: ``"Wolves (x3)"``."""
    if enemy.count > 1:
        return tr("{name} (x{count})", name=enemy.name, count=enemy.count)
    return enemy.name


def enemy_details(enemy: Enemy) -> str:
    """E.g. ``"d6 damage (weakened from d8) · armor d4 · a mob of 3"``."""
    rules = to_rules_enemy(enemy)
    die = rules.damage_die.label
    base = rules.weapon.current
    damage = tr("{die} damage", die=die)
    if rules.weakened and base is not None:
        damage = tr("{damage} (Raven: from {die})", damage=damage, die=base.label)
    if rules.weapon.broken:
        damage = tr("{damage} (weapon broken)", damage=damage)
    elif rules.weapon.damaged:
        damage = tr(
            "{damage} (weapon damaged from {die})", damage=damage, die=rules.weapon.die.label
        )
    armor = tr("no armor")
    if rules.armor is not None:
        armor = tr("armor {die}", die=say(gear_state_words(rules.armor)))
    parts = [damage, armor]
    if enemy.count > 1:
        parts.append(trn("a mob of {n}", "a mob of {n}", enemy.count))
    return " · ".join(parts)


def show_character(row: CombatantRow, combat: Combat | None, c: Character, hand: int) -> None:
    """Fill a character's row."""
    sheet = sheet_of(c)
    status = character_status(combat, c)
    row.show_values(
        c.name, status, sheet.resilience, sheet.max_resilience, character_details(c, hand)
    )


def show_enemy(row: CombatantRow, combat: Combat | None, enemy: Enemy) -> None:
    """Fill an enemy's row."""
    status = enemy_status(combat, enemy)
    row.show_values(
        enemy_label(enemy), status, enemy.resilience, enemy.max_resilience, enemy_details(enemy)
    )
