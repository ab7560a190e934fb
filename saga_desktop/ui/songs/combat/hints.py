"""The Combat dock's hint line: what the GM does next, or what a player waits for.

The GM's hints tell the GM what to do next (end the turn, check morale); at a player's seat
the dock says instead what the player waits for and what is theirs to do. Which characters are
theirs, and what they may do, is the host's own check (:func:`~saga_desktop.ui.songs.may.may`).
"""

from __future__ import annotations

from saga_desktop.i18n import tr, trn
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.songs.combat_queries import (
    can_fight,
    character_status,
    combat_of,
    fighting_enemies,
    pending,
)
from saga_desktop.model.songs.ops.combat import CombatTrial
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.model.visibility import in_play
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.combat.settle import SettlePanel
from saga_desktop.ui.songs.may import may
from saga_desktop.ui.songs.settle_place import settled_in_combat, waiting_words


def gm_hints(campaign: Campaign) -> list[str]:
    """What the GM has to do next in the fight."""
    combat = combat_of(campaign)
    hints = []
    if combat is not None:
        enemies = fighting_enemies(campaign)
        standing = [e for e in enemies if can_fight(combat, e)]
        down = [e.name for e in enemies if e.resilience == 0]
        party_up = [
            c for c in in_play(campaign) if not sheet_of(c).incapacitated and sheet_of(c).resilience
        ]
        if not standing:
            hints.append(tr("No enemy is left standing: end the combat."))
        elif not party_up:
            hints.append(tr("The whole party is down: the fight is lost. End the combat."))
        elif down:
            hints.append(
                trn(
                    "{names} is down: enemies who feel outnumbered or saw their leader fall "
                    "check their morale.",
                    "{names} are down: enemies who feel outnumbered or saw their leader fall "
                    "check their morale.",
                    len(down),
                    names=", ".join(down),
                )
            )
        if combat.turn == "party" and standing and pending(campaign) is None:
            left = [
                c.name
                for c in in_play(campaign)
                if c.id not in combat.acted
                and not sheet_of(c).incapacitated
                and sheet_of(c).resilience
            ]
            if not left:
                hints.append(tr("Every character has acted: end the party's turn."))
        idle = pending(campaign) is None
        if (
            combat.turn == "enemies"
            and standing
            and idle
            and all(e.id in combat.acted for e in standing)
        ):
            hints.append(tr("Every enemy has attacked: end the enemies' turn."))
    waiting = pending(campaign)
    if waiting is not None and not settled_in_combat(campaign, waiting):
        hints.append(
            tr("{roll} waits in the Roll dock: it is settled there.", roll=waiting_words(waiting))
        )
    for c in in_play(campaign):
        if sheet_of(c).resilience == 0 and not sheet_of(c).incapacitated and waiting is None:
            hints.append(tr("{name} is at 0 resilience: the resilience trial is due.", name=c.name))
    return hints


def seat_hints(campaign: Campaign, bridge: SessionBridge) -> list[str]:
    """The lines a player's Combat dock shows under the two sides."""
    combat = combat_of(campaign)
    if combat is None:
        return []
    mine = [c for c in campaign.characters if c.id in bridge.viewer.characters]
    waiting = pending(campaign)
    if waiting is not None:
        if not settled_in_combat(campaign, waiting):
            return [
                tr(
                    "{roll} waits in the Roll dock: it is settled there.",
                    roll=waiting_words(waiting),
                )
            ]
        if may(bridge, SettlePanel.settling(waiting)()):
            return []
        return [
            tr(
                "{roll} waits on the table: its player or the GM settles it.",
                roll=waiting_words(waiting),
            )
        ]
    hints = []
    if combat.turn == "enemies":
        hints.append(
            tr(
                "The enemies' turn: when one attacks a character of yours, the defence roll "
                "shows here for you to settle."
            )
        )
    else:
        acted = [c.name for c in mine if c.id in combat.acted]
        if acted:
            hints.append(
                trn(
                    "{names} acted this turn.",
                    "{names} acted this turn.",
                    len(acted),
                    names=tr(" and ").join(acted),
                )
            )
        ready = (c for c in mine if character_status(combat, c) == "to act")
        if not any(may(bridge, CombatTrial(c.id)) for c in ready):
            hints.append(tr("Nothing more for you to do this turn: the GM ends it."))
    for c in mine:
        if not c.accepted:
            hints.append(
                tr("{name} waits for the GM's approval and takes no part yet.", name=c.name)
            )
        elif sheet_of(c).resilience == 0 and not sheet_of(c).incapacitated:
            hints.append(
                tr("{name} is at 0 resilience: the GM calls the resilience trial.", name=c.name)
            )
    return hints
