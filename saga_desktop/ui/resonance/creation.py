"""Party › New character: a name and four stats that spend exactly the creation points.

At a player's seat the same dialog makes the player's character: the player is the seat, the
character goes to the GM for approval, and the dialog says where each of the seat's characters
stands. One the GM sent back is filled in and made again in its own place (``replaces``); while
one waits for the GM, nothing more is sent.
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.operation import OperationError
from saga_desktop.model.resonance.ops.characters import CreateCharacter
from saga_desktop.model.resonance.state import play_of, sheet_of
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import resonance
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.resonance.words import plain_label, stat_title

STANDING = {
    "accepted": tr_noop("at the table"),
    "submitted": tr_noop("waiting for the GM's approval"),
    "returned": tr_noop("sent back by the GM"),
}


def own_characters(campaign: Campaign, ids: Collection[str]) -> list[Character]:
    """The characters of ``ids``, in the campaign's order."""
    return [c for c in campaign.characters if c.id in ids]


def returned_of(campaign: Campaign, ids: Collection[str]) -> Character | None:
    """The first of these characters the GM sent back, if any (made again in its place)."""
    return next((c for c in own_characters(campaign, ids) if c.status == "returned"), None)


def standing_line(character: Character) -> str:
    """E.g. ``"Vey: sent back by the GM: pick another name"``."""
    standing = STANDING.get(character.status)
    line = tr(
        "{name}: {standing}",
        name=character.name,
        standing=tr(standing) if standing else character.status,
    )
    if character.status == "returned":
        return tr("{line}: {reason}", line=line, reason=character.review or tr("no reason given"))
    return line


def standing_text(campaign: Campaign, ids: Collection[str], *, all_of_them: bool = False) -> str:
    """A line for each of these characters the GM has not accepted (each, with ``all_of_them``)."""
    return "\n".join(
        standing_line(c)
        for c in own_characters(campaign, ids)
        if all_of_them or c.status != "accepted"
    )


class CreationDialog(QDialog):
    """Make a character: the dialog counts the points left and says every limit."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resonance-creation")
        self.setWindowTitle(tr("New character"))
        self.bridge = bridge
        campaign = bridge.session.campaign
        self.budget = play_of(campaign).options.creation_points
        self.created: str | None = None
        self.seat = bridge.limited  # a player's seat: the character goes to the GM
        mine = bridge.viewer.characters if self.seat else ()
        back = returned_of(campaign, mine)
        self.replaces = None if back is None else back.id
        waiting = [c.name for c in own_characters(campaign, mine) if c.status == "submitted"]
        lines = [standing_text(campaign, mine, all_of_them=True)]
        if back is not None:
            lines.append(tr("Change it below and send it again."))
        elif not mine:
            lines.append(tr("You have no character yet: make one and send it to the GM."))
        self.standing = plain_label("\n".join(line for line in lines if line))
        self.standing.setObjectName("standing")
        self.standing.setVisible(self.seat)
        form = QFormLayout()
        self.name = QLineEdit()
        self.player = QLineEdit()
        self.pronouns = QLineEdit()
        self.concept = QLineEdit()
        for edit in (self.name, self.player, self.pronouns, self.concept):
            edit.setMaxLength(NAME_MAX)
        form.addRow(tr("&Name"), self.name)
        form.addRow(tr("&Player"), self.player)
        form.addRow(tr("P&ronouns"), self.pronouns)
        form.addRow(tr("&Concept"), self.concept)
        self.stats: dict[resonance.Stat, QSpinBox] = {}
        for stat in resonance.Stat:
            box = QSpinBox()
            box.setRange(resonance.STAT_MIN, resonance.STAT_MAX)
            value = self.budget // 4 if back is None else sheet_of(back).stat(stat)
            box.setValue(min(resonance.STAT_MAX, max(resonance.STAT_MIN, value)))
            box.setObjectName(f"stat-{stat.value}")
            box.valueChanged.connect(self._update)
            self.stats[stat] = box
            form.addRow(stat_title(stat), box)
        self.limits = QLabel(
            tr(
                "Each stat lies between {low} and {high}; together they spend exactly "
                "{budget} points.",
                low=resonance.STAT_MIN,
                high=resonance.STAT_MAX,
                budget=self.budget,
            )
        )
        self.limits.setWordWrap(True)
        self.left = QLabel()
        self.left.setObjectName("points-left")
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #a02020")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._create)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(self._update)
        if self.seat:
            self._for_seat(back, waiting)
        layout = QVBoxLayout(self)
        layout.addWidget(self.standing)
        layout.addLayout(form)
        for widget in (self.limits, self.left, self.error, self.buttons):
            layout.addWidget(widget)
        self._update()

    def _for_seat(self, back: Character | None, waiting: list[str]) -> None:
        """The player is the seat; a character sent back fills the form; one waiting stops it."""
        seat_name = getattr(getattr(self.bridge.session, "model", None), "seat_name", "")
        self.player.setText(str(seat_name))
        self.player.setReadOnly(True)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("Send it again") if back is not None else tr("Send to the GM"))
        if back is not None:
            sheet = sheet_of(back)
            self.name.setText(back.name)
            self.pronouns.setText(sheet.pronouns)
            self.concept.setText(sheet.concept)
        if waiting:
            self.error.setText(
                tr("{name} waits for the GM's answer: it shows here.", name=waiting[0])
            )
            for edit in (self.name, self.pronouns, self.concept, *self.stats.values()):
                edit.setEnabled(False)

    def values(self) -> tuple[int, int, int, int]:
        """Heart, Body, Mind and Spirit as set."""
        h, b, m, s = (self.stats[stat].value() for stat in resonance.Stat)
        return h, b, m, s

    def _update(self) -> None:
        left = self.budget - sum(self.values())
        if left > 0:
            self.left.setText(trn("{n} point left to spend", "{n} points left to spend", left))
        elif left < 0:
            self.left.setText(
                trn("{n} point too many: lower a stat", "{n} points too many: lower a stat", -left)
            )
        else:
            self.left.setText(tr("Every point is spent"))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(left == 0 and bool(self.name.text().strip()) and self.name.isEnabled())

    def _create(self) -> None:
        op = CreateCharacter(
            self.name.text(), self.values(), self.player.text(), self.pronouns.text(),
            self.concept.text(), submit=self.seat, replaces=self.replaces,
        )  # fmt: skip
        try:
            self.created = self.bridge.try_apply(op)
        except OperationError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
