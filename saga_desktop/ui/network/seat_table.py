"""The card table in a joined player's window, drawn from the view the host sent.

It is the Player View's table (:class:`~saga_desktop.ui.cardtable.scene.TableScene` in a
:class:`~saga_desktop.ui.cardtable.view.TableView`), fed with the piles of the seat's received
view instead of a campaign: a face-down pile is backs and a count, the seat's own hand shows
face up when the view holds its cards. Each change the host sends animates like the GM's table,
at the window's shared pace and reduced-motion switch. Under the table one line sums the piles
up in words (screen readers read it; its tooltip lists the cards the seat may see).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from saga_desktop.model.visibility import PileView
from saga_desktop.ui.cardtable.items import plain_tip
from saga_desktop.ui.cardtable.motion import MotionSettings
from saga_desktop.ui.cardtable.piles import pile_summary, plural
from saga_desktop.ui.cardtable.scene import TableScene
from saga_desktop.ui.cardtable.view import ElidedLine, TableView

MIN_HEIGHT = 160
"""The tab never asks for more height than this (the map keeps the room at small sizes)."""


class BadPilesError(ValueError):
    """The host sent piles this window cannot read (the table keeps what it showed)."""


def piles_of_view(view: Mapping[str, Any]) -> list[PileView]:
    """The piles of a received view, in the ruleset's order, as the table draws them.

    A face-down pile is drawn from its count alone, whatever the view holds.
    """
    raw = view.get("piles") or {}
    if not isinstance(raw, Mapping):
        raise BadPilesError("The host sent the piles in a form this app cannot read.")
    rows: list[tuple[int, PileView]] = []
    for name, pile in raw.items():
        if not isinstance(pile, Mapping):
            raise BadPilesError(f"The host sent pile {str(name)!r} in a form this app cannot read.")
        fields = {k: v for k, v in pile.items() if k != "index"}
        try:
            shown = PileView.model_validate(fields)
            index = int(pile.get("index", len(rows)))
        except (ValidationError, TypeError, ValueError) as exc:
            raise BadPilesError(
                f"The host sent pile {str(name)!r} in a form this app cannot read."
            ) from exc
        if shown.face == "down" and shown.cards is not None:
            shown = shown.model_copy(update={"cards": None})
        rows.append((index, shown))
    return [p for _i, p in sorted(rows, key=lambda row: row[0])]


def names_of_view(view: Mapping[str, Any]) -> dict[str, str]:
    """Character names by id (the lanes of hands are labelled with them)."""
    chars = view.get("characters") or {}
    if not isinstance(chars, Mapping):
        return {}
    return {str(cid): str(c.get("name", cid)) for cid, c in chars.items() if isinstance(c, Mapping)}


def cards_line(piles: list[PileView], names: Mapping[str, str]) -> str:
    """Every pile in words, one per line: its count, and its cards when they show."""
    lines = []
    for pile in piles:
        owner = f"{names.get(pile.owner, pile.owner)}: " if pile.owner is not None else ""
        text = f"{owner}{pile.label} — {plural(pile.count)}"
        if pile.cards:
            text += ": " + " ".join(pile.cards)
        elif pile.cards is None and pile.count:
            text += ", face down"
        lines.append(text)
    return "\n".join(lines)


class SeatTable(QWidget):
    """The animated card table of a player's window, kept in step by :meth:`show_view`."""

    animationsFinished = Signal()
    """The table has caught up with the latest view (also when nothing moved)."""

    def __init__(self, motion: MotionSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clientCards")
        self.motion = motion
        self.scene = TableScene(motion)
        self.scene.setParent(self)
        self.view = TableView(self.scene, self)
        self.view.setMinimumSize(200, MIN_HEIGHT - 40)
        self.summary = ElidedLine(self)
        self.summary.setObjectName("clientCardsSummary")
        self.summary.setAccessibleName("Piles")
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        box.addWidget(self.view, 1)
        box.addWidget(self.summary, 0)
        self.scene.animator.finished.connect(self.animationsFinished)
        self._shown = False

    def show_view(self, view: Mapping[str, Any]) -> None:
        """Move the cards to where the view has them (at once the first time).

        Raises :class:`BadPilesError` when the view's piles cannot be read; nothing changes then.
        """
        piles = piles_of_view(view)
        names = names_of_view(view)
        animate = self._shown and self.motion.animations_enabled
        self.scene.show_table(piles, names, animate=animate)
        self._shown = True
        self.summary.set_full_text(pile_summary(piles) or "No cards on the table.")
        detail = cards_line(piles, names)
        self.summary.setToolTip(plain_tip(detail))
        self.summary.setAccessibleDescription(detail)
