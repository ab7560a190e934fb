"""A joined player's *Rolls* tab: the trial and fate rolls the GM sent, rolled by the host.

Each prompted roll shows the attribute, the DR and the risk (the GM set them), its exact odds
counted from the seat's view, and the cards the player may burn first (Call the Gods, conjuring
the Vanori, Aid an Ally from another of their characters): the odds follow the choices. *Roll*
asks the host, which reveals the risk cards and rolls the d20 (or reads the d20 the player typed,
when the GM asked for physical dice). The roll then waits: the player keeps a revealed card on a
success, may Turn the Table on a setback or burn one more card, and settles it. The last
result stays below.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.model.operation import OperationError
from saga_desktop.model.songs.ops.rolls import BurnChoice
from saga_desktop.model.songs.seat import view_pending, view_play, view_prompts, view_roll_odds
from saga_desktop.model.songs.state import SongsPrompt
from saga_desktop.model.songs.table import hand_pile
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.network.seat import PromptsTab, SeatContext

BURN_WORDS = {
    songs.BurnKind.CALL_THE_GODS: "Call the Gods (+2)",
    songs.BurnKind.CONJURE_VANORI: "Conjure the Vanori (lower DR)",
    songs.BurnKind.AID_AN_ALLY: "Aid an Ally (+2)",
}


def _label(text: str = "", *, bold: bool = False) -> QLabel:
    widget = QLabel()
    widget.setTextFormat(Qt.TextFormat.PlainText)
    widget.setWordWrap(True)
    widget.setText(text)
    if bold:
        font = widget.font()
        font.setBold(True)
        widget.setFont(font)
    return widget


def _card_data(card: Card) -> dict[str, Any]:
    return {"rank": int(card.rank), "suit": card.suit.value}


def hand(view: dict[str, Any], character_id: str) -> list[Card]:
    """The cards in a character's hand, as the view shows them."""
    pile = (view.get("piles") or {}).get(hand_pile(character_id))
    codes = pile.get("cards") if isinstance(pile, dict) else None
    return [Card.from_code(str(c)) for c in codes] if isinstance(codes, list) else []


class PromptBox(QGroupBox):
    """One prompted roll: what it is, its odds, the burns chosen, a typed d20, and Roll."""

    def __init__(self, seat: SeatContext, prompt: SongsPrompt, mine: list[dict[str, Any]]):
        who = next((str(c["name"]) for c in mine if c["id"] == prompt.character), "?")
        super().__init__(f"Roll {prompt.id} for {who}")
        self.setObjectName(f"prompt-{prompt.id}")
        self.seat, self.prompt = seat, prompt
        layout = QVBoxLayout(self)
        self.what = _label(prompt.explain() + (f" — {prompt.reason}" if prompt.reason else ""))
        layout.addWidget(self.what)
        form = QFormLayout()
        self.burns: list[tuple[QComboBox, Card, str]] = []
        for char in mine:
            own = char["id"] == prompt.character
            kinds = (
                [songs.BurnKind.CALL_THE_GODS, songs.BurnKind.CONJURE_VANORI]
                if own
                else [songs.BurnKind.AID_AN_ALLY]
            )
            for card in hand(seat.view, str(char["id"])):
                combo = QComboBox()
                combo.addItem("Keep it", None)
                for kind in kinds:
                    combo.addItem(BURN_WORDS[kind], kind.value)
                combo.currentIndexChanged.connect(lambda _i: self.update_odds())
                owner = "" if own else f" ({char['name']})"
                form.addRow(f"Burn {card.name}{owner}", combo)
                self.burns.append((combo, card, str(char["id"])))
        layout.addLayout(form)
        self.odds = _label(bold=True)
        self.odds.setObjectName("prompt-odds")
        layout.addWidget(self.odds)
        self.d20 = QSpinBox()
        self.d20.setObjectName("prompt-d20")
        self.d20.setRange(0, 20)  # 0: not typed yet (a slip must not send a natural 1)
        self.d20.setSpecialValueText("type what your d20 shows")
        self.d20.setPrefix("my d20 shows ")
        self.d20.setVisible(prompt.physical)
        layout.addWidget(self.d20)
        self.roll = QPushButton("Send my d20" if prompt.physical else "Roll")
        self.roll.setObjectName("prompt-roll")
        self.roll.clicked.connect(self.send)
        layout.addWidget(self.roll)
        self.problem = _label()
        layout.addWidget(self.problem)
        self.update_odds()

    def choices(self) -> tuple[BurnChoice, ...]:
        """The burns chosen."""
        out = []
        for combo, card, owner in self.burns:
            kind = combo.currentData()
            if kind is not None:
                by = None if owner == self.prompt.character else owner
                out.append(BurnChoice(songs.BurnKind(kind), card, by))
        return tuple(out)

    def update_odds(self) -> None:
        """The exact odds of the roll with the burns chosen."""
        try:
            odds = view_roll_odds(self.seat.view, self.prompt, self.choices())
        except OperationError as exc:
            self.odds.setText(f"Cannot roll this: {exc}")
            self.roll.setEnabled(False)
            return
        self.odds.setText(odds.explain().capitalize())
        self.roll.setEnabled(True)

    def request(self) -> dict[str, Any]:
        """The request for the host."""
        burns = [
            {"kind": c.kind.value, "card": _card_data(c.card), "by": c.by} for c in self.choices()
        ]
        d20 = self.d20.value() if self.prompt.physical else None
        return {"kind": "songs.RollPrompt", "prompt": self.prompt.id, "burns": burns, "d20": d20}

    def send(self) -> None:
        """Ask the host to roll (its answer redraws the tab, or its refusal shows)."""
        if self.prompt.physical and self.d20.value() == 0:
            self.problem.setText("Type the number your d20 shows first.")
            return
        self.problem.setText("")
        self.seat.send(self.request())


class PendingBox(QGroupBox):
    """The seat's roll waiting to be settled: keep a card, Turn the Table, burn more, settle."""

    def __init__(self, seat: SeatContext, roll: songs.TrialRoll) -> None:
        super().__init__(f"{roll.character_name}'s roll, waiting to be settled")
        self.setObjectName("pending-roll")
        self.seat, self.roll = seat, roll
        layout = QVBoxLayout(self)
        self.text = _label(roll.explain())
        layout.addWidget(self.text)
        verdict = "Success" if roll.success else "Setback"
        self.verdict = _label(f"{verdict}: score {roll.score} against DR {roll.dr}", bold=True)
        layout.addWidget(self.verdict)
        form = QFormLayout()
        own = hand(seat.view, roll.character_id)
        self.keep = QComboBox()
        reds = [c for c in roll.revealed if c.is_red]
        earns = roll.success and roll.kind is songs.RollKind.TRIAL and roll.revealed
        if earns and not roll.burns:
            for card in reds or list(roll.revealed):
                self.keep.addItem(card.name, card.code)
            form.addRow("Keep", self.keep)
        self.turn = QComboBox()
        if not roll.success and own:
            self.turn.addItem("No", None)
            for card in own:
                self.turn.addItem(f"Burn {card.name}", card.code)
            form.addRow("Turn the Table", self.turn)
        self.more = QComboBox()
        if view_play(seat.view).options.burns_after_roll and own:
            self.more.addItem("No", None)
            for card in own:
                self.more.addItem(f"Call the Gods with {card.name} (+2)", card.code)
            form.addRow("Burn one more", self.more)
            self.more.currentIndexChanged.connect(self._burn_more)
        layout.addLayout(form)
        self.settle = QPushButton("Settle my roll")
        self.settle.setObjectName("pending-settle")
        self.settle.clicked.connect(self.send)
        layout.addWidget(self.settle)

    def _burn_more(self) -> None:
        code = self.more.currentData()
        if code is not None:
            card = _card_data(Card.from_code(str(code)))
            self.seat.send(
                {"kind": "songs.AddBurn", "burn": {"kind": "call_the_gods", "card": card}}
            )

    def request(self) -> dict[str, Any]:
        """Settle: the card kept, or the card burned to Turn the Table."""
        keep = self.keep.currentData() if self.keep.count() else None
        turn = self.turn.currentData() if self.turn.count() else None
        return {
            "kind": "songs.ResolveTrial",
            "keep": None if turn or keep is None else _card_data(Card.from_code(str(keep))),
            "turn_the_table": None if turn is None else _card_data(Card.from_code(str(turn))),
        }

    def send(self) -> None:
        """Ask the host to settle the roll."""
        self.seat.send(self.request())


class RollsPanel(PromptsTab):
    """The *Rolls* tab of a Songs & Sagas player's window."""

    def __init__(self, seat: SeatContext, parent: QWidget | None = None) -> None:
        empty = "No roll waits for your characters. The GM sends them."
        super().__init__(seat, "seatRolls", empty, parent)
        self.last = _label()
        self.last.setObjectName("seat-last-roll")
        self.body.addWidget(self.last)
        self.boxes: dict[int, PromptBox] = {}
        self.pending: PendingBox | None = None
        self.finish()

    def refresh(self) -> None:
        """Redraw when the prompts, the waiting roll, the cards or the characters changed."""
        view, mine = self.seat.view, self.seat.mine()
        ids = [str(c["id"]) for c in mine]
        prompts = view_prompts(view, ids)
        roll = view_pending(view, ids)
        key = (prompts, roll, view.get("piles"), view.get("characters"))
        if key != self._shown:
            self._shown = key
            while self.boxes_layout.count():
                item = self.boxes_layout.takeAt(0)
                if item is not None and (w := item.widget()) is not None:
                    w.hide()
                    w.deleteLater()
            self.pending = None if roll is None else PendingBox(self.seat, roll)
            if self.pending is not None:
                self.boxes_layout.addWidget(self.pending)
            self.boxes = {p.id: PromptBox(self.seat, p, mine) for p in prompts}
            for box in self.boxes.values():
                self.boxes_layout.addWidget(box)
        self.empty.setVisible(not prompts and roll is None)
        self.note_prompts({p.id for p in prompts})
        self.last.setText(self._last_result(ids))

    def _last_result(self, ids: list[str]) -> str:
        entries = (self.seat.view.get("journal") or {}).values()
        mine = [e for e in entries if e.get("kind") == "trial" and e.get("character") in ids]
        if not mine:
            return ""
        latest = max(mine, key=lambda e: int(e.get("id", 0)))
        return f"Last roll: {latest.get('text', '')}"
