"""Choosing cards to burn for a roll: Call the Gods, Aid an Ally, conjure the Vanori, Come Prepared.

Each burn is a button whose menu lists the cards that may be burned for it (the roller's hand, or
for Aid an Ally the other characters' hands, with the Elk's +3 named). Before a roll the chosen
burns collect in a list; after the roll (``immediate``) a choice is emitted at once so the panel
can burn it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.songs.access import vanori_of
from saga_desktop.model.songs.ops.rolls import BurnChoice
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cards import card_plain
from saga_desktop.ui.elide import menu_text, plain_tip
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.terms import vanori_called

BK = songs.BurnKind
TIPS = {
    BK.CALL_THE_GODS: tr_noop("Burn a card from the roller's hand: +2 to the score"),
    BK.AID_AN_ALLY: tr_noop("Another character burns a card from their hand: +2 (+3 from an Elk)"),
    BK.CONJURE_VANORI: tr_noop(
        "Burn a card to call the Vanori forth: the DR is lowered (once per roll)"
    ),
    BK.COME_PREPARED: tr_noop(
        "Burn a card: an item was in the pack all along (it takes a free slot)"
    ),
}


NO_CARDS = tr_noop("{burn} (no cards)")
NONE_HERE = tr_noop("{burn} (an ally's player offers it)")
NONE_OF_YOURS = tr_noop("{burn} (no cards of yours)")
ALLY_LATER = tr_noop(
    "An ally's card is their player's to give: once the d20 is seen, on a setback, they may "
    "burn one for this roll from their own window"
)
ALLY_OFFERS = tr_noop(
    "An ally's card leaves their hand: their player burns it from their own window "
    "(Aid an Ally in their Roll dock)"
)


def card_label(card: Card) -> str:
    """``"7♦  7 of Diamonds"``: how a card is named in menus and lists."""
    return tr("{card}  {name}", card=card.name, name=card_plain(card))


def describe_choice(choice: BurnChoice, campaign: Campaign) -> str:
    """One line for a chosen burn, e.g. ``"Aid an Ally: Bjorn burns 9♣ (+3, Elk)"``."""
    if choice.kind is BK.AID_AN_ALLY and choice.by:
        helper = campaign.character(choice.by)
        elk = vanori_of(sheet_of(helper)).ability is songs.VanoriAbility.ELK_AID
        if elk:
            return tr(
                "Aid an Ally: {name} burns {card} (+3, Elk)",
                name=helper.name,
                card=choice.card.name,
            )
        return tr("Aid an Ally: {name} burns {card} (+2)", name=helper.name, card=choice.card.name)
    if choice.kind is BK.COME_PREPARED:
        if choice.dr_reduction:
            return tr(
                "Come Prepared: {item} ({card}, DR -{lower})",
                item=choice.item,
                card=choice.card.name,
                lower=choice.dr_reduction,
            )
        return tr("Come Prepared: {item} ({card})", item=choice.item, card=choice.card.name)
    if choice.kind is BK.CONJURE_VANORI:
        return tr("Conjure the Vanori ({card})", card=choice.card.name)
    return tr("Call the Gods ({card}, +2)", card=choice.card.name)


class PreparedDialog(QDialog):
    """Come Prepared: which card, which item, and whether the GM lets it lower the DR."""

    def __init__(self, card: Card, with_dr: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Come prepared with {card}", card=card.name))
        form = QFormLayout(self)
        self.item = QLineEdit(self)
        self.item.setPlaceholderText(tr("e.g. a coil of rope"))
        self.item.setMaxLength(120)
        form.addRow(tr("Item found in the pack"), self.item)
        self.dr = QSpinBox(self)
        self.dr.setRange(0, 10)
        self.dr.setToolTip(tr("How much the GM lets the item lower the DR (usually 0)"))
        self.dr.setAccessibleName(tr("Lowers the DR by"))
        if with_dr:
            form.addRow(tr("Lowers the DR by"), self.dr)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)


class BurnPicker(QWidget):
    """Buttons with card menus for each burn, and (before a roll) the list of burns chosen."""

    changed = Signal()
    """The chosen burns changed (before a roll)."""
    chosen = Signal(object)
    """A :class:`BurnChoice` picked in ``immediate`` mode (after the roll)."""

    def __init__(self, immediate: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.immediate = immediate
        self._choices: list[BurnChoice] = []
        self._campaign: Campaign | None = None
        self._roller: str | None = None
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        row = FlowLayout()  # as many buttons on a row as the dock's width allows
        if immediate:
            row.addWidget(QLabel(tr("Burn more:"), self))
        self.buttons: dict[BK, QPushButton] = {}
        kinds = [BK.CALL_THE_GODS, BK.AID_AN_ALLY, BK.CONJURE_VANORI]
        if not immediate:
            kinds.append(BK.COME_PREPARED)
        for kind in kinds:
            button = QPushButton(self)
            button.setObjectName(f"burn-{kind.value}")
            button.setToolTip(tr(TIPS[kind]))
            button.setMenu(QMenu(button))
            row.addWidget(button)
            self.buttons[kind] = button
        box.addLayout(row)
        self.list = QListWidget(self)
        self.list.setAccessibleName(tr("Cards to burn for this roll"))
        self.list.setMaximumHeight(64)
        self.remove = QPushButton(tr("Remove burn"), self)
        self.remove.clicked.connect(self._remove_selected)
        box.addWidget(self.list)
        box.addWidget(self.remove, 0, Qt.AlignmentFlag.AlignRight)
        self.list.setVisible(not immediate)
        self.remove.setVisible(not immediate)
        self.menu_actions: dict[tuple[BK, str, str], QAction] = {}
        """Every card offered, by (kind, card code, hand id): for tests and shortcuts."""
        self.may_help: Callable[[str], bool] = lambda _helper: True
        """Whether this window's user may burn a card from ``helper``'s hand to aid (a player's
        seat: only from their own characters' hands, as the host checks it)."""
        self.may_lower_dr = True
        """Whether Come Prepared may lower the DR here (the GM's say; never at a player's seat)."""

    def choices(self) -> tuple[BurnChoice, ...]:
        """The burns chosen so far."""
        return tuple(self._choices)

    def clear(self) -> None:
        """Forget the burns chosen."""
        if self._choices:
            self._choices.clear()
            self._rebuild()
            self.changed.emit()

    def add(self, choice: BurnChoice) -> None:
        """Choose a burn (or, in ``immediate`` mode, emit it)."""
        if self.immediate:
            self.chosen.emit(choice)
            return
        self._choices.append(choice)
        self._rebuild()
        self.changed.emit()

    def set_context(self, campaign: Campaign, roller: str | None) -> None:
        """Offer the cards of this campaign for ``roller``; burns no longer possible are dropped."""
        self._campaign, self._roller = campaign, roller
        hands = table_of(campaign).hands
        kept = [
            c for c in self._choices
            if c.card.code in hands.get(c.by or roller or "", [])
            and (c.kind is BK.AID_AN_ALLY) == (c.by not in (None, roller))
        ]  # fmt: skip
        dropped = len(kept) != len(self._choices)
        self._choices = kept
        self._rebuild()
        if dropped:
            self.changed.emit()

    def _rebuild(self) -> None:
        self.menu_actions.clear()
        campaign, roller = self._campaign, self._roller
        used = {c.card for c in self._choices}
        ids = [c.id for c in campaign.characters] if campaign else []
        roller_hand = table_of(campaign).hands.get(roller or "", []) if campaign else []
        conjure = tr("Conjure the Vanori")
        if campaign is not None and roller in ids:
            vanori = vanori_of(sheet_of(campaign.character(roller or "")))
            conjure = tr("Conjure the {vanori}", vanori=vanori_called(vanori.name))
        titles = {
            BK.CALL_THE_GODS: tr("Call the Gods"),
            BK.AID_AN_ALLY: tr("Aid an Ally"),
            BK.CONJURE_VANORI: conjure,
            BK.COME_PREPARED: tr("Come Prepared"),
        }
        conjured = any(c.kind is BK.CONJURE_VANORI for c in self._choices)
        for kind, button in self.buttons.items():
            menu = button.menu()
            assert menu is not None
            menu.clear()
            offers: list[tuple[str, list[str]]] = []
            if kind is BK.AID_AN_ALLY and campaign is not None:
                menu.setToolTipsVisible(True)
                for helper in campaign.characters:
                    if helper.id != roller and self.may_help(helper.id):
                        offers.append(
                            (helper.id, [helper.name, *table_of(campaign).hands[helper.id]])
                        )
            elif roller is not None and not (kind is BK.CONJURE_VANORI and conjured):
                offers.append((roller, ["", *roller_hand]))
            count = 0
            elsewhere = (
                kind is BK.AID_AN_ALLY
                and campaign is not None
                and any(
                    table_of(campaign).hands.get(h.id)
                    for h in campaign.characters
                    if h.id != roller and h.accepted and not self.may_help(h.id)
                )
            )  # an ally of another player holds cards: they offer them from their own window
            for hand_id, (name, *codes) in offers:
                target = self._ally_menu(menu, name, hand_id) if name else menu
                for code in codes:
                    card = Card.from_code(code)
                    act = target.addAction(card_label(card))
                    act.setEnabled(card not in used)
                    act.triggered.connect(
                        lambda _c=False, k=kind, x=card, h=hand_id: self._picked(k, x, h)
                    )
                    self.menu_actions[(kind, code, hand_id)] = act
                    count += card not in used
            later = elsewhere and not count  # before the roll an ally cannot burn yet
            none_here = NONE_HERE if self.immediate else NONE_OF_YOURS
            title = titles[kind]
            if not count:
                title = tr(none_here if elsewhere else NO_CARDS, burn=title)
            button.setText(title)
            button.setToolTip(
                tr((ALLY_OFFERS if self.immediate else ALLY_LATER) if later else TIPS[kind])
            )
            button.setEnabled(count > 0)
        self.list.clear()
        if campaign is not None:
            for choice in self._choices:
                self.list.addItem(describe_choice(choice, campaign))
        self.remove.setEnabled(bool(self._choices))
        self.list.setVisible(not self.immediate and bool(self._choices))
        self.remove.setVisible(not self.immediate and bool(self._choices))

    def _ally_menu(self, menu: QMenu, name: str, helper_id: str) -> QMenu:
        """The submenu of one ally's hand: the name cut to fit (whole in its tooltip)."""
        campaign = self._campaign
        assert campaign is not None
        elk = vanori_of(sheet_of(campaign.character(helper_id))).ability
        bonus = " (+3, Elk)" if elk is songs.VanoriAbility.ELK_AID else " (+2)"
        sub = menu.addMenu(menu_text(menu.fontMetrics(), name, bonus))
        sub.menuAction().setToolTip(plain_tip(name + bonus))
        return sub

    def _picked(self, kind: BK, card: Card, hand_id: str) -> None:
        by = hand_id if kind is BK.AID_AN_ALLY else None
        if kind is BK.COME_PREPARED:
            dialog = PreparedDialog(card, with_dr=self.may_lower_dr, parent=self)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return
            self.add(BurnChoice(kind, card, None, dialog.item.text(), dialog.dr.value()))
            return
        self.add(BurnChoice(kind, card, by))

    def _remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self._choices):
            del self._choices[row]
            self._rebuild()
            self.changed.emit()
