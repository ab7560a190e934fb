"""The roll panel at a player's seat: the rolls the GM sent come forward and set up the panel.

The panel is the GM's (:class:`~saga_desktop.ui.songs.play.roll_panel.RollPanel`): the same
odds, burn buttons, d20 and result. At a player's seat its setup is a
:class:`~saga_desktop.ui.songs.play.player_setup.PlayerSetup`, its prompt list (the GM's queue)
holds the seat's own prompts above it, and :class:`PlayerRolls` joins them: picking a prompt sets
it up, and a prompt or a roll of theirs that was not there before brings the panel forward
(a new prompt comes out from behind the last roll's outcome, picked; the dock raises, the
status bar and a screen reader say it, and the window asks for attention).

A seat hears the host's changes without their results, so :func:`settled_in_journal` finds
the outcome of a roll just settled where every seat can read it: the journal line it wrote.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QVBoxLayout

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
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

    def _mine(self, campaign: Campaign) -> dict[str, str]:
        """What of the seat's own waits (its prompts, and its roll to settle), in words."""
        viewer = self.panel.bridge.viewer
        play = play_of(campaign)
        names = {c.id: c.name for c in campaign.characters}
        waiting = {
            f"prompt {p.id}": (
                tr(
                    "The GM sent you a roll: {name}, {roll} ({reason})",
                    name=names.get(p.character, "?"),
                    roll=say(p.words()),
                    reason=p.reason,
                )
                if p.reason
                else tr(
                    "The GM sent you a roll: {name}, {roll}",
                    name=names.get(p.character, "?"),
                    roll=say(p.words()),
                )
            )
            for p in play.prompts
            if viewer.owns(p.character)
        }
        roll = pending_trial(campaign)
        if roll is not None and viewer.owns(roll.character_id):
            waiting[f"roll of {roll.character_id} on {roll.d20}"] = tr(
                "{name}'s roll waits for you to settle it.", name=roll.character_name
            )
        return waiting

    def pick(self) -> None:
        """Set up the prompt picked in the list (nothing, when none waits)."""
        self.setup.set_prompt(self.panel.prompts.picked())
        self.panel.fit_footer()

    def _changed(self, _changes: Changes) -> None:
        campaign = self.panel.bridge.session.campaign
        mine = self._mine(campaign)
        new = [key for key in mine if key not in self._seen]
        self._seen = mine
        if not new:
            self._after_anothers_roll()
            return
        prompts = [key for key in new if key.startswith("prompt ")]
        if prompts and pending_trial(campaign) is None:
            # A new prompt comes out from behind the last roll's outcome, picked.
            self.panel.show_setup()
            self.select(int(prompts[-1].split()[1]))
        self.panel.wantsAttention.emit(mine[new[-1]])

    def _after_anothers_roll(self) -> None:
        """Another's roll just settled while a prompt of the seat's waited: back to the prompt.

        The prompt came while that roll waited (one roll waits at a time); its outcome must not
        hide the prompt again. The seat's own outcome stays until the player puts it away.
        """
        panel = self.panel
        shown = panel.result.roll
        if not panel.showing_result or panel.result.outcome.isHidden() or shown is None:
            return
        if panel.bridge.viewer.owns(shown.character_id) or not panel.prompts.list.count():
            return
        picked = panel.prompts.selected()
        panel.show_setup()
        if picked is not None:
            self.select(picked)

    def select(self, number: int) -> None:
        """Pick prompt ``number`` in the list (it sets the prompt up)."""
        listed = self.panel.prompts.list
        for row in range(listed.count()):
            if listed.item(row).data(Qt.ItemDataRole.UserRole) == number:
                listed.setCurrentRow(row)
        self.pick()
