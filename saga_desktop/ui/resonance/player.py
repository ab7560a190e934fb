"""The check panel at a player's seat: the checks the GM sent them, drawn and played there.

The panel is the GM's own (:mod:`.panel`); at a player's seat (``bridge.limited``) this part of
it turns the setup into a view of the prompted check picked in the list above it: the same
fields, read-only, and the same exact odds (the seat's campaign names every card of the deck,
only not their order, so the preview counts as the host will draw). *Draw* asks the host to draw
for that prompt; the drawn cards then wait in the panel's own card boxes, live only for the
seat's own character (their side of an opposed check and their card of a group check too, see
:mod:`.turns`). The panel hides each GM control whose operation ``bridge.may`` refuses. A new
prompt, or a check the GM drew with a part for them to play, brings the dock forward; the last
result of the seat's characters stays under the boxes, in the journal's words (at a seat the
host keeps the results).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import JsonValue
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QVBoxLayout

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.operation import Operation, OperationError, kind_of
from saga_desktop.model.resonance.access import draws_of, pending_of
from saga_desktop.model.resonance.ops.prompts import DrawPrompt
from saga_desktop.model.resonance.state import ResonancePrompt, play_of
from saga_desktop.ui.resonance.creation import standing_text

if TYPE_CHECKING:
    from saga_desktop.ui.resonance.panel import CheckPanel

RESULT_KINDS = ("check", "opposed", "group", "extended")
"""Journal kinds that settle a check (the result the panel shows)."""


class PlayerChecks(QObject):
    """What the check panel does at a player's seat (see the module's docstring)."""

    prompted = Signal()
    """A prompt (or a drawn check) of this seat's characters is new: bring the panel forward."""

    def __init__(self, panel: CheckPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        self.bridge = panel.bridge
        self.prompt: ResonancePrompt | None = None
        self._seen: set[int] | None = None  # None until the first look: what waits is not new
        self._drawn: object = None
        self._last_result = -1
        setup, queue = panel.setup, panel.prompts
        queue.setTitle(tr("Checks the GM sent you"))
        queue.act_button.hide()  # the setup's own Draw, under the odds, draws the prompt
        queue.list.setMaximumHeight(queue.list.fontMetrics().height() * 4 + 8)  # room for odds
        layout = panel.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.removeWidget(queue)
        layout.insertWidget(1, queue)  # the list first (after the standing), then its odds
        queue.list.currentRowChanged.connect(lambda _row: self.show_prompt())
        setup.changed.connect(self._lock)
        setup.draw_button.setToolTip(tr("The host draws your cards; then you choose one to play"))

    # -- the prompt shown --------------------------------------------------------------------------

    def selected(self) -> ResonancePrompt | None:
        """The prompt picked in the list, if it still waits."""
        number = self.panel.prompts.selected()
        prompts = play_of(self.bridge.session.campaign).prompts
        return next((p for p in prompts if p.id == number), None)

    def show_prompt(self) -> None:
        """Set the setup to the prompt picked: its character, stat and DC, and their odds."""
        self.prompt = prompt = self.selected()
        setup = self.panel.setup
        if prompt is not None:
            for box, value in ((setup.kind, "single"), (setup.character, prompt.character),
                               (setup.stat, prompt.stat), (setup.target, prompt.adversary),
                               (setup.defence, prompt.defence)):  # fmt: skip
                box.blockSignals(True)
                box.setCurrentIndex(max(0, box.findData(value)))
                box.blockSignals(False)
            setup.dc.blockSignals(True)
            setup.dc.setValue(prompt.dc if prompt.dc is not None else 0)
            setup.dc.blockSignals(False)
            setup.recount()
        self.panel.refresh()

    def operation(self) -> Operation:
        """What *Draw* asks for here: the host draws for the prompt picked."""
        if self.prompt is None:
            raise OperationError(tr("No check waits for your characters."))
        return DrawPrompt(self.prompt.id)

    def _lock(self) -> None:
        """Read-only fields; Draw live when the seat may draw this prompt and it can be drawn."""
        setup = self.panel.setup
        for widget in (setup.kind, setup.character, setup.stat, setup.target, setup.defence,
                       setup.dc):  # fmt: skip
            widget.setEnabled(False)
        for button in setup.tier_buttons.values():
            button.hide()  # the GM's DC presets (the setup shows its DC row again and again)
        prompt = self.prompt
        refusal = "" if prompt is None else self.bridge.refusal(
            kind_of(DrawPrompt), {"prompt": prompt.id}
        )  # fmt: skip
        setup.draw_button.setEnabled(refusal is None and setup.ready)
        if refusal:
            setup.odds.setText("\n".join((setup.odds.text(), refusal)))

    # -- the panel as the seat sees it -------------------------------------------------------------

    def refresh(self) -> None:
        """Follow the campaign: new prompts, the seat's last result, where its characters stand."""
        campaign = self.bridge.session.campaign
        viewer = self.bridge.viewer
        numbers = {p.id for p in play_of(campaign).prompts if viewer.owns(p.character)}
        record = pending_of(campaign)
        drawn = None
        ours = record is not None and any(viewer.owns(d.character_id) for d in draws_of(record))
        if ours and not play_of(campaign).pending_round:  # rounds are the GM's to play
            drawn = play_of(campaign).pending  # a part of it is theirs to play
        news = self._seen is not None and bool(numbers - self._seen)
        if news or (drawn is not None and drawn != self._drawn):
            self.prompted.emit()
        self._seen, self._drawn = numbers, drawn
        standing = standing_text(campaign, viewer.characters)
        self.panel.standing.setText(standing)
        self.panel.standing.setVisible(bool(standing))
        mine = [e for e in campaign.journal
                if e.kind in RESULT_KINDS and any(map(viewer.owns, takers(e)))]  # fmt: skip
        if mine and mine[-1].id != self._last_result:
            self._last_result = mine[-1].id
            self.panel.result.setText(tr("Last check: {line}", line=mine[-1].said))


def takers(entry: JournalEntry) -> set[str]:
    """The characters a result names: its own, and each one who drew for it."""
    found = {entry.character} if entry.character else set()

    def walk(value: JsonValue) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "character_id" and isinstance(inner, str):
                    found.add(inner)
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(entry.details)
    return found
