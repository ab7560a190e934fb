"""Resting: short, long or full, with the Ox's card, a repair or a condition to clear.

The dialog offers only what the character can do (the Ox's burn for an Ox with cards, repairs of
damaged gear on a long rest, conditions on a full one) and shows what each suit would bring. A
character who may not rest at all (at 0 resilience the resilience trial comes first; an
incapacitated one needs tending) is offered no rest, and the dialog says why.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop, trc
from saga_desktop.model.songs.access import to_rules_character
from saga_desktop.model.songs.ops.play import Rest, preview_next_card
from saga_desktop.model.songs.state import Gear, sheet_of
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs.tables import REST_BY_SUIT
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.play.burns import card_label
from saga_desktop.ui.songs.play.roll_words import pct

ARMOR = "\x00armor"


REST_NAMES = {
    songs.RestKind.SHORT: tr_noop("Short"),
    songs.RestKind.LONG: tr_noop("Long"),
    songs.RestKind.FULL: tr_noop("Full"),
}
"""The three rests, as the dialog names them."""


def _die(gear: Gear) -> str:
    if gear.damage:
        return tr("d{die}, damaged {times}x", die=gear.die, times=gear.damage)
    return f"d{gear.die}"


class RestDialog(QDialog):
    """Pick a character and a rest; Rest applies it and closes."""

    def __init__(
        self, bridge: SessionBridge, character: str | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("rest-dialog")
        self.setWindowTitle(trc("noun", "Rest"))
        self.bridge = bridge
        self.record: songs.RestRecord | None = None
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.character = QComboBox(self)
        for c in bridge.session.campaign.characters:
            self.character.addItem(c.name, c.id)
        if character is not None:
            self.character.setCurrentIndex(max(0, self.character.findData(character)))
        form.addRow(tr("Character"), self.character)
        kinds = QHBoxLayout()
        self.kinds = QButtonGroup(self)
        tips = {
            songs.RestKind.SHORT: tr("Half an hour: reveal a card and recover by its suit"),
            songs.RestKind.LONG: tr(
                "A couple of hours: the recovery is doubled, or spent on a repair"
            ),
            songs.RestKind.FULL: tr("A week: all resilience back; one condition may clear"),
        }
        for i, kind in enumerate(songs.RestKind):
            button = QRadioButton(tr(REST_NAMES[kind]), self)
            button.setToolTip(tips[kind])
            self.kinds.addButton(button, i)
            kinds.addWidget(button)
        self.kinds.button(0).setChecked(True)
        form.addRow(trc("noun", "Rest"), kinds)
        self.ox = QComboBox(self)
        self.ox_label = QLabel(tr("Ox: burn a card"), self)
        form.addRow(self.ox_label, self.ox)
        self.repair = QComboBox(self)
        self.repair_label = QLabel(tr("Repair"), self)
        form.addRow(self.repair_label, self.repair)
        self.clear = QComboBox(self)
        self.clear_label = QLabel(tr("Clear a condition"), self)
        form.addRow(self.clear_label, self.clear)
        self.preview = QLabel(self)
        self.preview.setObjectName("rest-preview")
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        self.preview.setWordWrap(True)
        form.addRow(self.preview)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.rest_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.rest_button.setText(trc("verb", "Rest"))
        self.buttons.accepted.connect(self.rest)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.character.currentIndexChanged.connect(lambda _i: self._fill())
        self.kinds.idToggled.connect(lambda _i, _on: self._update())
        self.ox.currentIndexChanged.connect(lambda _i: self._update())
        self._fill()

    @property
    def kind(self) -> songs.RestKind:
        """The rest picked."""
        return list(songs.RestKind)[max(0, self.kinds.checkedId())]

    def set_kind(self, kind: songs.RestKind) -> None:
        """Pick a rest."""
        self.kinds.button(list(songs.RestKind).index(kind)).setChecked(True)

    def refusal(self) -> str:
        """Why the chosen character cannot rest now, or ``""`` when they can."""
        cid = self.character.currentData()
        if cid is None:
            return tr("There is no character to rest.")
        try:
            songs.check_can_rest(to_rules_character(self.bridge.session.campaign.character(cid)))
        except RulesError as exc:
            return tr("{reason}.", reason=str(exc))
        return ""

    def _fill(self) -> None:
        cid = self.character.currentData()
        campaign = self.bridge.session.campaign
        self.ox.clear()
        self.repair.clear()
        self.clear.clear()
        if cid is None:
            self._update()
            return
        c = campaign.character(str(cid))
        sheet = sheet_of(c)
        self.ox.addItem(tr("No"), None)
        if sheet.vanori == "ox":
            for code in table_of(campaign).hands.get(c.id, []):
                self.ox.addItem(card_label(Card.from_code(code)), code)
        self.repair.addItem(tr("No repair"), None)
        if sheet.armor.damage:
            self.repair.addItem(tr("Armor ({die})", die=_die(sheet.armor)), ARMOR)
        for e in sheet.inventory:
            if e.weapon is not None and e.weapon.damage:
                self.repair.addItem(tr("{item} ({die})", item=e.name, die=_die(e.weapon)), e.name)
        self.clear.addItem(tr("None"), None)
        for e in sheet.inventory:
            if e.kind == "condition":
                self.clear.addItem(e.name, e.name)
        self._update()

    def _update(self) -> None:
        refusal = self.refusal()
        self.rest_button.setEnabled(not refusal)
        for button in self.kinds.buttons():
            button.setEnabled(not refusal)
        if refusal:
            for box in (self.ox, self.repair, self.clear):
                box.setEnabled(False)
            for label in (self.ox_label, self.repair_label, self.clear_label):
                label.setEnabled(False)
            self.preview.setText(refusal)
            return
        kind = self.kind
        ox_card = self.ox.currentData()
        self.ox.setEnabled(kind is songs.RestKind.SHORT and self.ox.count() > 1)
        self.ox_label.setEnabled(self.ox.isEnabled())
        long_enough = kind is songs.RestKind.LONG or (kind is songs.RestKind.SHORT and ox_card)
        self.repair.setEnabled(bool(long_enough) and self.repair.count() > 1)
        self.repair_label.setEnabled(self.repair.isEnabled())
        self.clear.setEnabled(kind is songs.RestKind.FULL and self.clear.count() > 1)
        self.clear_label.setEnabled(self.clear.isEnabled())
        if kind is songs.RestKind.FULL:
            self.preview.setText(tr("All resilience comes back; no card is revealed."))
            return
        odds = preview_next_card(self.bridge.session.campaign)
        times = 2 if long_enough else 1
        parts = [
            tr(
                "{suit} +{amount} ({chance})",
                suit=suit.symbol,
                amount=REST_BY_SUIT[suit][0] * times,
                chance=pct(p),
            )
            for suit, p in odds.suits
        ]
        self.preview.setText(tr("Recovery by the next card: {parts}", parts=tr(", ").join(parts)))

    def operation(self) -> Rest:
        """The rest as chosen."""
        kind = self.kind
        ox = self.ox.currentData() if self.ox.isEnabled() else None
        repair = self.repair.currentData() if self.repair.isEnabled() else None
        clear = self.clear.currentData() if self.clear.isEnabled() else None
        return Rest(
            character=str(self.character.currentData()),
            kind=kind,
            ox_card=Card.from_code(str(ox)) if ox else None,
            repair_weapon=str(repair) if repair and repair != ARMOR else None,
            repair_armor=repair == ARMOR,
            clear=str(clear) if clear else None,
        )

    def rest(self) -> None:
        """Rest; the dialog closes unless the rest was refused."""
        if self.refusal():
            return
        record = self.bridge.apply(self.operation(), self)
        if isinstance(record, songs.RestRecord):
            self.record = record
            self.accept()
