"""The check dock: build a check, see its exact odds and the assists' effect, roll it.

Character, attribute, skill or vocation, CL 1 to 8 with its words, helpers from the party; the
pool is shown as dice and the odds are the engine's, counted exactly. *Roll* rolls with the
campaign's generator or reads typed faces; *Send to players…* prompts the check instead (to one or
more characters, each rolled in their player's own window when playing over the network), and
the queue below lists the checks waiting, each resolved here or cancelled as one operation.
"""

from __future__ import annotations

import itertools

import shiboken6
from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import number, tr, trc, trn
from saga_desktop.i18n.words import say
from saga_desktop.model.changes import Changes
from saga_desktop.model.dicepool.access import card_of, dicepool_play
from saga_desktop.model.dicepool.odds import assist_preview, check_pool_preview, check_preview
from saga_desktop.model.dicepool.ops.checks import AssistSpec, RollCheck
from saga_desktop.model.dicepool.state import PromptedCheck
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.dicepool.wording import attribute_words
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.check_rows import (
    HelperRow,
    compact,
    fill,
    request_words,
    split,
    trait_items,
)
from saga_desktop.ui.dicepool.check_seat import SeatChecks
from saga_desktop.ui.dicepool.prompt_queue import PromptQueue
from saga_desktop.ui.dicepool.widgets import (
    DiceRow,
    cl_name,
    clear,
    degrees_words,
    label,
    parse_faces,
    pct,
    said,
    warn,
)
from saga_desktop.ui.prompt_dialog import PromptTargets


class CheckDock(QDockWidget):
    """Checks with exact odds, assists, physical dice and the queue of prompted checks."""

    rolled = Signal(object)
    """A check was rolled (the engine's CheckResult)."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(trc("noun", "Check"), parent)
        self.setObjectName("dicepool-check")
        self.bridge = bridge
        body = QWidget()
        layout = QVBoxLayout(body)
        self.body_layout = layout
        self.seat_note = label("")  # at a player's seat: what waits for them (see check_seat)
        self.seat_note.setObjectName("check-seat-note")
        self.seat_note.setVisible(False)
        layout.addWidget(self.seat_note)
        self.setup = QWidget()  # the check and its odds; at a seat, shown while a check waits
        setup = QVBoxLayout(self.setup)
        setup.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.setup)
        form = QFormLayout()
        self.character = QComboBox()
        self.attribute = QComboBox()
        for a in dp.Attribute:
            self.attribute.addItem(say(attribute_words(a.label)), a.value)
        self.trait = QComboBox()
        cl_row = QHBoxLayout()
        self.cl = QSpinBox()
        self.cl.setRange(dp.CL_MIN, dp.CL_MAX)
        self.cl.setValue(3)
        self.cl.setObjectName("check-cl")
        self.cl.setAccessibleName(tr("Challenge Level"))
        self.cl_words = label("")
        cl_row.addWidget(self.cl)
        cl_row.addWidget(self.cl_words, 1)
        form.addRow(tr("Character"), self.character)
        form.addRow(tr("Attribute"), self.attribute)
        form.addRow(tr("Skill or vocation"), self.trait)
        form.addRow(tr("Challenge Level"), cl_row)
        setup.addLayout(form)
        self.form = form
        self.helpers_box = QGroupBox(tr("Assists (each helper rolls against CL 3)"))
        self.helpers_layout = QVBoxLayout(self.helpers_box)
        self.helpers: list[HelperRow] = []
        setup.addWidget(self.helpers_box)
        self.pool = DiceRow()
        self.pool_text = label("")
        self.odds = label("", bold=True)
        self.odds.setObjectName("check-odds")
        self.degrees = label("")
        for w in (self.pool, self.pool_text, self.odds, self.degrees):
            setup.addWidget(w)
        self.physical_row = QWidget()
        phys = QHBoxLayout(self.physical_row)
        phys.setContentsMargins(0, 0, 0, 0)
        self.physical = QCheckBox(tr("Physical dice: type the faces"))
        self.faces = QLineEdit()
        self.faces.setPlaceholderText(tr("e.g. 6 4 1 3 5"))
        self.faces.setObjectName("check-faces")
        self.faces.setAccessibleName(tr("Faces the physical dice show"))
        self.faces.setEnabled(False)
        phys.addWidget(self.physical)
        phys.addWidget(self.faces, 1)
        setup.addWidget(self.physical_row)
        buttons = QHBoxLayout()
        self.roll_button = QPushButton(trc("verb", "Roll"))
        self.prompts = PromptQueue(self)
        self.prompt_button = self.prompts.send_button
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.prompt_button)
        setup.addLayout(buttons)
        self.problem = label("")
        warn(self.problem)
        layout.addWidget(self.problem)
        self.result_box = QGroupBox(tr("Last check"))
        result = QVBoxLayout(self.result_box)
        self.result_dice = DiceRow()
        self.result_text = label("")
        self.verdict = label("", bold=True)
        self.verdict.setObjectName("check-verdict")
        for w in (self.result_dice, self.result_text, self.verdict):
            result.addWidget(w)
        layout.addWidget(self.result_box)
        # The checks waiting for players (shown while any wait), the core's prompt queue.
        self.queue = self.prompts.list
        self.resolve_button = self.prompts.act_button
        self.cancel_button = self.prompts.cancel_button
        layout.addWidget(self.prompts)
        layout.addStretch(1)
        compact(body)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self.scroll_area = scroll
        # The dice just rolled come into view (a short dock had them below the fold).
        self.rolled.connect(lambda _r: QTimer.singleShot(0, self.show_result))
        self.character.currentIndexChanged.connect(lambda _i: self._character_changed())
        for signal in (
            self.attribute.currentIndexChanged,
            self.trait.currentIndexChanged,
            self.cl.valueChanged,
        ):
            signal.connect(lambda _v: self.update_odds())
        self.physical.toggled.connect(self._physical)
        self.roll_button.clicked.connect(self.roll)
        self.seat: SeatChecks | None = None
        if bridge.limited:  # a player's seat: the checks the GM sent them (check_seat)
            self.seat = SeatChecks(self)
        self.refresh()

    # -- reading the form ------------------------------------------------------------------------

    @property
    def character_id(self) -> str:
        """The character chosen."""
        return str(self.character.currentData() or "")

    def assists(self) -> tuple[AssistSpec, ...]:
        """The ticked assists."""
        physical = self.physical.isChecked()
        return tuple(s for h in self.helpers if (s := h.spec(physical)) is not None)

    def trait_choice(self) -> tuple[str, str]:
        """(kind, name) of the trait chosen; the bare attribute is ("skill", "")."""
        return split(self.trait.currentData()) or ("skill", "")

    def typed_faces(self) -> tuple[int, ...] | None:
        """The faces typed for physical dice (None when the campaign's generator rolls)."""
        if not self.physical.isChecked():
            return None
        return parse_faces(self.faces.text()) or ()

    # -- drawing ---------------------------------------------------------------------------------

    def on_changed(self, changes: Changes) -> None:
        """Follow the campaign (characters, cards, the queue and the last check)."""
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the choices, the odds, the last check and the queue."""
        campaign = self.bridge.session.campaign
        keep = self.character_id
        self.character.blockSignals(True)
        self.character.clear()
        for c in campaign.characters:
            self.character.addItem(c.name, c.id)
        self.character.setCurrentIndex(max(0, self.character.findData(keep)))
        self.character.blockSignals(False)
        self._character_changed()
        self._show_last()
        if self.seat is not None:
            self.seat.follow()

    def _character_changed(self) -> None:
        campaign = self.bridge.session.campaign
        if not self.character_id:
            self.update_odds()
            return
        card = card_of(campaign, self.character_id)
        fill(self.trait, trait_items(card))
        # Each helper keeps what was chosen for them (tick, attribute, skill or vocation) when
        # the rows are rebuilt, after a roll for one.
        chosen = {
            h.helper_id: (h.on.isChecked(), h.attribute.currentData(), h.trait.currentData())
            for h in self.helpers
        }
        clear(self.helpers_layout)
        self.helpers = []
        for c in campaign.characters:
            if c.id == self.character_id:
                continue
            if self.seat is not None and not self.seat.may_help(c.id):
                continue
            row = HelperRow(card_of(campaign, c.id))
            if c.id in chosen:
                on, attribute, trait = chosen[c.id]
                row.on.setChecked(on)
                row.attribute.setCurrentIndex(max(0, row.attribute.findData(attribute)))
                at = row.trait.findData(trait)
                if at >= 0:  # a skill since removed from the card falls back to the first
                    row.trait.setCurrentIndex(at)
            row.faces.setVisible(self.physical.isChecked())
            for signal in (
                row.on.toggled,
                row.attribute.currentIndexChanged,
                row.trait.currentIndexChanged,
            ):
                signal.connect(lambda _v: self.update_odds())
            self.helpers.append(row)
            self.helpers_layout.addWidget(row)
        if not self.helpers:
            self.helpers_layout.addWidget(label(tr("Nobody else in the party can assist.")))
        # Rows made now would come last in the Tab order: put them where they stand.
        chain: list[QWidget] = [self.cl]
        for h in self.helpers:
            chain += [h.on, h.attribute, h.trait, h.faces]
        chain.append(self.physical)
        for before, after in itertools.pairwise(chain):
            QWidget.setTabOrder(before, after)
        self.update_odds()

    def _physical(self, on: bool) -> None:
        self.faces.setEnabled(on)
        for h in self.helpers:
            h.faces.setVisible(on)

    def update_odds(self) -> None:
        """The pool as dice and the exact odds of the check as set up."""
        self.cl_words.setText(cl_name(self.cl.value()))
        if not self.character_id:
            self.odds.setText(tr("Add a character to roll checks (Party › New character)."))
            self.roll_button.setEnabled(False)
            self.prompt_button.setEnabled(False)
            return
        campaign = self.bridge.session.campaign
        kind, trait = self.trait_choice()
        attribute, cl = self.attribute.currentData(), self.cl.value()
        try:
            pool = check_pool_preview(campaign, self.character_id, attribute, trait, kind)
            odds = check_preview(
                campaign, self.character_id, attribute, trait, kind, cl, self.assists()
            )
        except OperationError as exc:
            self.odds.setText(tr("Cannot roll this: {reason}", reason=str(exc)))
            self.roll_button.setEnabled(False)
            return
        self.roll_button.setEnabled(self.seat is None or self.seat.may_roll())
        self.prompt_button.setEnabled(True)
        self.pool.show_pool(pool.size)
        self.pool_text.setText(tr("Pool: {pool}", pool=said(pool)))
        self.odds.setText(
            tr(
                "Success {chance} (CL {cl}, {level})",
                chance=pct(odds.success),
                cl=cl,
                level=cl_name(cl),
            )
        )
        spread = [
            trn("{n} degree {chance}", "{n} degrees {chance}", d, chance=pct(p))
            for d, p in enumerate(odds.degrees)
            if p
        ]
        self.degrees.setText(tr("Degrees of success: {spread}", spread=tr(", ").join(spread[:8])))
        for h in self.helpers:
            spec = h.spec(False)
            if spec is None:
                h.effect.setText("")
                continue
            try:
                a = assist_preview(campaign, self.character_id, attribute, trait, kind, cl, spec)
            except OperationError as exc:
                h.effect.setText(str(exc))
                warn(h.effect)
                continue
            change = float(a.expected_effect)
            values = {
                "wins": number(abs(change), 1),
                "assist": pct(a.success),
                "alone": pct(a.unassisted.success),
                "assisted": pct(a.assisted.success),
            }
            if change >= 0:
                text = tr(
                    "expected: adds {wins} wins; assist succeeds {assist}; check alone "
                    "{alone} → {assisted}",
                    **values,
                )
            else:
                text = tr(
                    "expected: costs {wins} wins; assist succeeds {assist}; check alone "
                    "{alone} → {assisted}",
                    **values,
                )
            h.effect.setText(text)
            warn(h.effect, change < 0)

    def _show_last(self) -> None:
        data = dicepool_play(self.bridge.session.campaign).check
        if data is None:
            self.result_box.setVisible(False)
            return
        result = dp.CheckResult.from_data(data)
        self.result_box.setVisible(True)
        self.result_dice.show_faces(result.roll.faces)
        lines = [
            trn(
                "{name}: {request}; {pool}, {n} wins",
                "{name}: {request}; {pool}, {n} wins",
                result.roll.wins,
                name=result.roller_name,
                request=said(result.request),
                pool=said(result.pool),
            )
        ]
        lines += [said(a) for a in result.assists]
        self.result_text.setText("\n".join(lines))
        self.verdict.setText(degrees_words(result))
        warn(self.verdict, not result.success)

    def show_result(self) -> None:
        """Scroll the last check's dice into view."""
        if shiboken6.isValid(self) and self.result_box.isVisible():
            self.scroll_area.ensureWidgetVisible(self.result_box, 0, 0)

    # -- acting ----------------------------------------------------------------------------------

    def try_op(self, op: Operation) -> object:
        """Apply ``op``; its result, or None with the reason on the problem line."""
        try:
            result = self.bridge.try_apply(op)
        except OperationError as exc:
            self.problem.setText(tr("Not rolled: {reason}", reason=str(exc)))
            return None
        self.problem.setText("")
        return result

    def roll(self) -> None:
        """Roll the check as set up (at a player's seat: the check the GM sent, picked above)."""
        if self.seat is not None:
            self.seat.roll()
            return
        kind, trait = self.trait_choice()
        result = self.try_op(
            RollCheck(
                self.character_id,
                self.attribute.currentData(),
                trait,
                kind,
                self.cl.value(),
                self.assists(),
                self.typed_faces(),
            )
        )
        if result is not None:
            self.rolled.emit(result)

    def request_text(self) -> str:
        """The check as set up, in words (what the players are asked)."""
        kind, trait = self.trait_choice()
        return request_words(self.attribute.currentData(), trait, kind, self.cl.value())

    def show_request(self, prompt: PromptedCheck, *, helpers: bool = True) -> None:
        """Set the form to a prompted check (so its odds show), with its helpers ticked.

        ``helpers=False`` keeps the ticks as they are (the roller may leave a helper out).
        """
        self.character.setCurrentIndex(max(0, self.character.findData(prompt.character)))
        self.attribute.setCurrentIndex(max(0, self.attribute.findData(prompt.attribute)))
        self.trait.setCurrentIndex(max(0, self.trait.findData(f"{prompt.kind}|{prompt.trait}")))
        self.cl.setValue(prompt.cl)
        if helpers:
            sent = {h.helper: h for h in prompt.helpers}
            for row in self.helpers:
                h = sent.get(row.helper_id)
                row.on.setChecked(h is not None)
                if h is not None:
                    row.attribute.setCurrentIndex(max(0, row.attribute.findData(h.attribute)))
                    at = row.trait.findData(f"{h.kind}|{h.trait}")
                    if at >= 0:
                        row.trait.setCurrentIndex(at)
            self.update_odds()

    def sent_assists(self) -> tuple[AssistSpec, ...]:
        """The helpers ticked, as a sent check carries them (their dice are rolled later)."""
        return tuple(s for h in self.helpers if (s := h.spec(False)) is not None)

    def prompt_to(self, targets: PromptTargets) -> None:
        """Prompt the check as set up to each character chosen (stops at the first refusal)."""
        self.prompts.send_to(targets)
