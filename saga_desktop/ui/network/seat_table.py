"""The card table in a joined player's window, drawn from the seat's typed campaign.

It is the Player View's table (:class:`~saga_desktop.ui.cardtable.scene.TableScene` in a
:class:`~saga_desktop.ui.cardtable.view.TableView`), fed with the piles the seat may see
(:func:`~saga_desktop.model.visibility.visible_piles` for the seat's viewer): a face-down pile is
backs and a count, the seat's own hand shows face up. Each change the host sends animates like
the GM's table, at the window's shared pace and reduced-motion switch. Under the table one line
sums the piles up in words (screen readers read it; its tooltip lists the cards the seat sees).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import PileView, visible_piles
from saga_desktop.ui.cardtable.items import plain_tip
from saga_desktop.ui.cardtable.motion import MotionSettings
from saga_desktop.ui.cardtable.piles import pile_summary, plural
from saga_desktop.ui.cardtable.scene import TableScene
from saga_desktop.ui.cardtable.view import ElidedLine, TableView

MIN_HEIGHT = 160
"""The tab never asks for more height than this (the map keeps the room at small sizes)."""


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

    def show_campaign(self, campaign: Campaign, viewer: Viewer) -> None:
        """Move the cards to where the campaign has them, as ``viewer`` sees them."""
        piles = visible_piles(campaign, viewer)
        names = {c.id: c.name for c in campaign.characters}
        animate = self._shown and self.motion.animations_enabled
        self.scene.show_table(piles, names, animate=animate)
        self._shown = True
        self.summary.set_full_text(pile_summary(piles) or "No cards on the table.")
        detail = cards_line(piles, names)
        self.summary.setToolTip(plain_tip(detail))
        self.summary.setAccessibleDescription(detail)
