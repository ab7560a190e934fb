"""What a player at their own seat reads in the Combat dock: whose move it is, and theirs.

The GM's hints tell the GM what to do next (end the turn, check morale); at a player's seat
the dock says instead what the player waits for and what is theirs to do. Which characters are
theirs, and what they may do, is the host's own check (:func:`~saga_desktop.ui.songs.may.may`).
"""

from __future__ import annotations

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.songs.combat_queries import combat_of, pending
from saga_desktop.model.songs.ops.combat import CombatTrial
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.combat.settle import SettlePanel
from saga_desktop.ui.songs.may import may
from saga_desktop.ui.songs.settle_place import settled_in_combat, waiting_words


def seat_hints(campaign: Campaign, bridge: SessionBridge) -> list[str]:
    """The lines a player's Combat dock shows under the two sides."""
    combat = combat_of(campaign)
    if combat is None:
        return []
    mine = [c for c in campaign.characters if c.id in bridge.viewer.characters]
    waiting = pending(campaign)
    if waiting is not None:
        if not settled_in_combat(campaign, waiting):
            return [f"{waiting_words(waiting)} waits in the Roll dock: it is settled there."]
        if may(bridge, SettlePanel.settling(waiting)()):
            return []
        return [f"{waiting_words(waiting)} waits on the table: its player or the GM settles it."]
    hints = []
    if combat.turn == "enemies":
        hints.append(
            "The enemies' turn: when one attacks a character of yours, the defence roll "
            "shows here for you to settle."
        )
    else:
        acted = [c.name for c in mine if c.id in combat.acted]
        if acted:
            hints.append(f"{' and '.join(acted)} acted this turn.")
        if not any(may(bridge, CombatTrial(c.id)) for c in mine if c.id not in combat.acted):
            hints.append("Nothing more for you to do this turn: the GM ends it.")
    for c in mine:
        if not c.accepted:
            hints.append(f"{c.name} waits for the GM's approval and takes no part yet.")
        elif sheet_of(c).resilience == 0 and not sheet_of(c).incapacitated:
            hints.append(f"{c.name} is at 0 resilience: the GM calls the resilience trial.")
    return hints
