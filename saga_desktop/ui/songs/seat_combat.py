"""A joined player's Combat tab in Songs & Sagas: their attacks and their defences.

The fight has no declarations: the initiative card set the group order, and on the party's turn
each character acts once, in any order. So the tab shows the round and whose turn it is, the
enemies in the fight as the player sees them, and, when the party acts, a form for each of the
seat's characters who has not acted yet: attack an enemy in the fight with a weapon (a feat's
damage die is the GM's to assign), or make a trial roll to change the fiction. When a roll of
the seat's waits on the table (their attack, their trial, or the defence an enemy's attack asked
of them), the tab shows it and settles it. The host rolls every die and reveals every card.
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
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.rules import songs
from saga_desktop.ui.network import named
from saga_desktop.ui.network.seat import SeatContext

TURN = {"party": "the party's turn", "enemies": "the enemies' turn"}
SETTLE = {
    "AttackRoll": ("songs.ResolveAttack", "Settle my attack"),
    "DefenceRoll": ("songs.ResolveDefence", "Settle my defence"),
    "TrialRoll": ("songs.ResolveCombatTrial", "Settle my trial roll"),
}
OUT = {"flee": "fled", "surrender": "surrendered"}


def _text(value: str, name: str = "") -> QLabel:
    label = QLabel(value)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if name:
        label.setObjectName(name)
    return label


class SongsSeatCombat(QWidget):
    """The Combat tab of a player's window in a Songs & Sagas campaign."""

    def __init__(self, seat: SeatContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seatCombat")
        self.seat = seat
        self.attack_buttons: dict[str, QPushButton] = {}
        self.trial_buttons: dict[str, QPushButton] = {}
        self.settle_button: QPushButton | None = None
        self.forms: dict[str, tuple[QComboBox, QComboBox, QComboBox, QLineEdit]] = {}
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

    def play(self) -> dict[str, Any]:
        """The play state as the seat sees it."""
        play = self.seat.view.get("play")
        return play if isinstance(play, dict) else {}

    def pending(self) -> dict[str, Any] | None:
        """The roll of one of the seat's characters waiting on the table, if any."""
        pending = self.play().get("pending")
        if not isinstance(pending, dict):
            return None
        trial = pending.get("trial") if pending.get("type") != "TrialRoll" else pending
        roller = trial.get("character_id") if isinstance(trial, dict) else None
        return pending if roller in {c["id"] for c in self.seat.mine()} else None

    def refresh(self) -> None:
        """Rebuild when the fight, the waiting roll or the seat's characters changed."""
        play = self.play()
        mine = self.seat.mine()
        key = (play.get("combat"), play.get("pending"), play.get("enemies"), mine)
        if key == self._shown:
            return
        self._shown = key
        while self.content.count():
            item = self.content.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.attack_buttons, self.trial_buttons, self.forms = {}, {}, {}
        self.settle_button = None
        combat = play.get("combat")
        if not isinstance(combat, dict):
            self.content.addWidget(_text("No fight is in progress.", "combatPhase"))
        else:
            self._fight(play, combat, mine)
        self.content.addStretch(1)

    def _fight(
        self, play: dict[str, Any], combat: dict[str, Any], mine: list[dict[str, Any]]
    ) -> None:
        turn = str(combat.get("turn", ""))
        head = f"Round {combat.get('round', 1)}: {TURN.get(turn, turn)}"
        self.content.addWidget(_text(head, "combatPhase"))
        enemies = {e["id"]: e for e in play.get("enemies") or [] if isinstance(e, dict)}
        morale = combat.get("morale") or {}
        fighting = []
        for eid in combat.get("enemies") or []:
            enemy = enemies.get(eid)
            if enemy is None:
                continue
            gone = OUT.get(str(morale.get(eid)), "")
            armor = enemy.get("armor")
            parts = [
                f"{enemy['name']}: resilience {enemy.get('resilience')}/"
                f"{enemy.get('max_resilience')}",
                f"weapon d{(enemy.get('weapon') or {}).get('die', '?')}",
                f"armor d{armor.get('die')}" if isinstance(armor, dict) else "no armor",
            ]
            if gone:
                parts.append(gone)
            elif int(enemy.get("resilience", 0)) > 0:
                fighting.append(enemy)
            self.content.addWidget(_text(", ".join(parts), f"enemy-{eid}"))
        pending = self.pending()
        if pending is not None:
            self._settle(pending)
            return
        if play.get("pending") is not None:
            self.content.addWidget(_text("A roll waits on the table; the GM settles it first."))
            return
        acted = set(combat.get("acted") or [])
        if turn != "party":
            self.content.addWidget(
                _text("The enemies act. When one attacks you, your defence shows here.")
            )
            return
        for char in mine:
            if char.get("status", "accepted") != "accepted":
                continue
            if char["id"] in acted:
                self.content.addWidget(_text(f"{char['name']} has acted this turn."))
            else:
                self._turn(char, fighting)

    def _turn(self, char: dict[str, Any], fighting: list[dict[str, Any]]) -> None:
        cid = char["id"]
        box = named(QGroupBox(f"{char['name']}'s turn"), f"turn-{cid}")
        form = QFormLayout()
        target = QComboBox()
        for enemy in fighting:
            target.addItem(str(enemy["name"]), enemy["id"])
        weapon = QComboBox()
        for entry in (char.get("sheet") or {}).get("inventory") or []:
            if isinstance(entry, dict) and entry.get("kind") == "weapon":
                gear = entry.get("weapon") or {}
                weapon.addItem(f"{entry['name']} (d{gear.get('die', '?')})", entry["name"])
        attribute = QComboBox()
        for a in songs.Attribute:
            attribute.addItem(a.title, a.value)
        intent = QLineEdit()
        intent.setPlaceholderText("What the trial roll tries (e.g. knock the shield away)")
        form.addRow("&Target", target)
        form.addRow("&Weapon", weapon)
        form.addRow("A&ttribute", attribute)
        form.addRow("&Or a trial roll", intent)
        attack = QPushButton("Attack")
        attack.setEnabled(bool(target.count() and weapon.count()))
        trial = QPushButton("Trial roll instead")
        attack.clicked.connect(lambda: self.attack(cid))
        trial.clicked.connect(lambda: self.trial(cid))
        row = QHBoxLayout()
        row.addWidget(attack)
        row.addWidget(trial)
        layout = QVBoxLayout(box)
        layout.addLayout(form)
        if not weapon.count():
            layout.addWidget(_text("No weapon to attack with: ask the GM for a feat."))
        layout.addLayout(row)
        self.forms[cid] = (target, weapon, attribute, intent)
        self.attack_buttons[cid], self.trial_buttons[cid] = attack, trial
        self.content.addWidget(box)

    def attack(self, cid: str) -> None:
        """Ask the host for this character's attack (the host rolls and reveals)."""
        target, weapon, attribute, _intent = self.forms[cid]
        self.seat.send(
            {
                "kind": "songs.Attack",
                "character": cid,
                "target": target.currentData(),
                "weapon": weapon.currentData(),
                "setup": {"attribute": attribute.currentData()},
            }
        )

    def trial(self, cid: str) -> None:
        """Ask the host for a trial roll instead of an attack."""
        _target, _weapon, attribute, intent = self.forms[cid]
        self.seat.send(
            {
                "kind": "songs.CombatTrial",
                "character": cid,
                "intent": intent.text(),
                "setup": {"attribute": attribute.currentData()},
            }
        )

    def _settle(self, pending: dict[str, Any]) -> None:
        box = named(QGroupBox("Your roll waits on the table"), "pendingRoll")
        layout = QVBoxLayout(box)
        layout.addWidget(_text(str(pending.get("explain", ""))))
        kind, text = SETTLE.get(str(pending.get("type")), ("", ""))
        if kind:
            self.settle_button = named(QPushButton(text), "settleRoll")
            self.settle_button.clicked.connect(lambda: self.seat.send({"kind": kind}))
            layout.addWidget(self.settle_button)
        self.content.addWidget(box)
