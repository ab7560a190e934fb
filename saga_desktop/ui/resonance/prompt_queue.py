"""The GM's prompted checks in the check panel: send the check set up to players, and the queue.

*Send to players…* prompts the single check as set up (stat, DC or an adversary's defence) to
one or more characters; each waits in the campaign until its player draws for it in their own
window, or the GM draws here for them (*Draw here*) or takes it back (*Cancel*). The list and
its buttons are the core's (:mod:`saga_desktop.ui.prompt_queue`). At a player's seat the list
holds that seat's own prompts (:mod:`.player` draws them).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.i18n.words import say, sentence
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Operation, OperationError, kind_of
from saga_desktop.model.resonance.ops.checks import BeginCheck
from saga_desktop.model.resonance.ops.prompts import CancelPromptedCheck, DrawPrompt, PromptCheck
from saga_desktop.model.resonance.state import ResonancePrompt, play_of
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.prompt_dialog import PromptTargets, ask_prompt_targets
from saga_desktop.ui.prompt_queue import GmPromptQueue
from saga_desktop.ui.resonance.setup import CheckSetup
from saga_desktop.ui.resonance.words import stat_name

SEND_TIP = tr_noop("Prompt this check to characters: each player draws and plays")
NOT_SENT = tr_noop(
    "Only a single check is sent. An opposed or group check needs no sending: draw it here, "
    "and each player plays their own character's card from their own window."
)


class PromptQueue(GmPromptQueue):
    """Prompted checks waiting, with Draw here and Cancel; sends the setup's check to players."""

    def __init__(self, bridge: SessionBridge, setup: CheckSetup, parent: QWidget | None = None):
        super().__init__(
            bridge,
            tr("Checks sent to players"),
            send_tip=tr(SEND_TIP),
            act=(tr("Draw here"), tr("Draw for the selected prompt here, for its player")),
            parent=parent,
        )
        self.setObjectName("resonance-prompts")
        self.send_button.setObjectName("send-check")
        self.setup = setup
        self.send_tip = tr(SEND_TIP)
        self.draw_button = self.act_button
        setup.changed.connect(self.update_send)
        self.refresh()

    def prompts(self) -> list[ResonancePrompt] | None:
        """The prompts waiting for this window's user: every one for the GM, a seat's own."""
        prompts = super().prompts()
        if prompts is None:
            return None
        return [p for p in prompts if self.bridge.viewer.owns(p.character)]

    def refresh(self) -> None:
        """List the prompts; *Cancel* shows only to whom may take a prompt back.

        At a player's seat the prompt picked stays picked while it waits (its odds show above).
        """
        keep = self.selected() if self.bridge.limited else None
        super().refresh()
        self.cancel_button.setVisible(self.bridge.may(kind_of(CancelPromptedCheck)))
        rows = [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())]
        if keep in rows and keep != self.selected():
            self.list.setCurrentRow(rows.index(keep))

    def send_enabled(self) -> bool:
        """Only a single check is sent to players."""
        return self.setup.kind_of() == "single"

    def update_send(self) -> None:
        """Enable *Send to players…* for a single check; say why not for the others."""
        super().update_send()
        why = "" if self.send_enabled() else tr(NOT_SENT)
        self.send_button.setToolTip(self.send_tip if not why else plain_tip(why))
        self.send_button.setAccessibleDescription(why)

    def send(self) -> None:
        """Ask whom to send the check as set up to (no dice: Resonance draws cards)."""
        request = self.request()
        if request is None:
            return
        what, whose = request
        party = [(c.id, c.name) for c in self.bridge.session.campaign.characters]
        targets = ask_prompt_targets(self, what, party, [whose], physical=False)
        if targets is not None:
            self.send_to(targets)

    def describe(self, prompt: ResonancePrompt, campaign: Campaign) -> str:
        """E.g. ``"Mind check against the Warden's Resolve"``."""
        foes = {a.id: a.name for a in play_of(campaign).adversaries}
        return sentence(say(prompt.words(foes.get(prompt.adversary or "", ""))))

    def _check(self) -> BeginCheck | None:
        try:
            op = self.setup.operation()
        except OperationError as exc:
            self.show_problem(str(exc))
            return None
        if not isinstance(op, BeginCheck):
            self.show_problem(tr("Only a single check is sent to players"))
            return None
        self.show_problem("")
        return op

    def request(self) -> tuple[str, str] | None:
        """The check as set up, in words, and whose it is (or the problem shown)."""
        op = self._check()
        if op is None:
            return None
        if op.adversary is None:
            what = tr("{stat} check against DC {dc}", stat=stat_name(op.stat), dc=op.dc)
        else:
            what = tr("{stat} check", stat=stat_name(op.stat))
        return what, op.character

    def prompt_op(self, character: str, targets: PromptTargets) -> Operation | None:
        """The check as set up, prompted to ``character``."""
        op = self._check()
        if op is None:
            return None
        return PromptCheck(character, op.stat, op.dc, op.adversary, op.defence,
                           targets.reason)  # fmt: skip

    def act_op(self, number: int) -> Operation:
        """Draw for prompt ``number`` here (its cards then wait in the panel above)."""
        return DrawPrompt(number)

    def cancel_op(self, number: int) -> Operation:
        """Take prompt ``number`` back."""
        return CancelPromptedCheck(number)

    def draw_here(self) -> None:
        """Draw for the selected prompt here (the *Draw here* button)."""
        self.act_here()
