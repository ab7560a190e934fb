"""Burning a card outside a roll: Come Prepared, the Owl's insight, a custom Vanori's gift.

Only the burns the chosen character can make are offered; the card comes from their own hand.
At a player's seat only the characters the player may burn for (their own, accepted by the GM:
the host's own check) are listed.
"""

from __future__ import annotations

import enum

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop, trc
from saga_desktop.model.operation import Operation, kind_of
from saga_desktop.model.songs.ops.play import ComePrepared, OwlInsight, VanoriGift
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.play.burns import card_label


class BurnFor(enum.Enum):
    """What a card is burned for outside a roll."""

    PREPARED = tr_noop("Come Prepared: an item was in the pack all along")
    OWL = tr_noop("Owl's insight: mark XP twice (once per session)")
    GIFT = tr_noop("The Vanori's gift")


class BurnCardDialog(QDialog):
    """Pick a character, a card from their hand and what it is burned for."""

    def __init__(
        self,
        bridge: SessionBridge,
        purpose: BurnFor = BurnFor.PREPARED,
        character: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("burn-dialog")
        self.setWindowTitle(tr("Burn a card"))
        self.bridge = bridge
        self.record: object = None
        self._wanted = purpose
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.character = QComboBox(self)
        for c in bridge.session.campaign.characters:
            if bridge.may(kind_of(ComePrepared), {"character": c.id}):
                self.character.addItem(c.name, c.id)
        if character is not None:
            self.character.setCurrentIndex(max(0, self.character.findData(character)))
        form.addRow(tr("Character"), self.character)
        self.purpose = QComboBox(self)
        form.addRow(tr("Burn for"), self.purpose)
        self.card = QComboBox(self)
        form.addRow(tr("Card"), self.card)
        self.text_label = QLabel(tr("Item"), self)
        self.text = QLineEdit(self)
        self.text.setMaxLength(120)
        self.text_label.setBuddy(self.text)  # a screen reader names the field by its label
        form.addRow(self.text_label, self.text)
        self.note = QLabel(self)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        form.addRow(self.note)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(trc("verb", "Burn"))
        self.buttons.accepted.connect(self.burn)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.character.currentIndexChanged.connect(lambda _i: self._fill())
        self.purpose.currentIndexChanged.connect(lambda _i: self._update())
        self.text.textChanged.connect(lambda _t: self._update())
        self._fill()

    def _fill(self) -> None:
        campaign = self.bridge.session.campaign
        cid = self.character.currentData()
        self.purpose.blockSignals(True)
        self.purpose.clear()
        self.card.clear()
        if cid is not None:
            c = campaign.character(str(cid))
            offers = [BurnFor.PREPARED]
            if sheet_of(c).vanori == "owl":
                offers.append(BurnFor.OWL)
            if sheet_of(c).vanori == "custom":
                offers.append(BurnFor.GIFT)
            for offer in offers:
                self.purpose.addItem(tr(offer.value), offer)
            self.purpose.setCurrentIndex(max(0, self.purpose.findData(self._wanted)))
            for code in table_of(campaign).hands.get(c.id, []):
                self.card.addItem(card_label(Card.from_code(code)), code)
        self.purpose.blockSignals(False)
        self._update()

    @property
    def chosen(self) -> BurnFor:
        """What the card is burned for."""
        data = self.purpose.currentData()
        return data if isinstance(data, BurnFor) else BurnFor.PREPARED

    def _update(self) -> None:
        chosen = self.chosen
        prepared = chosen is BurnFor.PREPARED
        self.text_label.setText(tr("Item") if prepared else tr("What happens"))
        self.text.setPlaceholderText(
            tr("e.g. a coil of rope") if prepared else tr("The gift, in a few words")
        )
        self.text.setVisible(chosen is not BurnFor.OWL)
        self.text_label.setVisible(chosen is not BurnFor.OWL)
        has_card = self.card.count() > 0
        needs_text = prepared
        self.ok.setEnabled(has_card and (bool(self.text.text().strip()) or not needs_text))
        none = tr("This character holds no cards to burn.")
        if self.character.count() == 0:
            none = tr("None of your characters may burn a card now.")
        self.note.setText("" if has_card else none)

    def operation(self) -> Operation:
        """The burn as chosen."""
        cid = str(self.character.currentData())
        card = Card.from_code(str(self.card.currentData()))
        if self.chosen is BurnFor.OWL:
            return OwlInsight(cid, card)
        if self.chosen is BurnFor.GIFT:
            return VanoriGift(cid, card, self.text.text())
        return ComePrepared(cid, card, self.text.text())

    def burn(self) -> None:
        """Burn the card; the dialog closes unless the burn was refused."""
        if self.character.currentData() is None or self.card.count() == 0:
            return
        record = self.bridge.apply(self.operation(), self)
        if record is not None:
            self.record = record
            self.accept()
