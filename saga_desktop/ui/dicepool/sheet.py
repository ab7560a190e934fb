"""One character's card as a dock: attributes, skills, proficiencies, vocations, gear, injuries.

Every edit is one operation of :mod:`saga_desktop.model.dicepool.ops.cards`; the limits are in
the widgets' ranges and the tooltips, and a refused edit says why and shows the card as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.i18n.words import say
from saga_desktop.model.changes import Changes
from saga_desktop.model.dicepool.access import card_of, dicepool_play
from saga_desktop.model.dicepool.ops import cards as ops
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.dicepool.wording import TRAIT_KINDS, attribute_words, looked_up
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.fight_status import fight_box
from saga_desktop.ui.dicepool.widgets import clear, label, warn
from saga_desktop.ui.elide import menu_text, plain_tip
from saga_desktop.ui.gate import edit_only

TRAITS = (
    ("skill", tr_noop("Skills"), "skills"),
    ("proficiency", tr_noop("Proficiencies"), "proficiencies"),
    ("vocation", tr_noop("Vocations"), "vocations"),
)
KIND_NAMES = {
    "skill": (tr_noop("New skill name"), tr_noop("New skill points")),
    "proficiency": (tr_noop("New proficiency name"), tr_noop("New proficiency points")),
    "vocation": (tr_noop("New vocation name"), tr_noop("New vocation points")),
}
SLOTS = {
    "armor": (tr_noop("Armor"), tr_noop("Armor name"), tr_noop("Armor level")),
    "shield": (tr_noop("Shield"), tr_noop("Shield name"), tr_noop("Shield level")),
}


def dock_name(character_id: str) -> str:
    """The stable object name of a character's dock."""
    return f"sheet-{character_id}"


class CardDock(QDockWidget):
    """A dice-pool character card; every control applies one operation."""

    def __init__(self, bridge: SessionBridge, card_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.card_id = card_id
        self.setObjectName(dock_name(card_id))
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        body = QWidget(scroll)
        self.outer = QVBoxLayout(body)
        self.outer.setContentsMargins(4, 4, 4, 4)
        self.problem = label("", body, bold=True)
        warn(self.problem)
        self.problem.setAccessibleName(tr("Refused"))
        self.outer.addWidget(self.problem)
        self.content = QVBoxLayout()
        self.outer.addLayout(self.content)
        self.outer.addStretch(1)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self.spins: dict[str, QSpinBox] = {}
        self.refresh()

    # -- applying ---------------------------------------------------------------------------------

    def apply(self, op: Operation) -> bool:
        """Apply an edit; on refusal say why and show the card as it is."""
        try:
            self.bridge.try_apply(op)
        except OperationError as exc:
            self.problem.setText(tr("Not changed: {reason}", reason=str(exc)))
            self.refresh()
            return False
        self.problem.setText("")
        return True

    def on_changed(self, changes: Changes) -> None:
        """Redraw after any change (the card may have been hurt in a fight, or undone)."""
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Rebuild the card from the campaign."""
        campaign = self.bridge.session.campaign
        try:
            card = card_of(campaign, self.card_id)
        except OperationError:
            return
        self.setWindowTitle(card.name)
        action = self.toggleViewAction()  # a name is user text: "&" a letter, markup plain
        action.setText(tr("Sheet: {name}", name=menu_text(self.fontMetrics(), card.name)))
        action.setToolTip(plain_tip(tr("Sheet: {name}", name=card.name)))
        options = dicepool_play(campaign).options
        clear(self.content)
        self.spins = {}
        self.content.addWidget(self._header(card))
        standing = self._standing()
        if standing:
            self.content.addWidget(label(standing, None, bold=True))
        state = tr("INCAPACITATED (a level 4 injury stuck)") if card.incapacitated else ""
        if state:
            head = label(state, None, bold=True)
            warn(head)
            self.content.addWidget(head)
        attrs, form = _group(tr("Attributes"), tr("Each 0 to {top}.", top=options.attribute_max))
        for attribute in dp.Attribute:
            spin = self._spin(card.attribute(attribute), options.attribute_max)
            spin.setAccessibleName(say(attribute_words(attribute.label)))
            spin.valueChanged.connect(
                lambda v, a=attribute.value: self.apply(ops.SetAttribute(self.card_id, a, v))
            )
            self.spins[attribute.value] = spin
            form.addRow(say(attribute_words(attribute.label)), spin)
        self.content.addWidget(attrs)
        tops = {
            "skill": options.skill_max,
            "proficiency": dp.PROFICIENCY_MAX,
            "vocation": dp.VOCATION_MAX,
        }
        for kind, title, field in TRAITS:
            self.content.addWidget(self._traits(kind, tr(title), getattr(card, field), tops[kind]))
        self.content.addWidget(self._weapons(card))
        self.content.addWidget(self._armor(card))
        self.content.addWidget(self._injuries(card))
        fight = fight_box(campaign, self.card_id)
        if fight is not None:
            self.content.addWidget(fight)

    def _header(self, card: dp.CharacterCard) -> QWidget:
        """The card's name, large, and who plays it: the sheet's header at every seat."""
        box = QWidget()
        box.setObjectName("sheet-header")
        lines = QVBoxLayout(box)
        lines.setContentsMargins(0, 0, 0, 0)
        name = label(card.name, bold=True)
        name.setObjectName("sheet-name")
        font = name.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        name.setFont(font)
        lines.addWidget(name)
        c = next((c for c in self.bridge.session.campaign.characters if c.id == self.card_id), None)
        if c is not None and c.player:
            lines.addWidget(label(tr("Player: {name}", name=c.player)))
        return box

    def _standing(self) -> str:
        """Where a character a player made stands with the GM ("" once at the table)."""
        c = next((c for c in self.bridge.session.campaign.characters if c.id == self.card_id), None)
        if c is None or c.accepted:
            return ""
        if c.status == "submitted":
            return tr("Waiting for the GM's approval: it takes no part in play until accepted.")
        return tr(
            "Sent back by the GM: {reason}. Its player changes it (Party › New character…) and "
            "sends it again.",
            reason=c.review or tr("no reason given"),
        )

    def _spin(self, value: int, top: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, top)
        spin.setValue(value)
        spin.setToolTip(tr("From 0 to {top}", top=top))
        return spin

    def _button(self, text: str, action: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        # Only as wide as its word (a push button asks for 80 px), so rows fit a narrow dock
        # and the fields beside it get the room.
        fm = button.fontMetrics()
        button.setFixedWidth(fm.horizontalAdvance(text) + fm.averageCharWidth() * 3)
        button.clicked.connect(lambda: action())
        return edit_only(button)  # at a seat that may not edit, the sheet reads without it

    def _traits(
        self, kind: str, title: str, traits: tuple[tuple[str, int], ...], top: int
    ) -> QGroupBox:
        box, form = _group(
            title, tr("Each at most {top}.", top=top)
        )  # a short title: a narrow dock fits
        box.setObjectName(f"traits-{kind}")
        for name, value in traits:
            row = QHBoxLayout()
            spin = self._spin(value, top)
            spin.setAccessibleName(
                tr("{kind} {name}", kind=say(looked_up(TRAIT_KINDS, kind)), name=name)
            )
            spin.valueChanged.connect(
                lambda v, n=name: self.apply(ops.SetTrait(self.card_id, kind, n, v))
            )
            row.addWidget(spin)
            row.addWidget(
                self._button(
                    tr("Remove"),
                    partial(self.apply, ops.SetTrait(self.card_id, kind, name, remove=True)),
                )
            )
            form.addRow(name, row)
        if not traits:
            form.addRow(label(tr("None.")))
        add = QHBoxLayout()
        name_edit = edit_only(QLineEdit())
        name_edit.setPlaceholderText(tr("Name"))  # the box's title says which kind
        name_edit.setObjectName(f"new-{kind}")
        name_edit.setAccessibleName(tr(KIND_NAMES[kind][0]))
        points = edit_only(self._spin(1, top))
        points.setAccessibleName(tr(KIND_NAMES[kind][1]))
        add.addWidget(name_edit, 1)
        add.addWidget(points)
        add.addWidget(
            self._button(
                tr("Add"),
                lambda: self.apply(
                    ops.SetTrait(self.card_id, kind, name_edit.text(), points.value())
                ),
            )
        )
        form.addRow(add)
        return box

    def _weapons(self, card: dp.CharacterCard) -> QGroupBox:
        box, form = _group(
            tr("Weapons"),
            tr("Weapons and focus items: each adds 0 to {top} dice.", top=dp.WEAPON_BONUS_MAX),
        )
        for w in card.weapons:
            form.addRow(
                label(say(w.words())),
                self._button(
                    tr("Remove"), partial(self.apply, ops.SetWeapon(self.card_id, w, remove=True))
                ),
            )
        if not card.weapons:
            form.addRow(label(tr("None.")))
        row = QHBoxLayout()
        name, prof = edit_only(QLineEdit()), edit_only(QLineEdit())
        name.setPlaceholderText(tr("Weapon"))
        name.setAccessibleName(tr("New weapon name"))
        prof.setPlaceholderText(tr("Proficiency"))
        prof.setAccessibleName(tr("New weapon proficiency"))
        bonus = edit_only(self._spin(1, dp.WEAPON_BONUS_MAX))
        bonus.setAccessibleName(tr("New weapon bonus dice"))
        ranged = edit_only(QCheckBox(tr("Ranged")))
        row.addWidget(name)
        row.addWidget(bonus)
        second = QHBoxLayout()
        second.addWidget(prof)
        second.addWidget(ranged)
        form.addRow(row)
        row = second
        row.addWidget(
            self._button(
                tr("Add"),
                lambda: self.apply(
                    ops.SetWeapon(
                        self.card_id,
                        dp.Weapon(name.text(), bonus.value(), prof.text(), ranged.isChecked()),
                    )
                ),
            )
        )
        form.addRow(row)
        return box

    def _armor(self, card: dp.CharacterCard) -> QGroupBox:
        box, form = _group(
            tr("Armor and shield"),
            tr(
                "Armor level 0 to {armor}, shield 0 to {shield}: total {total}.",
                armor=dp.ARMOR_LEVEL_MAX,
                shield=dp.SHIELD_LEVEL_MAX,
                total=card.armor_level,
            ),
        )
        for slot, top in (("armor", dp.ARMOR_LEVEL_MAX), ("shield", dp.SHIELD_LEVEL_MAX)):
            worn: dp.Armor | None = getattr(card, slot)
            name = QLineEdit(worn.name if worn else "")
            name.setPlaceholderText(tr("nothing worn"))
            name.setAccessibleName(tr(SLOTS[slot][1]))
            form.addRow(tr(SLOTS[slot][0]), name)  # the name gets the whole width of the box
            row = QHBoxLayout()
            level = self._spin(worn.level if worn else 1, top)
            level.setAccessibleName(tr(SLOTS[slot][2]))
            if worn is None:  # "1" would read as a level worn: only the GM's choice to come
                edit_only(level)
            row.addWidget(level)
            row.addWidget(
                self._button(
                    tr("Set"),
                    self._armor_setter(slot, name, level),
                )
            )
            if worn:
                row.addWidget(
                    self._button(
                        tr("Take off"),
                        partial(self.apply, ops.SetArmor(self.card_id, slot, None)),
                    )
                )
            row.addStretch(1)
            caption = QLabel(tr("Level"))
            if worn is None:  # nothing worn: the level row is the GM's to fill, not to read
                edit_only(caption)
            form.addRow(caption, row)
        return box

    def _armor_setter(self, slot: str, name: QLineEdit, level: QSpinBox) -> Callable[[], object]:
        def put_on() -> object:
            return self.apply(
                ops.SetArmor(self.card_id, slot, dp.Armor(name.text(), level.value()))
            )

        return put_on

    def _injuries(self, card: dp.CharacterCard) -> QGroupBox:
        box, form = _group(tr("Injuries"), tr("Level 1 to {top}; 4 is fatal.", top=dp.INJURY_MAX))
        box.setObjectName("injuries")
        for i, injury in enumerate(card.injuries):
            form.addRow(
                label(say(injury.words())),
                self._button(tr("Heal"), partial(self.apply, ops.HealInjury(self.card_id, i))),
            )
        if not card.injuries:
            form.addRow(label(tr("Unhurt.")))
        row = QHBoxLayout()
        level = edit_only(self._spin(1, dp.INJURY_MAX))
        level.setMinimum(1)
        level.setAccessibleName(tr("New injury level"))
        note = edit_only(QLineEdit())
        note.setPlaceholderText(tr("What caused it"))
        note.setAccessibleName(tr("What caused the injury"))
        row.addWidget(level)
        row.addWidget(note, 1)
        row.addWidget(
            self._button(
                tr("Add injury"),
                lambda: self.apply(ops.AddInjury(self.card_id, level.value(), note.text())),
            )
        )
        form.addRow(row)
        return box


def _group(title: str, note: str = "") -> tuple[QGroupBox, QFormLayout]:
    """A titled box whose rows put their field under the label when the dock is narrow.

    The title stays short (a group box cannot wrap it, so a long one set the dock's least
    width); the details go in a wrapping line inside.
    """
    box = QGroupBox(title)
    form = QFormLayout(box)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    if note:
        form.addRow(label(note))
    return box, form
