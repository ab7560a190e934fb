"""Character creation at a player's seat: the creation dialog's steps, played by the host.

At the GM's own table the creation dialog plays its steps on copies of the deck and the
generator and creates the character in one operation. A player's seat holds neither: the host
reveals the cards and rolls the dice. So :class:`SeatSteps` is the same creation table to the
dialog, but each step is a :class:`~saga_desktop.model.songs.ops.drafts.CreationMove` sent to
the host, and what it showed is read back from the seat's own draft (``SongsPlay.drafts``, by the
seat's name). A step is real the moment it is taken: Cancel keeps the cards for later, as at the
table; *Set aside* gives the unfinished character up. Sending names the character
(:class:`~saga_desktop.model.songs.ops.drafts.FinishCreation`) and it waits for the GM.
"""

from __future__ import annotations

import random

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.campaign import Character
from saga_desktop.model.operation import Operation
from saga_desktop.model.songs.access import options_of
from saga_desktop.model.songs.ops.creation import CreationTable, VanoriSpec
from saga_desktop.model.songs.ops.drafts import (
    CreationMove,
    FinishCreation,
    SetDraftAside,
    fill_from,
)
from saga_desktop.model.songs.ops.remake import RemakeCreation, draft_key
from saga_desktop.model.songs.state import CreationDraft, play_of
from saga_desktop.rules import songs
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.ui.bridge import SessionBridge

STANDING = {
    "accepted": tr_noop("at the table"),
    "submitted": tr_noop("waiting for the GM's approval"),
    "returned": tr_noop("sent back by the GM"),
}
"""Where a character a player made stands with the GM (worded by :func:`standing_words`)."""


def standing_words(status: str) -> str:
    """Where a character with ``status`` stands, in the app's language (an unknown status as is)."""
    words = STANDING.get(status)
    return tr(words) if words else status


def review_words(review: str) -> str:
    """What the GM wrote when sending a character back (their words), or that they wrote none."""
    return review or tr("no reason given")


def seat_name(bridge: SessionBridge) -> str:
    """The name this window's seat took at the table ("" at the GM's own table)."""
    return str(getattr(getattr(bridge.session, "model", None), "seat_name", "") or "")


class SeatSteps(CreationTable):
    """A creation table whose every step the host plays, for the seat named ``player``."""

    def __init__(self, bridge: SessionBridge, player: str) -> None:
        campaign = bridge.session.campaign
        # The deck and generator are never drawn from here: the host draws and rolls.
        super().__init__(TableDeck.new(random.Random(0)), random.Random(0), options_of(campaign))
        self.bridge = bridge
        self.player = player
        self.reload()

    # -- what the seat sees -----------------------------------------------------------------------

    def draft(self) -> CreationDraft | None:
        """The seat's character in the making, as the host last showed it."""
        drafts = play_of(self.bridge.session.campaign).drafts
        key = draft_key(drafts, self.player)
        return None if key is None else drafts[key]

    def reload(self) -> bool:
        """Show the draft as it is now; True when it changed since last shown."""
        draft = self.draft()
        before = (self.draw, self.vanori, self.vanori_roll, self.resilience, self.steps)
        self.options = options_of(self.bridge.session.campaign)
        if draft is None:
            self.draw = self.vanori = self.vanori_roll = self.resilience = None
            self.steps = []
        else:
            fill_from(self, draft)
        return before != (self.draw, self.vanori, self.vanori_roll, self.resilience, self.steps)

    def mine(self) -> list[Character]:
        """The seat's own characters, with where each stands."""
        return [
            c
            for c in self.bridge.session.campaign.characters
            if c.id in self.bridge.viewer.characters
        ]

    def standing(self, returned: Character | None) -> str:
        """Where the seat's characters stand, and what the player does next, in a few lines."""
        mine = self.mine()
        lines = [
            tr("{name}: {standing}", name=c.name, standing=standing_words(c.status)) for c in mine
        ]
        if returned is not None:
            lines.append(tr("The GM says: {review}", review=review_words(returned.review)))
            lines.append(
                tr(
                    "Make it again below; it takes {name}'s place. Its cards and rolls "
                    "stand: change what the GM asked (Set aside starts afresh, with new cards).",
                    name=returned.name,
                )
            )
        waits = [c.name for c in mine if c.status == "submitted"]
        if waits:
            lines.append(
                tr("{name} waits for the GM's answer; make the next one after.", name=waits[0])
            )
        elif not mine:
            lines.append(tr("You have no character yet: make one and send it to the GM."))
        lines.append(
            tr(
                "The GM's table reveals your cards and rolls your dice: each step is for real. "
                "Closing this keeps them for later."
            )
        )
        return "\n".join(lines)

    # -- the steps, played by the host ---------------------------------------------------------

    def _ask(self, op: Operation) -> None:
        self.bridge.try_apply(op)  # OperationError: the host's (or the seat's) refusal
        self.reload()

    def reveal(self) -> songs.AttributeDraw:
        """Ask the host to reveal a card for each attribute."""
        self._ask(CreationMove(self.player, "reveal"))
        assert self.draw is not None
        return self.draw

    def redraw(self, attribute: str) -> songs.AttributeCard:
        """Ask the host to reveal a new card for one attribute (the new card stands)."""
        self._ask(CreationMove(self.player, "redraw", attribute=attribute))
        assert self.draw is not None
        return self.draw.card_for(songs.Attribute(attribute))

    def roll_vanori(self) -> songs.VanoriRoll:
        """Ask the host to roll the d6 for the Vanori."""
        self._ask(CreationMove(self.player, "roll_vanori"))
        assert self.vanori_roll is not None
        return self.vanori_roll

    def choose_vanori(self, spec: VanoriSpec) -> songs.Vanori:
        """Tell the host which of the six guards the character, or the one the player invented."""
        if spec.id == "custom":
            spec.to_rules()  # a Vanori breaking the rules is refused here, in the same words
            self._ask(CreationMove(self.player, "choose_vanori", invented=spec))
        else:
            self._ask(CreationMove(self.player, "choose_vanori", vanori=spec.id))
        assert self.vanori is not None
        return self.vanori

    def roll_resilience(self) -> songs.ResilienceRoll:
        """Ask the host to roll max resilience on the Vanori's die."""
        self._ask(CreationMove(self.player, "roll_resilience"))
        assert self.resilience is not None
        return self.resilience

    def reroll_resilience(self) -> songs.ResilienceRoll:
        """Ask the host to roll max resilience again (the new result stands)."""
        self._ask(CreationMove(self.player, "reroll_resilience"))
        assert self.resilience is not None
        return self.resilience

    def remake(self, character_id: str) -> None:
        """Ask the host to open the draft from the character the GM sent back (its cards, rolls)."""
        self._ask(RemakeCreation(self.player, character_id))

    def set_aside(self) -> None:
        """Give the unfinished character up (its cards stay in the discard)."""
        self._ask(SetDraftAside(self.player))

    def send(self, name: str, weapon: str, pronouns: str, replaces: str | None) -> str | None:
        """Name the character and send it to the GM (in the place of ``replaces``); its id."""
        self.bridge.try_apply(
            FinishCreation(self.player, name, weapon, pronouns, submit=True, replaces=replaces)
        )
        self.reload()
        return next((c.id for c in reversed(self.mine()) if c.status == "submitted"), None)
