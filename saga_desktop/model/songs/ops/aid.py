"""Aid an Ally from the ally's own seat: a card burned from the helper's hand for a roll waiting.

The rules give every character the burn *Aid an Ally* (+2 to an ally's score, +3 from an Elk):
the card leaves the helper's hand, so it is the helper's player who gives it. Over the network a
player may burn only from their own characters' hands, and the roll waiting is usually another
player's, which the settling operations (``AddBurn``, ``BurnForRoll``) keep to the roller's player.
:class:`AidAlly` is the helper's own request: it names only the helper (``by``, one of the seat's
characters, checked on the host) and the card, and burns it for whatever roll waits (a trial or
fate roll, an attack or a defence) exactly as the GM's *Burn more* does, with the same rulings
(burns after the roll is seen only when the campaign allows them).
"""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import pending_roll, roller_of
from saga_desktop.model.songs.ops.combat import BurnForRoll, BurnSpec
from saga_desktop.rules.records import Record


@dataclass(frozen=True)
class AidAlly(Operation):
    """``by`` burns ``card`` from their hand to aid the roll waiting (another character's)."""

    by: str
    card: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Aid an Ally")

    @override
    def apply(self, ctx: Context) -> Record:
        record = pending_roll(ctx)
        if record is None:
            raise OperationError(words("There is no roll waiting to aid"))
        helper = ctx.character(self.by)
        if roller_of(record) == helper.id:
            raise OperationError(words("Aid an Ally comes from another character's hand"))
        if not helper.accepted:
            raise OperationError(
                words("{name} waits for the GM's approval and takes no part yet", name=helper.name)
            )
        return BurnForRoll(BurnSpec("aid_an_ally", self.card, helper.id)).apply(ctx)
