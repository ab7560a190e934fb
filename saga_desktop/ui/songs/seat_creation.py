"""The Songs & Sagas form of a joined player's Character tab: the rules' steps, one at a time.

Over the network the host reveals the cards and rolls the dice; the player makes the choices the
rules give them once they have seen the result: redraw up to two attributes, choose the Vanori
or roll the d6 for it, roll max resilience again once. Each button is one request
(:class:`~saga_desktop.model.songs.ops.drafts.CreationMove`); what the steps showed comes back in
the seat's view (``play.drafts``), and *Send to the GM* names the character
(:class:`~saga_desktop.model.songs.ops.drafts.FinishCreation`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from saga_desktop.model.operation import Operation
from saga_desktop.model.songs.ops.creation import describe_vanori
from saga_desktop.model.songs.ops.drafts import FinishCreation
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import songs
from saga_desktop.rules.errors import RulesError
from saga_desktop.ui.network import named
from saga_desktop.ui.network.creation_panel import CreationForm
from saga_desktop.ui.network.seat import SeatContext


def _label(name: str) -> QLabel:
    label = named(QLabel(), name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class SongsCreationForm(CreationForm):
    """Attributes, Vanori and max resilience step by step; then pronouns and a weapon."""

    note = "The GM's table reveals your cards and rolls your dice; you choose what to keep."

    def __init__(self, seat: SeatContext, parent: QWidget | None = None) -> None:
        super().__init__(seat, parent)
        self.buttons: dict[str, QPushButton] = {}
        self.attributes = _label("creationAttributes")
        self.reveal = self._button("reveal", "Reveal the attribute cards")
        self.redraw = named(QComboBox(), "creationRedrawWhich")
        for a in songs.Attribute:
            self.redraw.addItem(a.title, a.value)
        redraw_button = self._button("redraw", "Redraw it", attribute=True)
        row = QHBoxLayout()
        row.addWidget(self.reveal)
        row.addWidget(self.redraw)
        row.addWidget(redraw_button)
        self.layout_.addRow("Attributes", self.attributes)
        self.layout_.addRow(row)
        self.vanori_shown = _label("creationVanoriShown")
        self.vanori = named(QComboBox(), "creationVanori")
        for vid in songs.VANORI_ORDER:
            self.vanori.addItem(describe_vanori(songs.VANORI[vid]).capitalize(), vid)
        vrow = QHBoxLayout()
        vrow.addWidget(self.vanori, 1)
        vrow.addWidget(self._button("choose_vanori", "Choose", vanori=True))
        vrow.addWidget(self._button("roll_vanori", "Roll the d6"))
        self.layout_.addRow("Vanori", self.vanori_shown)
        self.layout_.addRow(vrow)
        self.resilience = _label("creationResilience")
        rrow = QHBoxLayout()
        rrow.addWidget(self._button("roll_resilience", "Roll max resilience"))
        rrow.addWidget(self._button("reroll_resilience", "Roll again (once)"))
        self.layout_.addRow("Resilience", self.resilience)
        self.layout_.addRow(rrow)
        self.pronouns = named(QLineEdit(), "creationPronouns")
        self.weapon = named(QLineEdit("Spear"), "creationWeapon")
        for edit in (self.pronouns, self.weapon):
            edit.setMaxLength(NAME_MAX)
        self.layout_.addRow("P&ronouns", self.pronouns)
        self.layout_.addRow("&Weapon (d6)", self.weapon)

    def _button(
        self, move: str, text: str, *, attribute: bool = False, vanori: bool = False
    ) -> QPushButton:
        button = named(QPushButton(text), f"creation-{move}")
        button.clicked.connect(lambda: self.step(move, attribute=attribute, vanori=vanori))
        self.buttons[move] = button
        return button

    def step(self, move: str, *, attribute: bool = False, vanori: bool = False) -> None:
        """Ask the host to play one step of the creation."""
        request: dict[str, Any] = {
            "kind": "songs.CreationMove",
            "player": self.seat.seat_name,
            "move": move,
        }
        if attribute:
            request["attribute"] = self.redraw.currentData()
        if vanori:
            request["vanori"] = self.vanori.currentData()
        self.seat.send(request)

    def draft(self) -> dict[str, Any] | None:
        """This seat's character in the making, as the view has it."""
        drafts = (self.seat.view.get("play") or {}).get("drafts") or {}
        wanted = " ".join(self.seat.seat_name.split()).casefold()
        for key, draft in drafts.items():
            if " ".join(str(key).split()).casefold() == wanted and isinstance(draft, dict):
                return draft
        return None

    def refresh(self) -> None:
        """Show what the steps showed so far, and offer only the steps the rules still allow."""
        draft = self.draft() or {}
        moves = list(draft.get("moves") or [])
        draw = _record(songs.AttributeDraw, draft.get("draw"))
        roll = _record(songs.ResilienceRoll, draft.get("resilience"))
        vanori = draft.get("vanori")
        self.attributes.setText(draw.explain() if draw else "Not revealed yet.")
        if isinstance(vanori, dict) and vanori.get("id") in songs.VANORI:
            self.vanori_shown.setText(describe_vanori(songs.VANORI[str(vanori["id"])]).capitalize())
        else:
            self.vanori_shown.setText("Choose one, or roll the d6 for it.")
        self.resilience.setText(roll.explain() if roll else "Not rolled yet.")
        redraws_left = draw is not None and draw.redraws_used < draw.redraws_allowed
        settled = roll is not None
        allowed = {
            "reveal": draw is None,
            "redraw": redraws_left,
            "choose_vanori": draw is not None and not settled,
            "roll_vanori": draw is not None and not settled and "roll_vanori" not in moves,
            "roll_resilience": vanori is not None and not settled,
            "reroll_resilience": settled and "reroll_resilience" not in moves,
        }
        for move, button in self.buttons.items():
            button.setEnabled(allowed[move])
        self.redraw.setEnabled(redraws_left)

    def load(self, character: dict[str, Any]) -> None:
        """Keep the pronouns of the character sent back (the cards are drawn anew)."""
        sheet = character.get("sheet") or {}
        self.pronouns.setText(str(sheet.get("pronouns", "")))

    def operation(self, name: str, player: str, replaces: str | None) -> Operation:
        """Name the character made and send it to the GM."""
        if self.draft() is None:
            raise ValueError("Reveal your attribute cards first")
        return FinishCreation(
            player,
            name,
            self.weapon.text() or "Spear",
            self.pronouns.text(),
            submit=True,
            replaces=replaces,
        )


def _record(kind: Any, data: object) -> Any:
    """A creation record of the view, or None when absent or unreadable."""
    if not isinstance(data, dict):
        return None
    try:
        return kind.from_data(data)
    except (RulesError, TypeError, ValueError):
        return None
