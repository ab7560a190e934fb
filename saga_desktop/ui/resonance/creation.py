"""Party › New character: a name and four stats that spend exactly the creation points."""

from __future__ import annotations

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

from saga_desktop.model.operation import OperationError
from saga_desktop.model.resonance.ops.characters import CreateCharacter
from saga_desktop.model.resonance.state import play_of
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import resonance
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.resonance.words import stat_title


class CreationDialog(QDialog):
    """Make a character: the dialog counts the points left and says every limit."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resonance-creation")
        self.setWindowTitle("New character")
        self.bridge = bridge
        self.budget = play_of(bridge.session.campaign).options.creation_points
        self.created: str | None = None
        form = QFormLayout()
        self.name = QLineEdit()
        self.player = QLineEdit()
        self.pronouns = QLineEdit()
        self.concept = QLineEdit()
        for edit in (self.name, self.player, self.pronouns, self.concept):
            edit.setMaxLength(NAME_MAX)
        form.addRow("&Name", self.name)
        form.addRow("&Player", self.player)
        form.addRow("P&ronouns", self.pronouns)
        form.addRow("&Concept", self.concept)
        self.stats: dict[resonance.Stat, QSpinBox] = {}
        for stat in resonance.Stat:
            box = QSpinBox()
            box.setRange(resonance.STAT_MIN, resonance.STAT_MAX)
            box.setValue(min(resonance.STAT_MAX, max(resonance.STAT_MIN, self.budget // 4)))
            box.setObjectName(f"stat-{stat.value}")
            box.valueChanged.connect(self._update)
            self.stats[stat] = box
            form.addRow(stat_title(stat), box)
        self.limits = QLabel(
            f"Each stat lies between {resonance.STAT_MIN} and {resonance.STAT_MAX}; together "
            f"they spend exactly {self.budget} points."
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
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        for widget in (self.limits, self.left, self.error, self.buttons):
            layout.addWidget(widget)
        self._update()

    def values(self) -> tuple[int, int, int, int]:
        """Heart, Body, Mind and Spirit as set."""
        h, b, m, s = (self.stats[stat].value() for stat in resonance.Stat)
        return h, b, m, s

    def _update(self) -> None:
        left = self.budget - sum(self.values())
        if left > 0:
            self.left.setText(f"{left} points left to spend")
        elif left < 0:
            self.left.setText(f"{-left} points too many: lower a stat")
        else:
            self.left.setText("Every point is spent")
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(left == 0 and bool(self.name.text().strip()))

    def _create(self) -> None:
        op = CreateCharacter(
            self.name.text(), self.values(), self.player.text(), self.pronouns.text(),
            self.concept.text(),
        )  # fmt: skip
        try:
            self.created = self.bridge.try_apply(op)
        except OperationError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
