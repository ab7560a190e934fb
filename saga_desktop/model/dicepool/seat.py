"""What the dice-pool docks read apart at a player's seat: its checks, the hidden declarations.

A joined app's campaign is the seat's typed view (:mod:`saga_desktop.model.seat_model`): the
same :class:`~saga_desktop.model.campaign.Campaign` the GM's docks draw, with what the seat may
not know left out. Two things a dock must read with the viewer in mind: which checks wait for
the seat's own characters, and which combatants have declared without the seat being allowed to
read what (:mod:`saga_desktop.model.dicepool.secrets`).
"""

from __future__ import annotations

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.dicepool.state import PromptedCheck, play_of
from saga_desktop.model.ruleset import Viewer


def prompts_for(campaign: Campaign, viewer: Viewer) -> list[PromptedCheck]:
    """The checks waiting for ``viewer``'s characters, oldest first (every one for the GM)."""
    prompts = play_of(campaign).prompts
    return list(prompts) if viewer.is_gm else [p for p in prompts if viewer.owns(p.character)]


def hidden_declared(campaign: Campaign) -> frozenset[str]:
    """The combatants who have declared this round, though the seat may not yet read what."""
    encounter = play_of(campaign).encounter
    declared = encounter.get("declarations") if encounter is not None else None
    if not isinstance(declared, list):
        return frozenset()
    return frozenset(
        str(d.get("combatant_id"))
        for d in declared
        if isinstance(d, dict) and d.get("hidden") is True
    )
