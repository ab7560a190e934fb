"""The combat tracker: start a fight, declare in REF order, resolve, compare, apply outcomes.

Combatants are listed in declaration order (lowest REF first) with what each declared and whom
they target. *Resolve* rolls one combat roll per combatant in resolution order (or the next one
from typed faces), then each exchange shows its comparison; only its winner's outcome controls
open, labelled Player action or Monster action, with the loser's once-per-encounter STR and the
armor they have left shown before anything is applied. Every step is one operation.

At a player's seat the same tracker serves the player: they declare for their own characters
when their turn comes (a declaration they may not read yet shows as "has declared"), and set STR
or choose an outcome where the rules make it theirs (:mod:`.combat_exchange`). Starting, rolling
and ending a fight are the GM's and are not offered (``bridge.may``).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Changes
from saga_desktop.model.dicepool.access import dicepool_play, encounter_of, options
from saga_desktop.model.dicepool.odds import combat_pool_preview, combat_preview
from saga_desktop.model.dicepool.ops import combat as ops
from saga_desktop.model.dicepool.ops.monsters import ShowMonster
from saga_desktop.model.dicepool.seat import hidden_declared
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.visibility import in_play
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.dicepool.wording import ACTIONS, PHASES, SIDES, looked_up
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.combat_exchange import ExchangeBox
from saga_desktop.ui.dicepool.fight_status import levels_text, row_state
from saga_desktop.ui.dicepool.widgets import clear, label, parse_faces, warn
from saga_desktop.ui.dicepool.your_step import StepCall
from saga_desktop.ui.elide import plain_tip

NO_FIGHT = tr_noop("No fight is in progress. When the GM starts one, you declare here.")
GM_ROLLS = tr_noop("Everyone has declared: the GM rolls the round (highest REF first).")
COLUMNS = (
    tr_noop("Combatant"),
    tr_noop("State"),
    tr_noop("Declared"),
    tr_noop("Pool"),
    tr_noop("REF"),
    tr_noop("Side"),
)
# The state (injuries, STR, armor) next to the name: a narrow dock still shows it.
STATE_EMS = 18  # the state column wraps at about this many letters


def fit(combo: QComboBox) -> None:
    """A combo box that narrows with the dock (a long name is shortened, not cut off)."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(8)


class CombatDock(QDockWidget):
    """The fight in progress, or the choice of who fights."""

    newMonster = Signal()
    """The GM asked for the monster creation dialog."""

    openSheet = Signal(str)
    """The GM asked for a combatant's sheet (a character's or a monster's card id)."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(tr("Combat"), parent)
        self.setObjectName("dicepool-combat")
        self.bridge = bridge
        body = QWidget()
        self.outer = QVBoxLayout(body)
        self.problem = label("")
        warn(self.problem)
        self.problem.setAccessibleName(tr("Refused"))
        self.outer.addWidget(self.problem)
        self.content = QVBoxLayout()
        self.outer.addLayout(self.content)
        self.outer.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self.picks: dict[str, QCheckBox] = {}
        self.exchanges: list[ExchangeBox] = []
        self.pair_odds: list[QLabel] = []
        self.typed_button: QPushButton | None = None
        self.end_round_button: QPushButton | None = None
        self.declare_box: QGroupBox | None = None
        self.declarer = ""
        self.step_call = StepCall(self)
        self.refresh()

    def apply(self, op: Operation) -> object:
        """Apply one step; a refusal is shown above the tracker and changes nothing."""
        try:
            result = self.bridge.try_apply(op)
        except OperationError as exc:
            self.problem.setText(tr("Refused: {why}", why=str(exc)))
            return None
        self.problem.setText("")
        return result

    def on_changed(self, changes: Changes) -> None:
        """Redraw after every change."""
        self.refresh()

    def refresh(self) -> None:
        """Rebuild from the campaign."""
        clear(self.content)
        self.picks, self.exchanges = {}, []
        self.pair_odds = []
        self.typed_button = None
        self.end_round_button = None
        self.declare_box = None
        campaign = self.bridge.session.campaign
        if dicepool_play(campaign).encounter is None:
            if self.bridge.may("dicepool.StartEncounter"):
                self._choose(campaign)
            else:  # a player's seat: the GM starts the fight
                self.content.addWidget(label(tr(NO_FIGHT)))
            self.step_call.update(())
        else:
            fight = encounter_of(campaign)
            self._fight(campaign, fight)
            self.step_call.update((fight.round, fight.phase))

    def _button(self, text: str, op: Operation) -> QPushButton:
        button = QPushButton(text)
        button.clicked.connect(lambda: self.apply(op))
        return button

    def _choose(self, campaign: Campaign) -> None:
        box = QGroupBox(tr("Who fights?"))
        layout = QVBoxLayout(box)
        for c in in_play(campaign):  # a character the GM has not accepted does not fight
            self.picks[c.id] = QCheckBox(tr("{name} (player)", name=c.name))
        monsters = {m.id: m for m in dicepool_play(campaign).monsters}
        for m in monsters.values():
            hurt = ", ".join(f"L{i.level}" for i in m.injuries)
            self.picks[m.id] = QCheckBox(
                tr("{name} (monster, injuries {levels})", name=m.name, levels=hurt)
                if hurt
                else tr("{name} (monster)", name=m.name)
            )
        for pick_id, pick in self.picks.items():
            pick.setChecked(True)
            card = monsters.get(pick_id)
            if card is None:
                layout.addWidget(pick)
                continue
            line = QHBoxLayout()  # the players know a monster once shown, or once it fights
            line.addWidget(pick, 1)
            sheet = QPushButton(tr("Sheet…"))
            sheet.setObjectName(f"sheet-{pick_id}")
            sheet.setToolTip(tr("The monster's card, injuries and your notes"))
            sheet.clicked.connect(lambda _c=False, i=pick_id: self.openSheet.emit(i))
            line.addWidget(sheet)
            show = self._button(tr("Hide from players") if card.shown else tr("Show to players"),
                                ShowMonster(card.id, shown=not card.shown))  # fmt: skip
            show.setObjectName(f"show-{card.id}")
            line.addWidget(show)
            layout.addLayout(line)
        row = QHBoxLayout()
        self.start_button = QPushButton(tr("Start encounter"))
        self.start_button.clicked.connect(
            lambda: self.apply(
                ops.StartEncounter(tuple(i for i, p in self.picks.items() if p.isChecked()))
            )
        )
        monster = QPushButton(tr("New monster…"))
        monster.clicked.connect(self.newMonster.emit)
        row.addWidget(self.start_button)
        row.addWidget(monster)
        layout.addLayout(row)
        self.content.addWidget(box)

    def _fight(self, campaign: Campaign, fight: dp.Encounter) -> None:
        rules = options(campaign)
        phase = say(looked_up(PHASES, fight.phase.value))
        heading = tr("Round {round}: {phase}", round=fight.round, phase=phase)
        self.content.addWidget(label(heading, bold=True))
        order = [c for c in sorted(fight.combatants, key=dp.order_key)]
        table = QTableWidget(len(order), len(COLUMNS))
        table.setObjectName("combatants")
        table.setHorizontalHeaderLabels([tr(c) for c in COLUMNS])
        table.verticalHeader().setVisible(False)
        hidden = hidden_declared(campaign)  # at a player's seat: made, not yet shown
        for r, c in enumerate(order):
            d = fight.declaration(c.id)
            declared = tr("has declared") if c.id in hidden else ""
            if d is not None:
                whom = fight.combatant(d.target_id).name if d.target_id else d.weapon
                action = say(looked_up(ACTIONS, d.action.value))
                declared = tr("{action} {whom}", action=action, whom=whom).strip()
            pool = ""
            if c.active and fight.phase in (dp.Phase.DECLARE, dp.Phase.RESOLVE) and d:
                pool = tr("{n}D6", n=combat_pool_preview(campaign, c.id).size)
            roll = fight.roll_of(c.id)
            if roll is not None:
                pool = trn(
                    "{size}D6: {n} win", "{size}D6: {n} wins", roll.wins, size=roll.pool.size
                )
            cells = (
                c.name,
                row_state(c, rules),
                declared,
                pool,
                str(c.card.reflexes),
                say(looked_up(SIDES, c.side.value)),
            )
            for col, text in enumerate(cells):
                table.setItem(r, col, QTableWidgetItem(text))
        table.setWordWrap(True)
        table.resizeColumnsToContents()
        wide = table.fontMetrics().averageCharWidth() * STATE_EMS
        table.setColumnWidth(1, min(table.columnWidth(1), wide))
        table.resizeRowsToContents()
        table.setMinimumHeight(min(40 + 30 * len(order), 220))
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setToolTip(tr("Double-click a combatant to open their sheet"))
        ids = [c.id for c in order]
        table.cellDoubleClicked.connect(lambda r, _col: self.openSheet.emit(ids[r]))
        self.table = table
        self.content.addWidget(table)
        if fight.phase is dp.Phase.DECLARE:
            self._declare(fight, hidden)
        if fight.phase in (dp.Phase.DECLARE, dp.Phase.RESOLVE):
            for odds in combat_preview(campaign):
                line = label(
                    tr(
                        "{odds}. {attacker}: {attacker_levels}; {target}: {target_levels} "
                        "(after STR {attacker_strength}/{target_strength})",
                        odds=say(odds.words()),
                        attacker=odds.attacker_name,
                        attacker_levels=levels_text(odds.attacker),
                        target=odds.target_name,
                        target_levels=levels_text(odds.target),
                        attacker_strength=odds.attacker_strength,
                        target_strength=odds.target_strength,
                    )
                )
                line.setObjectName("pair-odds")
                self.pair_odds.append(line)
                self.content.addWidget(line)
        if fight.phase is dp.Phase.RESOLVE:
            if self.bridge.may("dicepool.Resolve"):
                self._resolve(fight)
            else:
                self.content.addWidget(label(tr(GM_ROLLS)))
        for roll in fight.rolls:
            self.content.addWidget(label(say(roll.words())))
        if fight.phase is dp.Phase.OUTCOMES:
            for i in range(len(fight.exchanges)):
                box = ExchangeBox(self, fight, i)
                self.exchanges.append(box)
                self.content.addWidget(box)
            if not fight.exchanges:
                self.content.addWidget(label(tr("Nobody attacked this round.")))
            if self.bridge.may("dicepool.EndRound"):
                self.end_round_button = self._button(tr("End round"), ops.EndRound())
                self.content.addWidget(self.end_round_button)
        if self.bridge.may("dicepool.EndEncounter"):
            self.content.addWidget(self._button(tr("End encounter"), ops.EndEncounter()))

    def _declare(self, fight: dp.Encounter, hidden: frozenset[str]) -> None:
        waiting = [
            i
            for i in dp.declaration_order(fight)
            if fight.declaration(i) is None and i not in hidden
        ]
        if not waiting:
            return
        turn = fight.combatant(waiting[0])
        who, note = turn, ""
        if self.bridge.limited:  # a player declares for their own characters, in REF order
            mine = [i for i in waiting if self.bridge.viewer.owns(i)]
            if not mine:
                self.content.addWidget(label(tr("Waiting for {name} to declare.", name=turn.name)))
                return
            who = fight.combatant(mine[0])
            if who is not turn:
                note = tr("Waiting for {name} to declare first (lower REF).", name=turn.name)
        box = QGroupBox(tr("{name} declares", name=who.name))
        box.setObjectName("declare")
        self.declare_box = box
        outer = QVBoxLayout(box)
        outer.addWidget(label(note or tr("Lowest REF declares first; the faster hear the slower.")))
        self.declarer = who.name
        form = QFormLayout()  # one choice a line, labels above when narrow: nothing is cut
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        outer.addLayout(form)
        self.action = QComboBox()
        for a in dp.Action:
            said = say(looked_up(ACTIONS, a.value))
            self.action.addItem(said[:1].upper() + said[1:], a.value)
        self.target = QComboBox()
        for c in fight.combatants:
            if c.id != who.id and c.active:
                self.target.addItem(c.name, c.id)
        foes = [
            i
            for i in range(self.target.count())
            if fight.combatant(self.target.itemData(i)).side is not who.side
        ]
        if foes:
            self.target.setCurrentIndex(foes[0])
        self.weapon = QComboBox()
        for w in who.card.weapons:
            self.weapon.addItem(w.name)
        self.declare_button = QPushButton(tr("Declare"))
        self.declare_button.clicked.connect(
            lambda: self.apply(
                ops.Declare(
                    who.id,
                    self.action.currentData(),
                    self.target.currentData()
                    if self.action.currentData() in ("attack", "charge")
                    else "",
                    self.weapon.currentText() if self.action.currentData() == "ready" else "",
                )
            )
        )
        why = self.bridge.refusal("dicepool.Declare", {"combatant": who.id})
        self.declare_button.setEnabled(not note and why is None)
        if why:
            self.declare_button.setToolTip(plain_tip(why))
        for text, combo in ((tr("&Action"), self.action), (tr("&Target"), self.target),
                            (tr("&Weapon"), self.weapon)):  # fmt: skip
            fit(combo)
            form.addRow(text, combo)
        outer.addWidget(self.declare_button)
        self.content.addWidget(box)

    def _resolve(self, fight: dp.Encounter) -> None:
        waiting = [i for i in dp.resolution_order(fight) if fight.roll_of(i) is None]
        who = fight.combatant(waiting[0])
        box = QGroupBox(tr("Resolve the round"))
        layout = QVBoxLayout(box)  # one line each: a narrow dock or 200% cuts nothing
        layout.addWidget(label(tr("Highest REF rolls first.")))
        self.resolve_button = self._button(tr("Resolve: roll everyone"), ops.Resolve())
        self.faces = QLineEdit()
        self.faces.setPlaceholderText(tr("Faces of {name}, e.g. 6 4 2", name=who.name))
        typed = QPushButton(tr("Roll the typed faces"))
        typed.setAccessibleName(tr("Roll {name} from typed faces", name=who.name))
        typed.setToolTip(plain_tip(tr("Roll {name} from the faces typed above", name=who.name)))
        typed.clicked.connect(
            lambda: self.apply(ops.RollCombat(who.id, parse_faces(self.faces.text()) or ()))
        )
        self.faces.setAccessibleName(tr("Faces of {name}", name=who.name))
        layout.addWidget(self.resolve_button)
        layout.addWidget(self.faces)
        layout.addWidget(typed)
        self.typed_button = typed
        self.content.addWidget(box)
