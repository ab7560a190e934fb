"""The GM's consequences as buttons (damaged weapon or armor, a condition) and the Vanori's gifts.

After a setback the GM may damage a character's weapon or armor or give a condition; after a
successful trial roll, an enemy's weapon or armor may be damaged. A Wolf forces an enemy's morale
check and a Raven weakens an enemy's damage die, each by burning a card.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.songs.combat_queries import (
    can_fight,
    combat_of,
    fighting_enemies,
)
from saga_desktop.model.songs.ops.combat import (
    AddCondition,
    DamageCharacterGear,
    DamageEnemyGear,
    RavenWeaken,
    WolfMorale,
)
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.model.songs.table import table_of
from saga_desktop.model.visibility import in_play
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.combat.parts import refill_combo, select_data
from saga_desktop.ui.songs.combat.roster import named, plain_label
from saga_desktop.ui.songs.may import may
from saga_desktop.ui.songs.sheets.flow import flow_row


class ConditionDialog(QDialog):
    """Ask for a condition's name and how many slots it takes."""

    def __init__(self, who: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("A condition for {name}", name=who))
        self.name = named(QLineEdit(), "condition_name")
        self.name.setPlaceholderText(tr("e.g. Bitten leg"))
        self.slots = named(QSpinBox(), "condition_slots")
        self.slots.setRange(1, 6)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(tr("Condition"), self.name)
        form.addRow(tr("Slots"), self.slots)
        form.addRow(buttons)


class ConsequencePanel(QGroupBox):
    """Buttons for the consequences of a roll and the Vanori's gifts in a fight."""

    requested = Signal(object)
    """Emitted with the operation to apply."""

    def __init__(self, bridge: SessionBridge | None = None, parent: QWidget | None = None) -> None:
        super().__init__(tr("Consequences and gifts"), parent)
        self.setObjectName("combat_consequences")
        self.bridge = bridge
        """Asked which buttons the window's user may use (None: all, the GM's own panel)."""
        self._campaign: Campaign | None = None
        self.offers = True
        self.character = named(QComboBox(), "consequence_character")
        self.weapon_button = named(QPushButton(tr("Damage weapon")), "damage_weapon")
        self.weapon_menu = QMenu(self.weapon_button)
        self.weapon_button.setMenu(self.weapon_menu)
        self.armor_button = named(QPushButton(tr("Damage armor")), "damage_armor")
        self.armor_button.clicked.connect(self._damage_armor)
        self.condition_button = named(QPushButton(tr("Add condition…")), "add_condition")
        self.condition_button.clicked.connect(self._add_condition)
        self.enemy = named(QComboBox(), "consequence_enemy")
        self.enemy_weapon = named(QPushButton(tr("Damage its weapon")), "enemy_weapon")
        self.enemy_weapon.clicked.connect(lambda: self._damage_enemy("weapon"))
        self.enemy_armor = named(QPushButton(tr("Damage its armor")), "enemy_armor")
        self.enemy_armor.clicked.connect(lambda: self._damage_enemy("armor"))
        self.gift = named(QComboBox(), "gift")
        self.gift.setToolTip(
            tr("A Wolf forces the enemy's morale check; a Raven weakens its damage die")
        )
        self.gift_button = named(QPushButton(tr("Burn")), "gift_button")
        self.gift_button.clicked.connect(self._gift)
        # Rows of buttons wrap in a narrow dock instead of being cut.
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(
            QFormLayout.RowWrapPolicy.WrapLongRows
        )  # labels above in a narrow dock
        form.addRow(plain_label(tr("Character")), self.character)
        form.addRow(flow_row(self.weapon_button, self.armor_button, self.condition_button))
        form.addRow(plain_label(tr("Enemy")), self.enemy)
        form.addRow(flow_row(self.enemy_weapon, self.enemy_armor))
        self.form = form
        self.gift_label = plain_label(tr("Gift"))
        self.gift_row = QWidget()
        gift_row = QHBoxLayout(self.gift_row)
        gift_row.setContentsMargins(0, 0, 0, 0)
        gift_row.addWidget(self.gift, 1)
        gift_row.addWidget(self.gift_button)
        form.addRow(self.gift_label, self.gift_row)
        self.character.currentIndexChanged.connect(lambda _i: self._fill_weapons())
        self.enemy.currentIndexChanged.connect(lambda _i: self._update_enemy_buttons())

    def refresh(self, campaign: Campaign) -> None:
        """Fill the choices from the campaign."""
        self._campaign = campaign
        combat = combat_of(campaign)
        refill_combo(self.character, [(c.name, c.id) for c in in_play(campaign)])
        enemies = [e for e in fighting_enemies(campaign) if can_fight(combat, e)]
        refill_combo(self.enemy, [(e.name, e.id) for e in enemies])
        gifts: list[tuple[str, object]] = []
        for c in in_play(campaign):
            if sheet_of(c).vanori not in ("wolf", "raven"):
                continue
            gift = WolfMorale if sheet_of(c).vanori == "wolf" else RavenWeaken
            if not may(self.bridge, gift(c.id, "", "")):
                continue  # at a player's seat only their own characters' gifts
            wolf = sheet_of(c).vanori == "wolf"
            for code in table_of(campaign).hands.get(c.id, []):
                card = say(card_short(Card.from_code(code)))
                said = (
                    tr("{name} burns {card}: morale check", name=c.name, card=card)
                    if wolf
                    else tr("{name} burns {card}: weaken the die", name=c.name, card=card)
                )
                gifts.append((said, f"{c.id}:{code}"))
        refill_combo(self.gift, gifts)
        for w in (self.gift_label, self.gift_row):
            w.setVisible(bool(gifts))
        self.gift_button.setEnabled(bool(gifts) and bool(enemies))
        self._fill_weapons()
        self._update_enemy_buttons()
        self._gate(campaign, bool(gifts))

    def _gate(self, campaign: Campaign, gifts: bool) -> None:
        """Show the GM's consequences only to whoever may give them; a player sees their gifts."""
        someone = next(iter(campaign.characters), None)
        mine = someone is not None and may(self.bridge, DamageCharacterGear(someone.id))
        theirs = may(self.bridge, DamageEnemyGear("", "weapon"))
        self.form.setRowVisible(0, mine)
        self.form.setRowVisible(1, mine)
        self.form.setRowVisible(2, theirs or gifts)
        self.form.setRowVisible(3, theirs)
        self.setTitle(tr("Consequences and gifts") if mine or theirs else tr("Your Vanori's gifts"))
        self.offers = mine or theirs or gifts
        """True when the panel has anything for this window's user."""

    def focus_on(self, character_id: str | None, enemy_id: str | None) -> None:
        """Preselect the characters and enemy of the last roll."""
        if character_id is not None:
            select_data(self.character, character_id)
        if enemy_id is not None:
            select_data(self.enemy, enemy_id)

    def _fill_weapons(self) -> None:
        self.weapon_menu.clear()
        campaign, cid = self._campaign, self.character.currentData()
        character = (
            next((c for c in campaign.characters if c.id == cid), None) if campaign else None
        )
        weapons = [e.name for e in sheet_of(character).inventory if e.weapon] if character else []
        for name in weapons:
            act = self.weapon_menu.addAction(name)
            act.triggered.connect(lambda _c=False, n=name: self._damage_weapon(n))
        self.weapon_button.setEnabled(bool(weapons))
        for b in (self.armor_button, self.condition_button):
            b.setEnabled(character is not None)

    def _update_enemy_buttons(self) -> None:
        has = self.enemy.currentData() is not None
        self.enemy_weapon.setEnabled(has)
        self.enemy_armor.setEnabled(has)

    def _damage_weapon(self, name: str) -> None:
        cid = self.character.currentData()
        if cid is not None:
            self.requested.emit(DamageCharacterGear(cid, name))

    def _damage_armor(self) -> None:
        cid = self.character.currentData()
        if cid is not None:
            self.requested.emit(DamageCharacterGear(cid))

    def _add_condition(self) -> None:
        cid = self.character.currentData()
        if cid is None:
            return
        dialog = ConditionDialog(self.character.currentText(), self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.requested.emit(AddCondition(cid, dialog.name.text(), dialog.slots.value()))

    def _damage_enemy(self, part: str) -> None:
        eid = self.enemy.currentData()
        if eid is not None:
            self.requested.emit(DamageEnemyGear(eid, "armor" if part == "armor" else "weapon"))

    def _gift(self) -> None:
        choice, eid = self.gift.currentData(), self.enemy.currentData()
        campaign = self._campaign
        if choice is None or eid is None or campaign is None:
            return
        cid, code = str(choice).split(":", 1)
        vanori = next(sheet_of(c).vanori for c in campaign.characters if c.id == cid)
        op = WolfMorale(cid, eid, code) if vanori == "wolf" else RavenWeaken(cid, eid, code)
        self.requested.emit(op)
