"""The Combat dock: the party and the enemies, the group order, each turn's rolls, the end.

Everything shown is read from the campaign after each change report; everything done goes
through the operations of :mod:`saga_desktop.model.songs.ops.combat` (journaled and undoable).
"""

from __future__ import annotations

from functools import partial

from pydantic import JsonValue
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.operation import Operation
from saga_desktop.model.session import Session
from saga_desktop.model.songs.combat_queries import (
    can_fight,
    combat_of,
    fighting_enemies,
    party_risk,
    pending,
)
from saga_desktop.model.songs.ops.combat import (
    CheckMorale,
    EndCombat,
    EndTurn,
    ResilienceTrial,
    StartCombat,
    TendWounds,
)
from saga_desktop.model.songs.state import play_of, sheet_of
from saga_desktop.model.songs.table import table_of
from saga_desktop.model.visibility import in_play
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cards import CardWidget
from saga_desktop.ui.songs.combat.action import ActionPanel
from saga_desktop.ui.songs.combat.aid import AidBox
from saga_desktop.ui.songs.combat.consequences import ConditionDialog, ConsequencePanel
from saga_desktop.ui.songs.combat.hints import gm_hints, seat_hints
from saga_desktop.ui.songs.combat.roster import (
    ElidedLabel,
    Side,
    named,
    plain_label,
    show_character,
    show_enemy,
)
from saga_desktop.ui.songs.combat.settle import SettlePanel
from saga_desktop.ui.songs.may import may
from saga_desktop.ui.songs.settle_place import settled_in_combat
from saga_desktop.ui.songs.sheets.flow import flow_row

COMBAT_KINDS = frozenset(
    {"combat", "attack", "defence", "trial", "burn", "consequence", "morale", "resilience"}
)
ENEMY_ID_ROLE = Qt.ItemDataRole.UserRole + 1
WATCHED = Aspect.PLAY | Aspect.CHARACTERS | Aspect.TABLE | Aspect.JOURNAL


def _bold(label_font: QFont, scale: float = 1.0) -> QFont:
    font = QFont(label_font)
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    return font


def enemy_of(details: dict[str, JsonValue]) -> str | None:
    """The enemy named by an attack's or a defence's journal details, if any."""
    record = details.get("record")
    for key in ("attack", "defence"):
        if isinstance(record, dict) and isinstance(record.get(key), dict):
            record = record[key]
    if not isinstance(record, dict):
        return None
    found = record.get("target_id", record.get("enemy_id"))
    return found if isinstance(found, str) else None


class CombatPanel(QWidget):
    """The contents of the Combat dock (a plain widget, so it can be tested or embedded)."""

    applied = Signal(object)
    """Emitted with each operation's result after the panel applied it."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.heading = ElidedLabel()
        self.heading.setObjectName("combat_heading")
        self.heading.setFont(_bold(self.heading.font(), 1.25))
        self.initiative = CardWidget(None, 56)
        self.initiative.hide()
        self.order = plain_label(wrap=True)
        self.order.setObjectName("combat_order")
        head = QHBoxLayout()
        head_text = QVBoxLayout()
        head_text.addWidget(self.heading)
        head_text.addWidget(self.order)
        head.addLayout(head_text, 1)
        head.addWidget(self.initiative)

        self.setup_box = QGroupBox(tr("Start a fight"))
        self.setup_box.setObjectName("combat_setup")
        self.enemy_list = QListWidget()
        self.enemy_list.setObjectName("enemy_choice")
        self.enemy_list.setMaximumHeight(self.fontMetrics().height() * 8)
        self.setup_hint = plain_label(wrap=True)
        self.start_button = named(QPushButton(tr("Reveal initiative and fight")), "start_combat")
        self.start_button.clicked.connect(self.start_combat)
        setup = QVBoxLayout(self.setup_box)
        setup.addWidget(self.setup_hint)
        setup.addWidget(self.enemy_list)
        setup.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignRight)
        self.enemy_list.itemChanged.connect(lambda _i: self._update_start())

        self.party = Side(tr("The party"), tr("No characters yet."))
        self.party.setObjectName("combat_party")
        self.enemies = Side(tr("The enemies"), tr("No enemies in this fight."))
        self.enemies.setObjectName("combat_enemies")
        self.hint = plain_label(wrap=True)
        self.hint.setObjectName("combat_hint")
        self.hint.setFrameShape(QFrame.Shape.StyledPanel)
        self.hint.setMargin(6)
        self.action = ActionPanel(bridge)
        self.settle = SettlePanel(bridge)
        self.aid = AidBox(bridge)  # another player's combat roll: aid it with a card of yours
        self.last_box = QGroupBox(tr("Last"))
        self.last = plain_label(wrap=True)
        self.last.setObjectName("combat_last")
        self.last.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        QVBoxLayout(self.last_box).addWidget(self.last)
        self.consequences = ConsequencePanel(bridge)
        self.end_turn_button = named(QPushButton(tr("End turn")), "end_turn")
        self.end_turn_button.clicked.connect(lambda: self.run(EndTurn()))
        self.end_button = named(QPushButton(tr("End combat")), "end_combat")
        self.end_button.clicked.connect(lambda: self.run(EndCombat()))
        buttons = flow_row(self.end_turn_button, self.end_button)  # wraps in a narrow dock
        self.buttons = buttons

        layout = QVBoxLayout(self)
        self._layout = layout
        layout.addLayout(head)
        layout.addWidget(self.setup_box)
        layout.addWidget(self.party)
        layout.addWidget(self.enemies)
        layout.addWidget(self.hint)
        layout.addWidget(self.action)
        layout.addWidget(self.settle)
        layout.addWidget(self.aid)
        layout.addWidget(self.last_box)
        layout.addWidget(self.consequences)
        layout.addWidget(buttons)
        layout.addStretch(1)

        for panel in (self.action, self.settle, self.aid, self.consequences):
            panel.requested.connect(self.run)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.refresh())
        self.refresh()

    # -- applying ---------------------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The open session."""
        return self.bridge.session

    def run(self, op: Operation) -> object:
        """Apply an operation; a refusal is shown over the panel. Returns its result."""
        result = self.bridge.apply(op, self)
        if result is not None:
            self.applied.emit(result)
        return result

    def run_quietly(self, op: Operation) -> None:
        """Apply an operation, dropping its result (for buttons)."""
        self.run(op)

    def start_combat(self) -> None:
        """Start a fight against the checked enemies."""
        chosen = tuple(
            str(self.enemy_list.item(i).data(ENEMY_ID_ROLE))
            for i in range(self.enemy_list.count())
            if self.enemy_list.item(i).checkState() == Qt.CheckState.Checked
        )
        self.run(StartCombat(chosen))

    # -- showing ----------------------------------------------------------------------------------

    def _on_changed(self, changes: Changes) -> None:
        if changes.aspects & WATCHED or changes.cause is Cause.LOAD:
            self.refresh()

    def refresh(self) -> None:
        """Show the campaign as it is now."""
        campaign = self.session.campaign
        combat = combat_of(campaign)
        self._show_heading(campaign)
        starts = may(self.bridge, StartCombat(()))
        self.setup_box.setVisible(combat is None and starts)
        if combat is None and starts:
            self._fill_setup(campaign)
        elif combat is None:
            self.order.setText(tr("When the GM starts a fight, it shows here."))
        self._show_party(campaign)
        self._show_enemies(campaign)
        record = pending(campaign)
        in_combat = record is not None and settled_in_combat(campaign, record)
        combat_roll = in_combat
        if combat_roll and record is not None:
            combat_roll = may(self.bridge, SettlePanel.settling(record)())
        if in_combat:
            self.aid.refresh(campaign, settles=combat_roll)
        else:
            self.aid.hide()
        self.settle.setVisible(combat_roll)
        if combat_roll and record is not None:
            self.settle.show_roll(campaign, record)
        if combat is not None:
            self.action.refresh(campaign)
        # A turn with no one left to act has no form to fill: ending it comes first.
        done = combat is not None and record is None and not self.action.has_actors
        self.action.setVisible(combat is not None and record is None and not done)
        self._place_buttons(under_hint=done)
        self._show_last(campaign)
        if combat is not None:
            self.consequences.refresh(campaign)
        self.consequences.setVisible(combat is not None and self.consequences.offers)
        self._show_hint(campaign)
        self.end_turn_button.setVisible(combat is not None and may(self.bridge, EndTurn()))
        self.end_button.setVisible(combat is not None and may(self.bridge, EndCombat()))
        if combat is not None:
            self.end_turn_button.setText(
                tr("End the party's turn")
                if combat.turn == "party"
                else tr("End the enemies' turn")
            )
            self.end_turn_button.setEnabled(not combat_roll)
            self.end_button.setEnabled(not combat_roll)

    def _place_buttons(self, *, under_hint: bool) -> None:
        """End turn and End combat: under the hint when the turn is done, else at the bottom."""
        layout = self._layout
        layout.removeWidget(self.buttons)
        at = layout.indexOf(self.hint) + 1 if under_hint else layout.count() - 1  # the stretch
        layout.insertWidget(at, self.buttons)
        self.end_turn_button.setDefault(under_hint)  # drawn as the next step

    def _show_heading(self, campaign: Campaign) -> None:
        combat = combat_of(campaign)
        if combat is None:
            self.heading.setText(tr("No fight"))
            self.order.setText(tr("Pick the enemies and reveal a card for initiative."))
            self.initiative.hide()
            return
        turn = tr("The party's turn") if combat.turn == "party" else tr("The enemies' turn")
        self.heading.setText(tr("Round {round} · {turn}", round=combat.round, turn=turn))
        card = Card.from_code(combat.initiative)
        shown = say(card_short(card))
        if combat.first == "enemies" and card.is_red:
            order = tr(
                "Initiative {card} (red): the enemies first, then the party, every round.",
                card=shown,
            )
        elif combat.first == "enemies":
            order = tr(
                "Initiative {card} (black): the enemies first, then the party, every round.",
                card=shown,
            )
        elif card.is_red:
            order = tr(
                "Initiative {card} (red): the party first, then the enemies, every round.",
                card=shown,
            )
        else:
            order = tr(
                "Initiative {card} (black): the party first, then the enemies, every round.",
                card=shown,
            )
        self.order.setText(order)
        self.initiative.set_card(card)
        self.initiative.show()

    def _fill_setup(self, campaign: Campaign) -> None:
        checked = {
            self.enemy_list.item(i).data(ENEMY_ID_ROLE)
            for i in range(self.enemy_list.count())
            if self.enemy_list.item(i).checkState() == Qt.CheckState.Checked
        }
        self.enemy_list.blockSignals(True)
        self.enemy_list.clear()
        for enemy in play_of(campaign).enemies:
            label = (
                tr("{name} (x{count})", name=enemy.name, count=enemy.count)
                if enemy.count > 1
                else enemy.name
            )
            item = QListWidgetItem(
                tr(
                    "{enemy} · resilience {now}/{most}",
                    enemy=label,
                    now=enemy.resilience,
                    most=enemy.max_resilience,
                )
            )
            item.setData(ENEMY_ID_ROLE, enemy.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            standing = enemy.resilience > 0
            if not standing:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            on = standing and (enemy.id in checked or not checked)
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.enemy_list.addItem(item)
        self.enemy_list.blockSignals(False)
        if not play_of(campaign).enemies:
            self.setup_hint.setText(tr("Add enemies in the Enemies dock, then pick them here."))
        elif not in_play(campaign):
            self.setup_hint.setText(tr("The party has no characters yet."))
        else:
            self.setup_hint.setText(tr("Who is in this fight?"))
        self.enemy_list.setVisible(bool(play_of(campaign).enemies))
        self._update_start()

    def _update_start(self) -> None:
        campaign = self.session.campaign
        any_checked = any(
            self.enemy_list.item(i).checkState() == Qt.CheckState.Checked
            for i in range(self.enemy_list.count())
        )
        self.start_button.setEnabled(any_checked and bool(in_play(campaign)))

    def _show_party(self, campaign: Campaign) -> None:
        combat = combat_of(campaign)
        party = in_play(campaign)  # one waiting for the GM takes no part yet
        rows = self.party.sync([c.id for c in party])
        busy = play_of(campaign).pending is not None
        for row, c in zip(rows, party, strict=True):
            show_character(row, combat, c, len(table_of(campaign).hands.get(c.id, [])))
            op = ResilienceTrial(c.id, risk=party_risk(campaign))
            if sheet_of(c).incapacitated and may(self.bridge, TendWounds(c.id, "")):
                row.set_button(tr("Tend wounds…"), partial(self.tend_wounds, c.id))
            elif sheet_of(c).resilience == 0 and not busy and may(self.bridge, op):
                row.set_button(
                    tr("Resilience trial"),
                    partial(self.run_quietly, op),
                    tr("At 0 resilience: a trial roll with the best attribute"),
                )
            else:
                row.set_button("", None)

    def _show_enemies(self, campaign: Campaign) -> None:
        combat = combat_of(campaign)
        enemies = fighting_enemies(campaign) if combat is not None else []
        rows = self.enemies.sync([e.id for e in enemies])
        self.enemies.setVisible(combat is not None)
        for row, enemy in zip(rows, enemies, strict=True):
            show_enemy(row, combat, enemy)
            if can_fight(combat, enemy) and may(self.bridge, CheckMorale(enemy.id)):
                row.set_button(
                    tr("Morale"),
                    partial(self.run_quietly, CheckMorale(enemy.id)),
                    tr("They feel outnumbered or saw their leader fall: reveal a card"),
                )
            else:
                row.set_button("", None)

    def _last_combat_entry(self, campaign: Campaign) -> str:
        for entry in reversed(campaign.journal[-50:]):
            if entry.kind in COMBAT_KINDS:
                return entry.said
        return ""

    def _show_last(self, campaign: Campaign) -> None:
        quiet = combat_of(campaign) is None or play_of(campaign).pending is not None
        text = "" if quiet else self._last_combat_entry(campaign)
        self.last.setText(text)
        self.last_box.setVisible(bool(text))
        for entry in reversed(campaign.journal[-50:]):
            if entry.kind in ("attack", "defence", "trial"):
                self.consequences.focus_on(entry.character, enemy_of(entry.details))
                break

    def _show_hint(self, campaign: Campaign) -> None:
        limited = self.bridge.limited
        hints = seat_hints(campaign, self.bridge) if limited else gm_hints(campaign)
        self.hint.setText("\n".join(hints))
        self.hint.setVisible(bool(hints))

    def tend_wounds(self, character_id: str) -> None:
        """Ask for the condition an incapacitated character gains, and tend them."""
        name = next(c.name for c in self.session.campaign.characters if c.id == character_id)
        dialog = ConditionDialog(name, self)
        dialog.setWindowTitle(tr("Tend {name}'s wounds: a new condition", name=name))
        if dialog.exec() == ConditionDialog.DialogCode.Accepted:
            self.run(TendWounds(character_id, dialog.name.text(), dialog.slots.value()))
