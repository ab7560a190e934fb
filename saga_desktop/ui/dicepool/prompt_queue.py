"""The GM's prompted checks in the check dock: send the check set up to players, and the queue.

*Send to players…* prompts the check as set up (attribute, skill or vocation, CL) to one or
more characters; each waits in the campaign until its player rolls it in their own window, or
the GM resolves it here (*Resolve*, with the assists ticked and the faces typed in the dock) or
takes it back (*Cancel*). Picking a waiting check sets the dock to it, so its odds and helpers
show. The list and its buttons are the core's (:mod:`saga_desktop.ui.prompt_queue`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.dicepool.ops.checks import CancelPrompt, PromptCheck, ResolvePrompt
from saga_desktop.model.dicepool.seat import prompts_for
from saga_desktop.model.dicepool.state import PromptedCheck
from saga_desktop.model.operation import Operation
from saga_desktop.ui.prompt_dialog import PromptTargets
from saga_desktop.ui.prompt_queue import GmPromptQueue

if TYPE_CHECKING:
    from saga_desktop.ui.dicepool.check import CheckDock

USER_ROLE = Qt.ItemDataRole.UserRole


def helpers_words(prompt: PromptedCheck, campaign: Campaign) -> str:
    """``", Oswin Hale assisting"``, or ``""`` when the GM ticked no helper."""
    names = {c.id: c.name for c in campaign.characters}
    helping = [names.get(h.helper, "") for h in prompt.helpers]
    helping = [n for n in helping if n]
    if not helping:
        return ""
    return tr(", {names} assisting", names=tr(" and ").join(helping))


class PromptQueue(GmPromptQueue):
    """Prompted checks waiting, with Resolve and Cancel; sends the dock's check to players."""

    def __init__(self, dock: CheckDock) -> None:
        super().__init__(
            dock.bridge,
            tr("Prompted checks waiting"),
            send_tip=tr(
                "Prompt this check to characters: it waits until rolled, resolved or cancelled"
            ),
            act=(tr("Resolve"), tr("Roll the selected check, with the assists ticked above")),
        )
        self.setObjectName("dicepool-prompts")
        self.dock = dock
        self.list.itemClicked.connect(lambda _i: self.show_prompt())
        self.refresh()

    def prompts(self) -> Sequence[PromptedCheck] | None:
        """The checks waiting; at a player's seat only those sent to the seat's characters."""
        if not self.bridge.limited:
            return super().prompts()
        try:
            return prompts_for(self.bridge.session.campaign, self.bridge.viewer)
        except TypeError:  # another game's campaign, before this panel goes away
            return None

    def refresh(self) -> None:
        """List the checks waiting, keeping the one picked; a seat follows the pick."""
        keep = self.selected()
        super().refresh()
        at = next(
            (i for i in range(self.list.count()) if self.list.item(i).data(USER_ROLE) == keep),
            None,
        )
        if at is not None:
            self.list.setCurrentRow(at)
        seat = getattr(self.dock, "seat", None)
        if seat is not None:
            seat.listed()

    def describe(self, prompt: PromptedCheck, campaign: Campaign) -> str:
        """E.g. ``"REF + Athletics against CL 3, Oswin Hale assisting (physical dice)"``."""
        line = tr(
            "{check}{helpers}",
            check=say(prompt.request().words()),
            helpers=helpers_words(prompt, campaign),
        )
        return tr("{check} (physical dice)", check=line) if prompt.physical else line

    def request(self) -> tuple[str, str] | None:
        """The check as set up, in words, and whose it is."""
        return self.dock.request_text(), self.dock.character_id

    def prompt_op(self, character: str, targets: PromptTargets) -> Operation | None:
        """The check as set up, prompted to ``character``."""
        kind, trait = self.dock.trait_choice()
        helpers = tuple(a for a in self.dock.sent_assists() if a.helper != character)
        return PromptCheck(character, self.dock.attribute.currentData(), trait, kind,
                           self.dock.cl.value(), targets.reason, targets.physical,
                           helpers)  # fmt: skip

    def act_op(self, number: int) -> Operation:
        """Resolve prompt ``number`` with the assists ticked and the faces typed."""
        return ResolvePrompt(number, self.dock.assists(), self.dock.typed_faces())

    def cancel_op(self, number: int) -> Operation:
        """Take prompt ``number`` back."""
        return CancelPrompt(number)

    def update_send(self) -> None:
        """Nothing here: the dock enables *Send to players…* with the check's odds."""

    def apply(self, op: Operation) -> bool:
        """Apply through the dock, whose problem line says why a check was refused."""
        return self.dock.try_op(op) is not None

    def act_here(self) -> None:
        """Resolve the selected check here; the dock shows the dice rolled."""
        number = self.selected()
        if number is not None:
            result = self.dock.try_op(self.act_op(number))
            if result is not None:
                self.dock.rolled.emit(result)

    def show_prompt(self) -> None:
        """Set the dock to the selected check (so its odds and helpers show)."""
        number = self.selected()
        prompt = next((p for p in self.prompts() or () if p.id == number), None)
        if prompt is not None:
            self.dock.show_request(prompt)
