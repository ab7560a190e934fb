"""The roll panel at a player's seat: the rolls the GM sent come forward and set up the panel.

The panel is the GM's (:class:`~saga_desktop.ui.songs.play.roll_panel.RollPanel`): the same
odds, burn buttons, d20 and result. At a player's seat its setup is a
:class:`~saga_desktop.ui.songs.play.player_setup.PlayerSetup`, its prompt list (the GM's queue)
holds the seat's own prompts above it, and :class:`PlayerRolls` joins them: picking a prompt sets
it up, and a prompt or a roll of theirs that was not there before brings the panel forward
(the dock raises and the window asks for attention).

A seat hears the host's changes without their results, so :func:`settled_in_journal` finds
the outcome of a roll just settled where every seat can read it: the journal line it wrote.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QVBoxLayout

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Changes
from saga_desktop.model.songs.ops.rolls import pending_trial
from saga_desktop.model.songs.state import play_of
from saga_desktop.rules import songs
from saga_desktop.rules.errors import RulesError
from saga_desktop.ui.songs.play.player_setup import PlayerSetup

if TYPE_CHECKING:
    from saga_desktop.ui.songs.play.roll_panel import RollPanel


def settled_in_journal(campaign: Campaign, roll: songs.TrialRoll) -> songs.TrialResult | None:
    """The outcome of ``roll`` if the journal's last line is its settling (None otherwise)."""
    if not campaign.journal:
        return None
    entry = campaign.journal[-1]
    if entry.kind != "trial" or entry.details.get("type") != songs.TrialResult.__name__:
        return None
    try:
        result = songs.TrialResult.from_data(entry.details)
    except (RulesError, ValueError, TypeError):
        return None
    return result if result.roll == roll else None


class PlayerRolls(QObject):
    """Joins a player's prompt list to the panel's setup, and asks for attention when needed."""

    def __init__(self, panel: RollPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        setup = panel.setup
        assert isinstance(setup, PlayerSetup)
        self.setup = setup
        box = panel.layout()
        assert isinstance(box, QVBoxLayout)
        box.removeWidget(panel.prompts)
        box.insertWidget(box.indexOf(panel.pages), panel.prompts)  # pick a roll, then set it up
        self._seen = self._mine(panel.bridge.session.campaign)
        panel.prompts.pickedChanged.connect(self.pick)
        panel.bridge.changed.connect(self._changed)
        self.pick()

    def _mine(self, campaign: Campaign) -> set[str]:
        """What of the seat's own waits: its prompts, and its roll to settle."""
        viewer = self.panel.bridge.viewer
        play = play_of(campaign)
        waiting = {f"prompt {p.id}" for p in play.prompts if viewer.owns(p.character)}
        roll = pending_trial(campaign)
        if roll is not None and viewer.owns(roll.character_id):
            waiting.add(f"roll of {roll.character_id} on {roll.d20}")
        return waiting

    def pick(self) -> None:
        """Set up the prompt picked in the list (nothing, when none waits)."""
        self.setup.set_prompt(self.panel.prompts.picked())
        self.panel.fit_footer()

    def _changed(self, _changes: Changes) -> None:
        mine = self._mine(self.panel.bridge.session.campaign)
        if mine - self._seen:
            self.panel.wantsAttention.emit()
        self._seen = mine
