"""Aid an Ally in a fight, from the ally's own window.

An attack or a defence waiting to be settled is its roller's player's (and the GM's) to finish;
another player sees it in the Combat dock without the settling form. On a setback, while the
campaign lets cards be burned after the d20 is seen, :class:`AidBox` offers that player their
own characters' cards: one button per card, each burning it for the roll
(:class:`~saga_desktop.model.songs.ops.aid.AidAlly`, checked on the host).
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QPushButton, QVBoxLayout, QWidget

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.songs.access import trial_of
from saga_desktop.model.songs.combat_queries import pending
from saga_desktop.model.songs.ops.aid import AidAlly
from saga_desktop.model.songs.state import play_of, sheet_of
from saga_desktop.model.songs.table import table_of
from saga_desktop.model.visibility import in_play
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cards import card_plain
from saga_desktop.ui.songs.may import may
from saga_desktop.ui.songs.sheets.flow import flow_row
from saga_desktop.ui.songs.sheets.style import plain_label


class AidBox(QGroupBox):
    """Another player's combat roll on a setback: burn one of this window's cards for it."""

    requested = Signal(object)
    """The :class:`AidAlly` to apply."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(tr("Aid an Ally"), parent)
        self.setObjectName("combat_aid")
        self.bridge = bridge
        self.note = plain_label(wrap=True)
        self._layout = QVBoxLayout(self)
        self._layout.addWidget(self.note)
        self.row: QWidget | None = None
        self.buttons: dict[tuple[str, str], QPushButton] = {}
        """A button per card offered, by (helper id, card code)."""
        self.hide()

    def refresh(self, campaign: Campaign, settles: bool) -> None:
        """Offer this window's cards for the roll waiting (none when it settles it itself)."""
        offers = [] if settles else self._offers(campaign)
        if self.row is not None:
            self._layout.removeWidget(self.row)
            self.row.deleteLater()
            self.row = None
        self.buttons.clear()
        self.setVisible(bool(offers))
        if not offers:
            return
        record = pending(campaign)
        assert record is not None
        roll = trial_of(record)
        self.note.setText(
            tr(
                "{name}'s roll is a setback ({score} vs DR {dr}). "
                "Burn a card of yours to add to the score:",
                name=roll.character_name,
                score=roll.score,
                dr=roll.dr,
            )
        )
        buttons = []
        for helper, card in offers:
            bonus = 3 if sheet_of(campaign.character(helper)).vanori == "elk" else 2
            name = campaign.character(helper).name
            shown = say(card_short(card))
            button = QPushButton(
                tr("{name}: {card} (+{bonus})", name=name, card=shown, bonus=bonus), self
            )
            button.setAccessibleName(
                tr(
                    "{name} burns the {card} to aid, +{bonus}",
                    name=name,
                    card=card_plain(card),
                    bonus=bonus,
                )
            )
            button.clicked.connect(partial(self.requested.emit, AidAlly(helper, card.code)))
            self.buttons[(helper, card.code)] = button
            buttons.append(button)
        self.row = flow_row(*buttons)
        self._layout.addWidget(self.row)

    def _offers(self, campaign: Campaign) -> list[tuple[str, Card]]:
        record = pending(campaign)
        if record is None or not play_of(campaign).options.burns_after_roll:
            return []
        roll = trial_of(record)
        if roll.success:
            return []
        hands = table_of(campaign).hands
        return [
            (c.id, Card.from_code(code))
            for c in in_play(campaign)
            if c.id != roll.character_id and may(self.bridge, AidAlly(c.id, ""))
            for code in hands.get(c.id, [])
        ]
