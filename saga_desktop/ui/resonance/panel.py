"""The check dock: set a check up, draw, play the cards, and read the result.

Everything it changes goes through the model's operations (``BeginCheck``, ``PlayCard``,
``BeginOpposed``, ``PlayOpposed``, ``BeginGroup``, ``PlayGroup``, ``PlayGroupCard``,
``StartExtended``, ``DrawRound``, ``EndExtended``, ``CancelCheck``, the adversary operations),
so every step is journaled and undoable and a refusal changes nothing. At a player's seat the
same panel draws and plays the checks the GM sent that seat (:mod:`.player`) and the seat's own
part of an opposed or group check (:mod:`.turns`), each GM control hidden where ``bridge.may``
says the seat may not ask for its operation.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, trc
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Changes
from saga_desktop.model.operation import Operation, OperationError, kind_of
from saga_desktop.model.resonance.access import draws_of, extended_of, pending_of
from saga_desktop.model.resonance.ops.checks import CancelCheck, PlayCard
from saga_desktop.model.resonance.ops.contests import PlayGroup, PlayGroupCard, PlayOpposed
from saga_desktop.model.resonance.ops.extended import DrawRound, EndExtended
from saga_desktop.model.resonance.ops.prompts import PromptCheck
from saga_desktop.model.resonance.state import play_of
from saga_desktop.model.resonance.table import drawn_pile, rules_character
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.resonance.adversaries import FoeButtons
from saga_desktop.ui.resonance.draw_box import DrawBox
from saga_desktop.ui.resonance.player import RESULT_KINDS, PlayerChecks
from saga_desktop.ui.resonance.prompt_queue import PromptQueue
from saga_desktop.ui.resonance.setup import CheckSetup
from saga_desktop.ui.resonance.tracker import ExtendedTracker
from saga_desktop.ui.resonance.turns import (
    picks_whole_group,
    play_refusal,
    played_text,
    waiting_text,
)
from saga_desktop.ui.resonance.words import fit_text, plain_label, result_text


class CheckPanel(QWidget):
    """The check dock's contents."""

    resultShown = Signal(str)
    """A check was settled; the text is the result in words."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.looking: str | None = None
        self.group_picks: dict[str, tuple[Card | None, tuple[Card, ...]]] = {}
        self._pending_key: object = None
        self._round = False  # the group check being played is a round of the extended check
        layout = QVBoxLayout(self)
        self.standing = plain_label()  # a seat's characters the GM has not accepted (yet)
        self.standing.setObjectName("standing")
        self.standing.hide()
        layout.addWidget(self.standing)
        self.setup = CheckSetup()
        layout.addWidget(self.setup)
        self.foes = FoeButtons(bridge, self.setup.target)
        layout.addWidget(self.foes)
        self.waiting = plain_label()
        self.waiting.setObjectName("waiting")
        layout.addWidget(self.waiting)
        self.boxes_area = QVBoxLayout()
        layout.addLayout(self.boxes_area)
        self.boxes: dict[str, DrawBox] = {}
        row = QHBoxLayout()
        self.play_group = QPushButton(tr("Play the group check"))  # "Play the round" for a round
        self.play_group.setObjectName("play-group")
        self.cancel = QPushButton(tr("Cancel check"))
        self.cancel.setObjectName("cancel-check")
        self.cancel.setToolTip(tr("Put every drawn card back exactly where it was"))
        for b in (self.play_group, self.cancel):
            fit_text(b)
        row.addWidget(self.play_group)
        row.addWidget(self.cancel)
        layout.addLayout(row)
        self.tracker = ExtendedTracker()
        layout.addWidget(self.tracker)
        self.result = plain_label()
        self.result.setObjectName("result")
        layout.addWidget(self.result)
        self.prompts = PromptQueue(bridge, self.setup)
        self.setup.form.addRow(self.prompts.send_button)
        layout.addWidget(self.prompts)
        layout.addStretch(1)
        self.setup.draw_button.clicked.connect(self.draw)
        self.cancel.clicked.connect(lambda: self._apply(CancelCheck()))
        self.play_group.clicked.connect(self._play_group)
        self.tracker.draw_round.clicked.connect(lambda: self._apply(DrawRound()))
        self.tracker.end.clicked.connect(lambda: self._apply(EndExtended()))
        self.setup.changed.connect(self.foes.update_buttons)
        self.player = PlayerChecks(self) if bridge.limited else None
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.refresh())
        self.prompts.refresh()  # at a seat: the prompt picked shows in the setup
        self.refresh()

    # -- actions -----------------------------------------------------------------------------------

    def _apply(self, op: Operation) -> object:
        result = self.bridge.apply(op, self)
        if result is not None and isinstance(
            result, resonance.CheckResult | resonance.OpposedResult | resonance.GroupResult
        ):
            self.show_result(result)
        return result

    def draw(self) -> object:
        """Apply the operation the setup describes (Draw, or Start the challenge)."""
        try:
            op = self.player.operation() if self.player else self.setup.operation()
        except OperationError as exc:
            self.result.setText(str(exc))
            return None
        self.result.setText("")
        return self._apply(op)

    def show_result(self, result: object) -> None:
        """Write a settled check in words (a round of the extended check as that round)."""
        text = result_text(result)
        state = extended_of(self.bridge.session.campaign)
        if self._round and state is not None and state.history:
            text = tr(
                "{round}\n{state}",
                round=result_text(state.history[-1]),
                state=result_text(state),
            )
        elif isinstance(result, resonance.GroupResult):
            text = "\n".join([text, *(result_text(r) for r in result.results)])
        self.result.setText(text)
        self.resultShown.emit(text)

    def _picked(self, kind: str, cid: str, card: Card | None, order: tuple[Card, ...]) -> None:
        if kind == "single":
            self._apply(PlayCard(card, order))
        elif kind == "opposed":
            self.looking = None
            self._apply(PlayOpposed(cid, card, order))
        elif not picks_whole_group(self.bridge):  # a player's seat: their own card, played now
            self._apply(PlayGroupCard(cid, card, order))
        else:
            self.group_picks[cid] = (card, order)
            self.refresh()

    def _play_group(self) -> None:
        """Play the cards picked here: those of the members whose card is not in yet."""
        played = play_of(self.bridge.session.campaign).choices
        picks = {cid: pick for cid, pick in self.group_picks.items() if cid not in played}
        plays = {cid: pick[0] for cid, pick in picks.items()}
        orders = {cid: pick[1] for cid, pick in picks.items()}
        self._round = play_of(self.bridge.session.campaign).pending_round
        try:
            self._apply(PlayGroup(plays, orders))
        finally:
            self._round = False

    def _look(self, cid: str) -> None:
        self.looking = cid
        self.refresh()

    # -- showing -----------------------------------------------------------------------------------

    def _on_changed(self, _changes: Changes) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Show the campaign as it is: the setup, a waiting check, the tracker."""
        campaign = self.bridge.session.campaign
        if not hasattr(campaign.play, "adversaries"):
            return  # another game's campaign, before this panel goes away
        self.setup.fill(campaign)
        record = pending_of(campaign)
        key = None if record is None else play_of(campaign).pending
        if key != self._pending_key:
            if key is None and self._pending_key is not None and self.player is None:
                self._settled_elsewhere(campaign)
            self._pending_key = key
            self.group_picks = {}
            self.looking = None
        played = play_of(campaign).choices  # a member who played at their seat needs no pick
        self.group_picks = {c: p for c, p in self.group_picks.items() if c not in played}
        for box in self.boxes.values():
            box.setParent(None)
            box.deleteLater()
        self.boxes = {}
        shows_setup = record is None and (self.player is None or self.player.prompt is not None)
        self.setup.setEnabled(shows_setup)
        self.setup.setVisible(shows_setup)  # the waiting check says what it is: room for it
        may = self.bridge.may
        self.cancel.setVisible(record is not None and may(kind_of(CancelCheck)))
        group = isinstance(record, resonance.PendingGroup)
        self.play_group.setVisible(group and may(kind_of(PlayGroup)))
        self.setup.form.setRowVisible(self.prompts.send_button, may(kind_of(PromptCheck)))
        round_ = play_of(campaign).pending_round
        self.play_group.setText(tr("Play the round") if round_ else tr("Play the group check"))
        picked = len(self.group_picks)
        self.waiting.setText("" if record is None else waiting_text(self.bridge, record, picked))
        if record is not None:
            self._show_boxes(record)
        self.tracker.show_state(campaign, record is not None)
        self.tracker.draw_round.setVisible(may(kind_of(DrawRound)))
        self.tracker.end.setVisible(may(kind_of(EndExtended)))
        self.foes.update_buttons()
        if self.player is not None:
            self.player.refresh()

    def _settled_elsewhere(self, campaign: Campaign) -> None:
        """The check waiting was settled (by a player's last card, say): show its result.

        It stays until the GM draws the next check; a card played here writes the engine's
        own fuller words over it (:meth:`show_result`).
        """
        last = campaign.journal[-1] if campaign.journal else None
        if last is not None and last.kind in RESULT_KINDS:
            self.result.setText(tr("Last check: {line}", line=last.said))
            self.resultShown.emit(last.said)

    def _show_boxes(
        self, record: resonance.PendingCheck | resonance.PendingOpposed | resonance.PendingGroup
    ) -> None:
        campaign = self.bridge.session.campaign
        kind = "group"
        if isinstance(record, resonance.PendingCheck):
            kind = "single"
        elif isinstance(record, resonance.PendingOpposed):
            kind = "opposed"
        dc = 0 if kind == "opposed" else record.request.dc  # type: ignore[union-attr]
        viewer = self.bridge.viewer
        for draw in draws_of(record):
            cid = draw.character_id
            try:
                who = rules_character(campaign, cid)
                options = resonance.card_options(draw, who, dc) if draw.cards else ()
            except (ValueError, RulesError):
                options = ()  # the other side's cards of an opposed check, at a player's seat
            looking = cid == self.looking or (self.player is not None and viewer.owns(cid))
            box = DrawBox(
                draw, options, kind,
                face_down=kind == "opposed" and not looking,
                played=played_text(self.bridge, record, cid),
                selected=self.group_picks.get(cid, (None, ()))[0],
                count=len(campaign.piles.get(drawn_pile(cid), ())),
            )  # fmt: skip
            refusal = play_refusal(self.bridge, record, cid)
            if refusal is not None:  # a player's seat: another's cards, or the GM's to play
                box.setEnabled(False)
                box.setToolTip(refusal)
                if hasattr(box, "look_button"):
                    box.look_button.hide()  # the other side's cards stay face down
            box.picked.connect(lambda c, card, order, k=kind: self._picked(k, c, card, order))
            box.look.connect(self._look)
            self.boxes[cid] = box
            self.boxes_area.addWidget(box)
        if kind == "group":
            done = len(self.group_picks) + len(play_of(campaign).choices)
            self.play_group.setEnabled(done == len(draws_of(record)))


class CheckDock(QDockWidget):
    """The dock holding the check panel (object name ``resonance-check``)."""

    def __init__(self, bridge: SessionBridge, parent: QWidget) -> None:
        super().__init__(trc("noun", "Check"), parent)
        self.setObjectName("resonance-check")
        self.panel = CheckPanel(bridge)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.panel)
        self.setWidget(scroll)
