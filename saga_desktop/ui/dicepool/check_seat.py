"""The check dock at a player's seat: the checks the GM sent to the seat's own characters.

The same dock the GM uses (:class:`~saga_desktop.ui.dicepool.check.CheckDock`): the list of
checks waiting comes first, and picking one sets the dock to it, so its pool and exact odds
show in the GM's own widgets. The check itself (character, attribute, skill or vocation, CL) is
the GM's: it reads in the list, its fields hidden. The player ticks helpers (the odds follow),
types the faces of real dice when the GM asked for them, and *Roll* asks the host to roll. The
result shows in the dock's *Last check*, as at every seat. What only the GM does (a check of
one's own, *Send to players…*, *Cancel*, the physical-dice switch) is hidden or read-only, as
``bridge.may`` says. A new check brings the dock forward and asks the window for attention.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from pydantic import JsonValue
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

from saga_desktop.i18n import tr, tr_noop, trc
from saga_desktop.i18n.words import say
from saga_desktop.model.dicepool.access import card_of
from saga_desktop.model.dicepool.ops.checks import ResolvePrompt
from saga_desktop.model.dicepool.seat import prompts_for
from saga_desktop.model.dicepool.state import PromptedCheck, play_of
from saga_desktop.model.operation import OperationError
from saga_desktop.ui.announce import announce
from saga_desktop.ui.dicepool.widgets import parse_faces

if TYPE_CHECKING:
    from saga_desktop.ui.dicepool.check import CheckDock

RESOLVE = "dicepool.ResolvePrompt"
NOTHING_WAITS = tr_noop(
    "No check waits for your characters. When the GM asks for one, it shows here."
)
PICK = tr_noop(
    "The GM asks for a check: the helpers the GM chose are ticked (the odds follow); "
    "change them if you like, then Roll."
)
REAL_DICE = tr_noop("The GM asks for real dice: roll them and type the faces, then Send my dice.")
FACES_FIRST = tr_noop("Type the faces your dice show, as numbers 1 to 6 (e.g. 6 4 1 3 5).")


class SeatChecks:
    """What the check dock does differently at a player's seat."""

    def __init__(self, dock: CheckDock) -> None:
        self.dock = dock
        self.bridge = dock.bridge
        queue = dock.prompts
        queue.setTitle(tr("Checks the GM sent you"))
        dock.body_layout.removeWidget(queue)  # the checks waiting first, then the one picked
        dock.body_layout.insertWidget(1, queue)
        dock.seat_note.setVisible(True)
        may = self.bridge.may
        for widget in (dock.character, dock.attribute, dock.trait, dock.cl, dock.physical):
            widget.setEnabled(False)  # the GM sets the check and asks for real dice or not
            widget.setToolTip(tr("The GM set this when sending the check."))
        for row in range(dock.form.rowCount()):  # the check picked reads in the list above
            dock.form.setRowVisible(row, False)
        dock.prompt_button.setVisible(may("dicepool.PromptCheck"))
        dock.cancel_button.setVisible(may("dicepool.CancelPrompt"))
        dock.resolve_button.setVisible(False)  # the dock's own Roll settles the check picked
        queue.list.currentItemChanged.connect(lambda *_: self.follow())
        self.seen = {p.id for p in self.mine()}  # waiting already when the seat opened
        self.seen_help = {p.id for p in self.helping()}
        self.ticked: set[int] = set()
        """The checks whose helpers the dock has ticked as the GM sent them (once each: then
        the player's own ticks stand, whatever the table does meanwhile)."""

    def mine(self) -> list[PromptedCheck]:
        """The checks waiting for this seat's characters."""
        return prompts_for(self.bridge.session.campaign, self.bridge.viewer)

    def helping(self) -> list[PromptedCheck]:
        """Checks of other players' characters the GM asks this seat's characters to help with."""
        viewer = self.bridge.viewer
        try:
            prompts = play_of(self.bridge.session.campaign).prompts
        except TypeError:  # another game's campaign, before this panel goes away
            return []
        return [
            p
            for p in prompts
            if not viewer.owns(p.character) and any(viewer.owns(h.helper) for h in p.helpers)
        ]

    def help_words(self, prompt: PromptedCheck) -> str:
        """E.g. "The GM asks Bren to help Mara with REF vs CL 4 (…); Mara's player rolls."."""
        campaign = self.bridge.session.campaign
        names = {c.id: c.name for c in campaign.characters}
        mine = [
            names.get(h.helper, "") for h in prompt.helpers if self.bridge.viewer.owns(h.helper)
        ]
        roller = names.get(prompt.character) or tr("another character")
        return tr(
            "The GM asks {helpers} to help {roller} with {check}; {roller}'s player rolls.",
            helpers=tr(" and ").join(n for n in mine if n),
            roller=roller,
            check=say(prompt.request().words()),
        )

    def picked(self) -> PromptedCheck | None:
        """The check picked in the list (the first one unless another was picked)."""
        number = self.dock.prompts.selected()
        return next((p for p in self.mine() if p.id == number), None)

    def may_help(self, character_id: str) -> bool:
        """Whether a character of the party can assist: at the table and not incapacitated."""
        c = next(c for c in self.bridge.session.campaign.characters if c.id == character_id)
        return c.accepted and not card_of(self.bridge.session.campaign, c.id).incapacitated

    def may_roll(self) -> bool:
        """Whether *Roll* may go to the host for the check picked."""
        prompt = self.picked()
        return prompt is not None and self.bridge.refusal(RESOLVE, {"prompt": prompt.id}) is None

    def listed(self) -> None:
        """The queue was listed again: keep the pick, bring a new check forward."""
        ids = {p.id for p in self.mine()}
        new = ids - self.seen
        self.seen = ids
        if new and shiboken6.isValid(self.dock):
            self.dock.raise_()
            QApplication.alert(self.dock.window())
        helping = self.helping()
        asked = [p for p in helping if p.id not in self.seen_help]
        self.seen_help = {p.id for p in helping}
        if asked and shiboken6.isValid(self.dock):  # a helper's seat is told, not asked
            text = self.help_words(asked[-1])
            window = self.dock.window()
            if isinstance(window, QMainWindow):
                window.statusBar().showMessage(text, 30_000)
            announce(self.dock, text)
        self.follow()

    def follow(self) -> None:
        """Set the dock to the check picked, or say that none waits."""
        dock, prompt = self.dock, self.picked()
        dock.setup.setVisible(prompt is not None)
        if prompt is None:
            helping = self.helping()
            dock.seat_note.setText(
                "\n".join(self.help_words(p) for p in helping) if helping else tr(NOTHING_WAITS)
            )
            dock.problem.setText("")
            return
        typed = self.typed(prompt)
        dock.seat_note.setText(tr(REAL_DICE) if typed else tr(PICK))
        dock.physical.setChecked(typed)
        dock.physical_row.setVisible(typed)
        dock.roll_button.setText(tr("Send my dice") if typed else trc("verb", "Roll"))
        dock.show_request(prompt, helpers=prompt.id not in self.ticked)
        self.ticked.add(prompt.id)
        dock.update_odds()

    def typed(self, prompt: PromptedCheck) -> bool:
        """Whether the player types the dice of this check (the GM asked for real dice)."""
        fields: dict[str, JsonValue] = {"prompt": prompt.id, "faces": [1]}
        return self.bridge.refusal(RESOLVE, fields) is None

    def roll(self) -> None:
        """Ask the host to roll the check picked, with the helpers ticked (or the faces typed)."""
        dock, prompt = self.dock, self.picked()
        if prompt is None:
            return
        faces = None
        if self.typed(prompt):
            faces = parse_faces(dock.faces.text())
            if faces is None:
                dock.problem.setText(tr(FACES_FIRST))
                return
        try:
            self.bridge.try_apply(ResolvePrompt(prompt.id, dock.assists(), faces))
        except OperationError as exc:
            dock.problem.setText(tr("Not rolled: {reason}", reason=str(exc)))
            return
        dock.problem.setText("")
        dock.faces.clear()
        QTimer.singleShot(0, dock.show_result)
