"""A joined player's *Checks* tab: the checks the GM sent, drawn by the host, played by the player.

Each prompted check shows the stat and the DC (the GM set them) and its exact odds counted from
the seat's view; *Draw* asks the host, which draws from the character's deck. The drawn cards
then show as the check panel shows them (each card's effective value, what it would leave, and
the order the others go under the deck): the card to play and that order are the player's. The
last result stays below.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QGroupBox, QPushButton, QVBoxLayout, QWidget

from saga_desktop.model.operation import OperationError
from saga_desktop.model.resonance.seat import (
    view_character,
    view_check_odds,
    view_pending,
    view_play,
    view_prompts,
)
from saga_desktop.model.resonance.state import ResonancePrompt
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import Card
from saga_desktop.ui.network.seat import PromptsTab, SeatContext
from saga_desktop.ui.resonance.draw_box import DrawBox
from saga_desktop.ui.resonance.words import check_odds_text, plain_label


def _card(card: Card) -> dict[str, Any]:
    return {"rank": int(card.rank), "suit": card.suit.value}


class PromptBox(QGroupBox):
    """One prompted check: what it is, its odds, and Draw."""

    def __init__(self, seat: SeatContext, prompt: ResonancePrompt, who: str) -> None:
        super().__init__(f"Check {prompt.id} for {who}")
        self.setObjectName(f"prompt-{prompt.id}")
        self.seat, self.prompt = seat, prompt
        layout = QVBoxLayout(self)
        play = view_play(seat.view)
        foes = {a.id: a.name for a in play.adversaries}
        what = prompt.explain(foes.get(prompt.adversary or "", ""))
        self.what = plain_label(what + (f" — {prompt.reason}" if prompt.reason else ""))
        layout.addWidget(self.what)
        self.odds = plain_label()
        self.odds.setObjectName("prompt-odds")
        font = self.odds.font()
        font.setBold(True)
        self.odds.setFont(font)
        layout.addWidget(self.odds)
        self.draw = QPushButton("Draw")
        self.draw.setObjectName("prompt-draw")
        self.draw.clicked.connect(self.send)
        layout.addWidget(self.draw)
        try:
            odds = view_check_odds(seat.view, prompt)
            self.odds.setText(check_odds_text(odds, play.options.degrees_of_success))
        except OperationError as exc:
            self.odds.setText(f"Cannot draw this: {exc}")
            self.draw.setEnabled(False)

    def send(self) -> None:
        """Ask the host to draw (its answer redraws the tab, or its refusal shows)."""
        self.seat.send({"kind": "resonance.DrawPrompt", "prompt": self.prompt.id})


class ChecksPanel(PromptsTab):
    """The *Checks* tab of a Resonance player's window."""

    def __init__(self, seat: SeatContext, parent: QWidget | None = None) -> None:
        empty = "No check waits for your characters. The GM sends them."
        super().__init__(seat, "seatChecks", empty, parent)
        self.last = plain_label()
        self.last.setObjectName("seat-last-check")
        self.body.addWidget(self.last)
        self.boxes: dict[int, PromptBox] = {}
        self.drawn: DrawBox | None = None
        self.finish()

    def refresh(self) -> None:
        """Redraw when the prompts, the drawn check, the cards or the characters changed."""
        view, mine = self.seat.view, self.seat.mine()
        ids = [str(c["id"]) for c in mine]
        names = {str(c["id"]): str(c["name"]) for c in mine}
        prompts = view_prompts(view, ids)
        pending = view_pending(view, ids)
        key = (prompts, pending, view.get("piles"), view.get("characters"))
        if key != self._shown:
            self._shown = key
            while self.boxes_layout.count():
                item = self.boxes_layout.takeAt(0)
                if item is not None and (w := item.widget()) is not None:
                    w.hide()
                    w.deleteLater()
            self.drawn = None if pending is None else self._drawn_box(pending)
            if self.drawn is not None:
                self.boxes_layout.addWidget(self.drawn)
            self.boxes = {p.id: PromptBox(self.seat, p, names.get(p.character, "?"))
                          for p in prompts}  # fmt: skip
            for box in self.boxes.values():
                self.boxes_layout.addWidget(box)
        self.empty.setVisible(not prompts and pending is None)
        self.note_prompts({p.id for p in prompts})
        self.last.setText(self._last_result(ids))

    def _drawn_box(self, pending: resonance.PendingCheck) -> DrawBox | None:
        try:
            who = view_character(self.seat.view, pending.draw.character_id)
            draw = pending.draw
            options = resonance.card_options(draw, who, pending.request.dc) if draw.cards else ()
        except (OperationError, ValueError):
            return None
        box = DrawBox(draw, options, "single")
        box.title.setText(f"{pending.request.explain()}: play one card — {box.title.text()}")
        box.picked.connect(lambda _cid, card, order: self.play(card, order))
        return box

    def play(self, card: Card | None, order: tuple[Card, ...]) -> None:
        """Ask the host to play ``card``, the others going under the deck in ``order``."""
        self.seat.send({
            "kind": "resonance.PlayCard",
            "card": None if card is None else _card(card),
            "order": [_card(c) for c in order],
        })  # fmt: skip

    def _last_result(self, ids: list[str]) -> str:
        entries = (self.seat.view.get("journal") or {}).values()
        mine = [e for e in entries if e.get("kind") == "check" and e.get("character") in ids]
        if not mine:
            return ""
        latest = max(mine, key=lambda e: int(e.get("id", 0)))
        return f"Last check: {latest.get('text', '')}"
