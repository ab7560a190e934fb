"""The top of the check dock: the kind of check, who draws, the stat, the DC, and the odds.

:meth:`CheckSetup.operation` builds the very operation the *Draw* button applies, and the odds
shown come from the model's previews of that operation, so they are the engine's numbers.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop, trc
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.resonance.ops import odds as previews
from saga_desktop.model.resonance.ops.checks import BeginCheck
from saga_desktop.model.resonance.ops.contests import BeginGroup, BeginOpposed
from saga_desktop.model.resonance.ops.extended import StartExtended
from saga_desktop.model.resonance.state import play_of
from saga_desktop.rules import resonance
from saga_desktop.rules.errors import RulesError
from saga_desktop.ui.resonance.words import (
    TIER_NAMES,
    check_odds_text,
    fit_text,
    group_odds_text,
    opposed_odds_text,
    plain_label,
    stat_title,
)

KINDS = ("single", "opposed", "group", "extended")
KIND_NAMES = {
    "single": tr_noop("Single"),
    "opposed": tr_noop("Opposed"),
    "group": tr_noop("Group"),
    "extended": tr_noop("Extended"),
}
"""The kinds of check, as the dock names them."""


def _stat_box() -> QComboBox:
    box = QComboBox()
    for stat in resonance.Stat:
        box.addItem(stat_title(stat), stat)
    return box


class CheckSetup(QWidget):
    """What the GM calls for, before anything is drawn."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.campaign: Campaign | None = None
        self.people: list[tuple[str, str]] = []
        self.ready = False  # Draw can be applied as set up (the button is disabled otherwise)
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.kind = QComboBox()
        for kind in KINDS:
            self.kind.addItem(tr(KIND_NAMES[kind]), kind)
        form.addRow(tr("&Kind"), self.kind)
        self.character = QComboBox()
        form.addRow(tr("&Who"), self.character)
        self.stat = _stat_box()
        form.addRow(tr("&Stat"), self.stat)
        self.second = QComboBox()
        self.second_stat = _stat_box()
        self.second_stat.setCurrentIndex(2)
        self.defender = QComboBox()
        for text, value in (
            (tr("No defender"), None),
            (tr("First defends"), "first"),
            (tr("Second defends"), "second"),
        ):
            self.defender.addItem(text, value)
        form.addRow(tr("&Against"), self.second)
        form.addRow(tr("Their s&tat"), self.second_stat)
        form.addRow(tr("Ties"), self.defender)
        self.members = QListWidget()
        self.members.setMaximumHeight(90)
        form.addRow(tr("&Members"), self.members)
        self.target = QComboBox()
        form.addRow(tr("&DC from"), self.target)
        self.defence = QComboBox()
        self.defence.addItem(tr("Guard"), "guard")
        self.defence.addItem(trc("adversary defence", "Resolve"), "resolve")
        form.addRow(tr("Defence"), self.defence)
        self.dc = QSpinBox()
        self.dc.setRange(0, resonance.DC_LIMIT)
        self.dc.setValue(int(resonance.Tier.MODERATE))
        tiers = QGridLayout()
        self.tier_group = QButtonGroup(self)
        self.tier_buttons: dict[resonance.Tier, QPushButton] = {}
        for i, tier in enumerate(resonance.Tier):
            button = QPushButton(tr("{tier} {dc}", tier=tr(TIER_NAMES[tier]), dc=int(tier)))
            button.clicked.connect(lambda _c=False, t=tier: self.dc.setValue(int(t)))
            self.tier_buttons[tier] = button
            fit_text(button)
            tiers.addWidget(button, i // 2, i % 2)  # two columns fit a narrow dock
        dc_row = QHBoxLayout()
        dc_row.addWidget(self.dc)
        dc_row.addLayout(tiers, 1)
        dc_label = QLabel(tr("D&C"))  # a row of a layout gets no buddy by itself: "&" would show
        dc_label.setBuddy(self.dc)
        form.addRow(dc_label, dc_row)
        self.dc_row = dc_row
        self.name = QLineEdit()
        self.name.setPlaceholderText(tr("e.g. Escape the flooding crypt"))
        self.threshold = QSpinBox()
        self.threshold.setRange(1, 200)
        self.threshold.setValue(12)
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 20)
        self.rounds.setValue(4)
        form.addRow(tr("Challenge"), self.name)
        form.addRow(tr("Progress"), self.threshold)
        form.addRow(tr("Rounds"), self.rounds)
        self.odds = plain_label()
        self.odds.setObjectName("odds")
        form.addRow(self.odds)
        self.draw_button = QPushButton(trc("verb", "Draw"))
        self.draw_button.setObjectName("draw")
        form.addRow(self.draw_button)
        self.form = form
        self.character.currentIndexChanged.connect(self._fill_second)
        for box in (self.kind, self.character, self.stat, self.second, self.second_stat,
                    self.defender, self.target, self.defence):  # fmt: skip
            box.currentIndexChanged.connect(self.recount)
        for box in self.findChildren(QComboBox):
            # As narrow as a dozen letters; the longest entry (a DC named after an adversary)
            # otherwise set the whole dock's least width.
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            box.setMinimumContentsLength(12)
        for spin in (self.dc, self.threshold, self.rounds):
            spin.valueChanged.connect(self.recount)
        self.members.itemChanged.connect(self.recount)

    # -- filling ---------------------------------------------------------------------------------

    def fill(self, campaign: Campaign) -> None:
        """Offer the campaign's characters and adversaries, keeping what was picked."""
        self.campaign = campaign
        people = [(c.name, c.id) for c in campaign.characters]
        self.people = people
        foes = [(a, a.id) for a in play_of(campaign).adversaries]
        keep = self.character.currentData()
        self.character.blockSignals(True)
        self.character.clear()
        for name, cid in people:
            self.character.addItem(name, cid)
        self.character.setCurrentIndex(max(0, self.character.findData(keep)))
        self.character.blockSignals(False)
        self._fill_second()
        ticked = {self.members.item(i).data(Qt.ItemDataRole.UserRole)
                  for i in range(self.members.count())
                  if self.members.item(i).checkState() is Qt.CheckState.Checked}  # fmt: skip
        self.members.blockSignals(True)
        self.members.clear()
        for name, cid in people:
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = cid in ticked or not ticked
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.members.addItem(item)
        self.members.blockSignals(False)
        keep = self.target.currentData()
        self.target.blockSignals(True)
        self.target.clear()
        self.target.addItem(tr("The DC below"), None)
        for foe, fid in foes:
            self.target.addItem(
                tr(
                    "{name} (Guard {guard}, Resolve {resolve})",
                    name=foe.name,
                    guard=foe.guard,
                    resolve=foe.resolve,
                ),
                fid,
            )
        index = self.target.findData(keep)
        self.target.setCurrentIndex(max(0, index))
        self.target.blockSignals(False)
        self.recount()

    def _fill_second(self) -> None:
        """Offer everyone but the first side as the second side, keeping the pick if it can."""
        who = self.character.currentData()
        keep = self.second.currentData()
        self.second.blockSignals(True)
        self.second.clear()
        for name, cid in self.people:
            if cid != who:
                self.second.addItem(name, cid)
        self.second.setCurrentIndex(max(0, self.second.findData(keep)))
        self.second.blockSignals(False)

    def set_kind(self, kind: str) -> None:
        """Pick the kind of check."""
        self.kind.setCurrentIndex(KINDS.index(kind))

    def kind_of(self) -> str:
        """The kind picked."""
        return str(self.kind.currentData())

    def member_ids(self) -> tuple[str, ...]:
        """The ticked members (group and extended checks)."""
        return tuple(
            str(self.members.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(self.members.count())
            if self.members.item(i).checkState() is Qt.CheckState.Checked
        )

    # -- the operation ---------------------------------------------------------------------------

    def operation(self) -> Operation:
        """The operation *Draw* applies (Start, for an extended check)."""
        kind = self.kind_of()
        stat = self.stat.currentData()
        foe = self.target.currentData()
        dc = self.dc.value()
        defence = str(self.defence.currentData())
        who = self.character.currentData()
        if kind != "group" and kind != "extended" and who is None:
            raise OperationError(tr("Add a character to the party first"))
        if kind == "single":
            return BeginCheck(str(who), stat, dc, foe, defence)
        if kind == "opposed":
            second = self.second.currentData()
            if second is None:
                raise OperationError(tr("An opposed check needs a second character in the party"))
            return BeginOpposed(
                str(who), stat, str(second), self.second_stat.currentData(),
                self.defender.currentData(),
            )  # fmt: skip
        if kind == "group":
            return BeginGroup(self.member_ids(), stat, dc, foe, defence)
        return StartExtended(self.name.text(), stat, dc, self.threshold.value(),
                             self.rounds.value(), self.member_ids())  # fmt: skip

    def odds_text(self) -> str:
        """The exact odds of the operation, or why it cannot be drawn (``ready`` tells which)."""
        self.ready = False
        if self.campaign is None:
            return ""
        try:
            text = self._odds_of(self.operation())
        except (OperationError, RulesError) as exc:
            return str(exc)
        self.ready = True
        return "\n".join([text, *previews.deck_advice(self.campaign, self._draws())])

    def _draws(self) -> list[tuple[str, resonance.Stat]]:
        """Who the check set up draws for, on which stat."""
        kind, stat = self.kind_of(), self.stat.currentData()
        if kind in ("group", "extended"):
            return [(cid, stat) for cid in self.member_ids()]
        draws = [(str(self.character.currentData()), stat)]
        if kind == "opposed":
            draws.append((str(self.second.currentData()), self.second_stat.currentData()))
        return draws

    def _odds_of(self, op: Operation) -> str:
        assert self.campaign is not None
        degrees = play_of(self.campaign).options.degrees_of_success
        if isinstance(op, BeginCheck):
            return check_odds_text(previews.preview_check(self.campaign, op), degrees)
        if isinstance(op, BeginOpposed):
            odds = previews.preview_opposed(self.campaign, op)
            return opposed_odds_text(odds, self.character.currentText(), self.second.currentText())
        if isinstance(op, BeginGroup):
            return group_odds_text(previews.preview_group(self.campaign, op))
        assert isinstance(op, StartExtended)
        op.check(self.campaign)
        return tr("Start the challenge, then draw its rounds")

    def recount(self) -> None:
        """Show the rows of the kind picked, its odds, and whether it can be drawn."""
        kind = self.kind_of()
        shown = {
            self.character: kind in ("single", "opposed"),
            self.second: kind == "opposed",
            self.second_stat: kind == "opposed",
            self.defender: kind == "opposed",
            self.members: kind in ("group", "extended"),
            self.target: kind in ("single", "group"),
            self.defence: kind in ("single", "group") and self.target.currentData() is not None,
            self.name: kind == "extended",
            self.threshold: kind == "extended",
            self.rounds: kind == "extended",
        }
        for widget, on in shown.items():
            self.form.setRowVisible(widget, on)
        self.form.setRowVisible(self.dc_row, kind != "opposed")
        foe = self.target.currentData() is not None and kind in ("single", "group")
        self.dc.setEnabled(not foe)
        for button in self.tier_buttons.values():
            button.setEnabled(not foe)
        self.draw_button.setText(
            tr("Start the challenge") if kind == "extended" else trc("verb", "Draw")
        )
        self.odds.setText(self.odds_text())
        self.draw_button.setEnabled(self.ready)
        self.changed.emit()
