"""The roll panel dock: set up a trial or fate roll, roll it, burn, settle; always from the model.

Which page shows follows the campaign: while a trial or fate roll waits in
``play_of(campaign).pending`` the panel shows it (after the d20 has tumbled onto its number, when
it was just rolled); otherwise the setup page, or the outcome of the roll just settled. Undo and
redo therefore move the panel back and forth with the model.

At a seat the host's changes come without their results: the die tumbles when a roll appears,
and the outcome of a roll settled is read from the journal. At a player's seat the setup is the
roll the GM sent (:mod:`saga_desktop.ui.songs.play.player_rolls`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.operation import Operation, kind_of
from saga_desktop.model.songs.combat_queries import pending as combat_pending
from saga_desktop.model.songs.ops.aid import AidAlly
from saga_desktop.model.songs.ops.rolls import (
    AddBurn,
    BeginTrial,
    BurnChoice,
    ResolveTrial,
    pending_trial,
)
from saga_desktop.model.songs.state import play_of
from saga_desktop.rules import songs
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.motion import MotionSettings
from saga_desktop.ui.songs.play.player_rolls import PlayerRolls, settled_in_journal
from saga_desktop.ui.songs.play.player_setup import PlayerSetup
from saga_desktop.ui.songs.play.prompt_queue import PromptQueue
from saga_desktop.ui.songs.play.roll_result import RollResult
from saga_desktop.ui.songs.play.roll_setup import RollSetup
from saga_desktop.ui.songs.settle_place import COMBAT_DOCK, settled_in_combat, waiting_words

WATCHED = Aspect.PLAY | Aspect.TABLE | Aspect.CHARACTERS | Aspect.MAP | Aspect.REGIONS


def _scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


class RollPanel(QWidget):
    """Setup, the waiting roll and its outcome, for trial and fate rolls."""

    rollShown = Signal()
    """A roll's outcome is on screen (the d20 has landed, or the roll was restored)."""
    trialBegun = Signal(object)
    """A roll was made from this panel (the :class:`TrialRoll`)."""
    trialSettled = Signal(object)
    """A roll was settled (the :class:`TrialResult`); features that asked for it can react."""
    wantsAttention = Signal(str)
    """A roll for this seat's player came in (a prompt, or a roll to settle), in words."""

    def __init__(
        self, bridge: SessionBridge, motion: MotionSettings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.bridge = bridge
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        self.reason = QLabel(self)
        self.reason.setObjectName("roll-reason")
        self.reason.setTextFormat(Qt.TextFormat.PlainText)
        self.reason.setWordWrap(True)
        self.reason.hide()
        box.addWidget(self.reason)
        self.pages = QStackedWidget(self)
        box.addWidget(self.pages, 1)
        # Whoever may not set up a roll of their own (a player's seat) rolls the ones sent to them.
        prompted_only = not bridge.may(kind_of(BeginTrial))
        self.setup = PlayerSetup(bridge) if prompted_only else RollSetup(bridge)
        self.footer = QFrame(self)
        self.footer.setFrameShape(QFrame.Shape.StyledPanel)
        foot = QVBoxLayout(self.footer)
        foot.setContentsMargins(8, 6, 8, 8)
        foot.addWidget(self.setup.odds)
        foot.addWidget(self.setup.roll_button)
        self.prompts = PromptQueue(bridge, self.setup)
        foot.addWidget(self.prompts.send_button)
        box.addWidget(self.footer)
        box.addWidget(self.prompts)
        self.result = RollResult(motion, bridge)
        self.blocked = QWidget(self)  # a roll the Combat dock settles: say so, and lead there
        self.blocked_note = QLabel(self.blocked)
        self.blocked_note.setObjectName("roll-elsewhere")
        self.blocked_note.setWordWrap(True)
        self.blocked_note.setTextFormat(Qt.TextFormat.PlainText)
        self.blocked_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.to_combat = QPushButton(tr("Show the Combat dock"), self.blocked)
        self.to_combat.setObjectName("roll-to-combat")
        self.to_combat.clicked.connect(self.show_combat_dock)
        column = QVBoxLayout(self.blocked)
        column.addStretch(1)
        column.addWidget(self.blocked_note)
        column.addWidget(self.to_combat, 0, Qt.AlignmentFlag.AlignHCenter)
        column.addStretch(1)
        self._setup_page = _scrolled(self.setup)
        self._result_page = self.result  # it keeps its result and buttons out of the scrolling
        for page in (self._setup_page, self._result_page, self.blocked):
            self.pages.addWidget(page)
        self._shown: songs.TrialRoll | None = None
        self._settled = False
        self._elsewhere = False
        """The roll waiting was the Combat dock's to settle."""
        self.setup.rollRequested.connect(self.roll)
        self.result.settleRequested.connect(self._apply_settle)
        self.result.burns.chosen.connect(self.add_burn)
        self.result.newRollRequested.connect(self.show_setup)
        self.result.die.landed.connect(lambda _v: self.rollShown.emit())
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.sync(None))
        self.player: PlayerRolls | None = None  # read by fit_footer while PlayerRolls starts
        self.player = PlayerRolls(self) if prompted_only else None
        self.sync(None)

    # -- what is on screen ------------------------------------------------------------------------

    @property
    def showing_setup(self) -> bool:
        """True when the setup page is shown."""
        return self.pages.currentWidget() is self._setup_page

    @property
    def showing_result(self) -> bool:
        """True when a waiting or settled roll is shown."""
        return self.pages.currentWidget() is self._result_page

    def show_setup(self) -> None:
        """Go to the setup page (when no roll waits)."""
        if pending_trial(self.bridge.session.campaign) is not None:
            return
        self._settled = False
        self.reason.hide()
        self.setup.sync()
        self._show_page(self._setup_page)

    def _show_page(self, page: QWidget) -> None:
        # Only the page shown counts for the panel's least size: a short dock must not scroll
        # the setup because the result page (or the setup, the result) would need more room.
        for other in (self._setup_page, self._result_page, self.blocked):
            policy = QSizePolicy.Policy.Preferred if other is page else QSizePolicy.Policy.Ignored
            other.setSizePolicy(policy, policy)
        self.pages.setCurrentWidget(page)
        self.fit_footer()

    def fit_footer(self) -> None:
        """The odds and Roll show under the setup, when it has a roll to make.

        At a player's seat their prompts show above the setup, not over a roll waiting.
        """
        self.footer.setVisible(self.showing_setup and self.setup.offers_roll)
        if self.player is not None:
            self.prompts.setVisible(self.showing_setup and self.prompts.list.count() > 0)

    # -- actions ----------------------------------------------------------------------------------

    def show_combat_dock(self) -> None:
        """Bring the Combat dock, where the waiting roll is settled, to the front."""
        dock = self.window().findChild(QDockWidget, COMBAT_DOCK)
        if dock is not None:
            dock.show()
            dock.raise_()

    def roll(self, op: Operation) -> songs.TrialRoll | None:
        """Make the roll; its change report brings the outcome on screen (the one channel)."""
        before = self.bridge.session.revision
        self.bridge.apply(op, self)
        if self.bridge.session.revision == before:
            return None  # refused: the reason is already shown
        return pending_trial(self.bridge.session.campaign)

    def add_burn(self, choice: BurnChoice) -> None:
        """Burn one more card for the waiting roll (an ally's window: the ally's own card)."""
        aid = choice.kind is songs.BurnKind.AID_AN_ALLY and choice.by is not None
        if aid and not self.bridge.may(kind_of(AddBurn), {"burn": {"by": choice.by}}):
            self.bridge.apply(AidAlly(str(choice.by), choice.card.code), self)
            return
        self.bridge.apply(AddBurn(choice), self)

    def _apply_settle(self, op: ResolveTrial) -> None:
        self.bridge.apply(op, self)  # the change report shows the outcome and says it settled

    def start_trial(
        self,
        character_id: str,
        attribute: songs.Attribute | None = None,
        *,
        reason: str = "",
        dr: int | None = None,
        kind: songs.RollKind | None = None,
        risk: int | None = None,
    ) -> bool:
        """Prefill the setup for another feature; False while a roll waits, or at a player's seat.

        A player's rolls are the ones the GM sends.
        """
        if play_of(self.bridge.session.campaign).pending is not None:
            return False
        if not self.bridge.may(kind_of(BeginTrial)):
            return False
        self.show_setup()
        self.setup.prefill(character_id, attribute, dr=dr, kind=kind, risk=risk)
        self.reason.setText(reason)
        self.reason.setVisible(bool(reason))
        return True

    # -- following the model ----------------------------------------------------------------------

    def _on_changed(self, changes: Changes) -> None:
        if changes.aspects & WATCHED:
            self.sync(changes)

    def sync(self, changes: Changes | None) -> None:
        """Show what the campaign holds: the waiting roll, the roll just settled, or the setup."""
        campaign = self.bridge.session.campaign
        pending = play_of(campaign).pending
        roll = pending_trial(campaign)
        shown, remote = self._shown, self.bridge.remote
        if pending is not None and settled_in_combat(campaign):
            words = waiting_words(combat_pending(campaign))
            self.blocked_note.setText(
                tr("{roll} waits in the Combat dock: it is settled there.", roll=words)
            )
            self._shown, self._elsewhere = None, True
            # The settled trial left on screen is gone from view: once the combat roll is
            # settled, the panel is free for the next roll (it used to stay blocked).
            self._settled = False
            self._show_page(self.blocked)
            return
        if roll is not None:
            fresh = (
                self._shown is None
                and changes is not None
                and changes.cause is Cause.APPLY
                and (isinstance(changes.result, songs.TrialRoll) or remote)
            )
            self._shown, self._settled, self._elsewhere = roll, False, False
            self._show_page(self._result_page)
            self.result.show_pending(roll, campaign, tumble=fresh)
            if fresh:
                self.setup.after_roll()
                self.trialBegun.emit(roll)
            return
        self._shown = None
        self.result.roll = None  # a roll that comes back (redo) is shown afresh
        result = changes.result if changes is not None else None
        if remote and result is None and shown is not None:
            result = settled_in_journal(campaign, shown)
        elsewhere, self._elsewhere = self._elsewhere, False  # its outcome shows where it settled
        if (
            isinstance(result, songs.TrialResult)
            and changes
            and changes.cause is Cause.APPLY
            and not elsewhere
        ):
            self._settled = True
            self.result.show_settled(result)
            self._show_page(self._result_page)
            self.reason.hide()
            self.trialSettled.emit(result)
            return
        if (
            self._settled
            and self.showing_result
            and changes is not None
            and changes.cause is Cause.APPLY
        ):
            return  # keep the outcome in view until the player asks for a new roll
        self._settled = False
        self.setup.sync()
        self._show_page(self._setup_page)
