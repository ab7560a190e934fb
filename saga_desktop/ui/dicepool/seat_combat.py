"""A joined player's Combat tab: declare for their own characters, then read the round.

Drawn from the seat's view only: the combatants, who has declared (what, only where the rules
show it: :mod:`saga_desktop.model.dicepool.secrets`), the round's rolls, and each exchange with
its Player action or Monster action label. The player declares an action and a target among the
combatants they can see when their character's turn comes (lowest REF first); when their
character loses an exchange they may set STR against the victory, and when it wins, the outcome
unlocks for them to choose. The GM's app rolls; the player's app never does.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.model.dicepool.secrets import declaration_order
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.errors import RulesError
from saga_desktop.ui.network import named
from saga_desktop.ui.network.seat import SeatContext

SIDE = {"player": "Player action", "monster": "Monster action"}
PHASE = {
    "declare": "everyone declares (lowest REF first); the declarations show when all are in",
    "resolve": "the declarations are revealed; the GM rolls the round",
    "compare": "the rolls are compared",
    "outcomes": "the winners choose their outcomes",
}


def _text(value: str) -> QLabel:
    label = QLabel(value)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class SeatCombat(QWidget):
    """The Combat tab of a player's window in a dice-pool campaign."""

    def __init__(self, seat: SeatContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seatCombat")
        self.seat = seat
        self.declare_button: QPushButton | None = None
        self.action: QComboBox | None = None
        self.target: QComboBox | None = None
        self.weapon: QComboBox | None = None
        self.outcome_buttons: dict[int, QPushButton] = {}
        self.strength_buttons: dict[int, QPushButton] = {}
        inner = QWidget()
        self.content = QVBoxLayout(inner)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(inner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)
        self._shown: Any = object()
        seat.viewChanged.connect(lambda _view, _changes: self.refresh())
        self.refresh()

    def encounter(self) -> dict[str, Any] | None:
        """The fight as the seat sees it, if one is in progress."""
        fight = (self.seat.view.get("play") or {}).get("encounter")
        return fight if isinstance(fight, dict) else None

    def refresh(self) -> None:
        """Rebuild when the fight or the seat's characters changed."""
        fight = self.encounter()
        key = (fight, [c["id"] for c in self.seat.mine()])
        if key == self._shown:
            return
        self._shown = key
        while self.content.count():
            item = self.content.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.declare_button = self.action = self.target = self.weapon = None
        self.outcome_buttons, self.strength_buttons = {}, {}
        if fight is None:
            self.content.addWidget(_text("No fight is in progress."))
        else:
            self._fight(fight)
        self.content.addStretch(1)

    def _fight(self, fight: dict[str, Any]) -> None:
        phase = str(fight.get("phase", ""))
        head = _text(f"Round {fight.get('round', 1)}: {PHASE.get(phase, phase)}")
        head.setObjectName("combatPhase")
        self.content.addWidget(head)
        people = {c["card"]["id"]: c for c in fight.get("combatants") or []}
        declared = {d["combatant_id"]: d for d in fight.get("declarations") or []}
        mine = {c["id"] for c in self.seat.mine()}
        order = declaration_order(fight)
        for cid in order + [i for i in people if i not in order]:
            c = people[cid]
            who = f"{c['card']['name']} ({c.get('side', '')})"
            marks = [m for m in ("prone", "staggered") if c.get(m)]
            if cid not in order:
                marks.append("incapacitated")
            d = declared.get(cid)
            if d is None:
                said = "still to declare" if phase == "declare" and cid in order else ""
            elif d.get("hidden"):
                said = "has declared"
            else:
                said = _declared(d, people)
            line = ", ".join(x for x in (who, *marks, said) if x)
            self.content.addWidget(named(_text(line + (" — yours" if cid in mine else "")),
                                         f"combatant-{cid}"))  # fmt: skip
        if phase == "declare":
            self._declare(fight, people, declared, order, mine)
        for roll in fight.get("rolls") or []:
            self.content.addWidget(_text(_explain(dp.CombatRoll, roll)))
        for i, exchange in enumerate(fight.get("exchanges") or []):
            self._exchange(i, exchange, people, mine, phase)

    def _declare(
        self,
        fight: dict[str, Any],
        people: dict[str, Any],
        declared: dict[str, Any],
        order: list[str],
        mine: set[str],
    ) -> None:
        waiting = [cid for cid in order if cid not in declared]
        turn = [cid for cid in waiting if cid in mine]
        if not turn:
            return
        who = people[turn[0]]
        box = named(QGroupBox(f"{who['card']['name']} declares"), "declareBox")
        layout = QVBoxLayout(box)
        if waiting[0] != turn[0]:
            slower = people[waiting[0]]["card"]["name"]
            layout.addWidget(_text(f"Waiting for {slower} to declare first (lower REF)."))
        form = QFormLayout()
        self.action = named(QComboBox(), "declareAction")
        for a in dp.Action:
            self.action.addItem(a.value.capitalize(), a.value)
        self.target = named(QComboBox(), "declareTarget")
        for cid in order:
            if cid != turn[0]:
                c = people[cid]
                self.target.addItem(f"{c['card']['name']} ({c.get('side')})", cid)
        foe = next(
            (i for i in range(self.target.count())
             if people[self.target.itemData(i)].get("side") != who.get("side")), 0,
        )  # fmt: skip
        self.target.setCurrentIndex(foe)
        self.weapon = named(QComboBox(), "declareWeapon")
        for w in who["card"].get("weapons") or []:
            self.weapon.addItem(str(w.get("name", "")))
        self.declare_button = named(QPushButton("Declare"), "declareSend")
        self.declare_button.setEnabled(waiting[0] == turn[0])
        cid = turn[0]
        self.declare_button.clicked.connect(lambda: self.declare(cid))
        self.action.currentIndexChanged.connect(lambda _i: self._follow_action())
        form.addRow("&Action", self.action)
        form.addRow("&Target", self.target)
        form.addRow("&Weapon to ready", self.weapon)
        layout.addLayout(form)
        layout.addWidget(self.declare_button)
        self.content.addWidget(box)
        self._follow_action()

    def _follow_action(self) -> None:
        if self.action is None or self.target is None or self.weapon is None:
            return
        action = dp.Action(self.action.currentData())
        self.target.setEnabled(action.targeted)
        self.weapon.setEnabled(action is dp.Action.READY)

    def declare(self, combatant: str) -> None:
        """Ask the host to record this character's declaration."""
        assert self.action is not None and self.target is not None and self.weapon is not None
        action = dp.Action(self.action.currentData())
        self.seat.send(
            {
                "kind": "dicepool.Declare",
                "combatant": combatant,
                "action": action.value,
                "target": self.target.currentData() if action.targeted else "",
                "weapon": self.weapon.currentText() if action is dp.Action.READY else "",
            }
        )

    def _exchange(
        self, i: int, e: dict[str, Any], people: dict[str, Any], mine: set[str], phase: str
    ) -> None:
        side = SIDE.get(str(e.get("winner_side")), "")
        box = named(QGroupBox(side or "No outcome"), f"exchange-{i}")
        layout = QVBoxLayout(box)
        layout.addWidget(_text(_explain(dp.Exchange, e)))
        level = int(e.get("attacker_wins", 0)) - int(e.get("target_wins", 0))
        victory = abs(level) if e.get("scoring") else 0
        final = max(0, victory - int(e.get("strength_reduction", 0)))
        open_ = phase == "outcomes" and e.get("outcome") is None and final > 0
        loser, winner = e.get("loser_id"), e.get("winner_id")
        if open_ and loser in mine:
            who = people[loser]
            if not who.get("strength_used") and who["card"].get("strength", 0):
                button = QPushButton(f"Set STR {who['card']['strength']} against the victory")
                button.clicked.connect(
                    lambda: self.seat.send(
                        {"kind": "dicepool.UseStrength", "exchange": i, "combatant": loser}
                    )
                )
                self.strength_buttons[i] = button
                layout.addWidget(button)
        if open_ and winner in mine:
            row = QHBoxLayout()
            kind = QComboBox()
            for k in dp.OutcomeKind:
                kind.addItem(k.value.capitalize(), k.value)
            levels = QSpinBox()
            levels.setRange(1, min(final, dp.INJURY_MAX))
            levels.setValue(levels.maximum())
            levels.setPrefix("level ")
            kind.currentIndexChanged.connect(
                lambda _i: levels.setEnabled(kind.currentData() == "injury")
            )
            apply = QPushButton(f"Apply ({side})")
            apply.clicked.connect(
                lambda: self.seat.send(
                    {
                        "kind": "dicepool.ApplyOutcome",
                        "exchange": i,
                        "winner": winner,
                        "outcome": kind.currentData(),
                        "level": levels.value() if kind.currentData() == "injury" else 0,
                    }
                )
            )
            self.outcome_buttons[i] = apply
            for widget in (kind, levels, apply):
                row.addWidget(widget)
            layout.addLayout(row)
        self.content.addWidget(box)


def _declared(d: dict[str, Any], people: dict[str, Any]) -> str:
    target = d.get("target_id")
    whom = people[target]["card"]["name"] if target in people else d.get("weapon", "")
    return f"declared {d.get('action', '')} {whom}".strip()


def _explain(record: type[dp.CombatRoll] | type[dp.Exchange], data: dict[str, Any]) -> str:
    """A roll or an exchange of the view, explained as the GM's dock explains it."""
    try:
        return record.from_data(data).explain()
    except (RulesError, TypeError, ValueError):
        return "(this part of the round could not be read)"
