"""A joined player's *Checks* tab: the checks the GM sent to their characters, rolled by the host.

Each prompted check shows what is checked and against which Challenge Level (the GM set both),
its exact odds counted from the seat's view, the party's helpers the player may ask to assist
(the odds follow the ticks), and *Roll*. The host rolls every die; when the GM sent the check
with physical dice, the player types the faces they rolled instead and the host checks them.
The latest check's result shows below, as every seat sees it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QGroupBox,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.model.dicepool.ops.checks import AssistSpec
from saga_desktop.model.dicepool.seat import (
    view_card,
    view_check_odds,
    view_last_check,
    view_prompts,
)
from saga_desktop.model.dicepool.state import PromptedCheck
from saga_desktop.model.operation import OperationError
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui.dicepool.check import HelperRow
from saga_desktop.ui.dicepool.widgets import DiceRow, clear, degrees_words, label, parse_faces, warn
from saga_desktop.ui.network.seat import PromptsTab, SeatContext


class PromptBox(QGroupBox):
    """One prompted check: what it is, its odds, the assists, typed faces, and Roll."""

    def __init__(self, seat: SeatContext, prompt: PromptedCheck) -> None:
        name = _name(seat.view, prompt.character)
        super().__init__(f"Check {prompt.id} for {name}")
        self.setObjectName(f"prompt-{prompt.id}")
        self.seat, self.prompt = seat, prompt
        layout = QVBoxLayout(self)
        what = prompt.request().explain() + (f" — {prompt.reason}" if prompt.reason else "")
        self.what = label(what)
        layout.addWidget(self.what)
        self.helpers: list[HelperRow] = []
        for cid in _party(seat.view):
            if cid == prompt.character:
                continue
            try:
                card = view_card(seat.view, cid)
            except OperationError:
                continue
            if card.incapacitated:
                continue
            row = HelperRow(card)
            for signal in (row.on.toggled, row.attribute.currentIndexChanged,
                           row.trait.currentIndexChanged):  # fmt: skip
                signal.connect(lambda _v: self.update_odds())
            self.helpers.append(row)
            layout.addWidget(row)
            if (row_layout := row.layout()) is not None:  # faces under the row: a narrow tab
                row_layout.removeWidget(row.faces)
            row.faces.setPlaceholderText(f"the faces of {card.name}'s assist dice")
            row.faces.setVisible(prompt.physical)
            layout.addWidget(row.faces)
        self.odds = label("", bold=True)
        self.odds.setObjectName("prompt-odds")
        self.degrees = label("")
        layout.addWidget(self.odds)
        layout.addWidget(self.degrees)
        self.faces = QLineEdit()
        self.faces.setObjectName("prompt-faces")
        self.faces.setPlaceholderText("the faces your dice show, e.g. 6 4 1 3 5")
        self.faces.setVisible(prompt.physical)
        layout.addWidget(self.faces)
        if prompt.physical:
            layout.addWidget(label("The GM asks for physical dice: roll them and type the faces."))
        self.roll = QPushButton("Roll" if not prompt.physical else "Send my dice")
        self.roll.setObjectName("prompt-roll")
        self.roll.clicked.connect(self.send)
        layout.addWidget(self.roll)
        self.problem = label("")
        warn(self.problem)
        layout.addWidget(self.problem)
        self.update_odds()

    def assists(self) -> tuple[AssistSpec, ...]:
        """The assists ticked (with typed faces for physical dice)."""
        return tuple(s for h in self.helpers if (s := h.spec(self.prompt.physical)) is not None)

    def update_odds(self) -> None:
        """The exact odds of the check as the player has set it up."""
        try:
            odds = view_check_odds(self.seat.view, self.prompt, self.assists())
        except OperationError as exc:
            self.odds.setText(f"Cannot roll this: {exc}")
            self.roll.setEnabled(False)
            return
        cl = self.prompt.cl
        spread = [f"{d} degree{'s' if d != 1 else ''} {dp.percent(p)}"
                  for d, p in enumerate(odds.degrees) if p]  # fmt: skip
        self.odds.setText(f"Success {dp.percent(odds.success)} against CL {cl}")
        self.degrees.setText("Degrees of success: " + ", ".join(spread[:6]))
        self.roll.setEnabled(True)

    def request(self) -> dict[str, Any] | None:
        """The request for the host, or None (with the reason shown) when faces are missing."""
        faces = None
        if self.prompt.physical:
            faces = parse_faces(self.faces.text())
            if faces is None:
                self.problem.setText("Type the faces your dice show, as numbers 1 to 6.")
                return None
        assists = [
            {"helper": a.helper, "attribute": a.attribute, "trait": a.trait, "kind": a.kind,
             "faces": None if a.faces is None else list(a.faces)}
            for a in self.assists()
        ]  # fmt: skip
        return {"kind": "dicepool.ResolvePrompt", "prompt": self.prompt.id,
                "assists": assists, "faces": None if faces is None else list(faces)}  # fmt: skip

    def send(self) -> None:
        """Ask the host to roll the check (or to read the typed faces)."""
        request = self.request()
        if request is not None:
            self.problem.setText("")
            self.seat.send(request)  # the host's answer redraws the tab, or its refusal shows


class ChecksPanel(PromptsTab):
    """The *Checks* tab of a dice-pool player's window."""

    def __init__(self, seat: SeatContext, parent: QWidget | None = None) -> None:
        empty = "No check waits for your characters. The GM sends them."
        super().__init__(seat, "seatChecks", empty, parent)
        self.prompts_layout = self.boxes_layout
        self.last_box = QGroupBox("Last check at the table")
        last = QVBoxLayout(self.last_box)
        self.last_dice = DiceRow()
        self.last_text = label("")
        self.last_verdict = label("", bold=True)
        self.last_verdict.setObjectName("seat-check-verdict")
        for w in (self.last_dice, self.last_text, self.last_verdict):
            last.addWidget(w)
        self.body.addWidget(self.last_box)
        self.boxes: dict[int, PromptBox] = {}
        self.finish()

    def refresh(self) -> None:
        """Redraw the prompts when they or the cards changed; always the last check."""
        view = self.seat.view
        mine = [str(c["id"]) for c in self.seat.mine()]
        prompts = view_prompts(view, mine)
        key = (prompts, view.get("characters"))
        if key != self._shown:
            self._shown = key
            clear(self.prompts_layout)
            self.boxes = {}
            for prompt in prompts:
                box = PromptBox(self.seat, prompt)
                self.boxes[prompt.id] = box
                self.prompts_layout.addWidget(box)
        self.empty.setVisible(not prompts)
        self.note_prompts({p.id for p in prompts})
        result = view_last_check(view)
        self.last_box.setVisible(result is not None)
        if result is not None:
            self.last_dice.show_faces(result.roll.faces)
            lines = [f"{result.roller_name}: {result.request.explain()}; {result.pool.explain()}"]
            lines += [a.explain() for a in result.assists]
            self.last_text.setText("\n".join(lines))
            self.last_verdict.setText(degrees_words(result))
            warn(self.last_verdict, not result.success)


def _party(view: dict[str, Any]) -> list[str]:
    """The ids of the party's characters, in the campaign's order."""
    chars = {k: c for k, c in (view.get("characters") or {}).items() if isinstance(c, dict)}
    return [str(k) for k, _c in sorted(chars.items(), key=lambda kv: kv[1].get("index", 0))]


def _name(view: dict[str, Any], character_id: str) -> str:
    char = (view.get("characters") or {}).get(character_id)
    return str(char.get("name", "?")) if isinstance(char, dict) else "?"
