"""The travel planner: the path, its length in hexes and miles, and the days by each way of travel.

The planner only plans; :class:`~saga_desktop.ui.map.flows.MapFlows` charts the uncharted hexes
on the way one at a time and then applies one :class:`~saga_desktop.model.ops.map.Travel`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, trn
from saga_desktop.model.campaign import MapState
from saga_desktop.model.ops.map import travel_days
from saga_desktop.model.ruleset import TravelMode
from saga_desktop.rules.hexgrid import Hex


def mode_title(mode: TravelMode) -> str:
    """``"On foot"``, ``"By longship under sail"``: the ruleset's words, capitalised."""
    said = tr(mode.text)  # the English of a catalog entry
    return said[:1].upper() + said[1:]


def describe_step(state: MapState, h: Hex) -> str:
    """One line of the path: the hex and what is there."""
    region = state.region_at(h.q, h.r)
    if region is None:
        return tr("({q}, {r})  uncharted: you will chart it on arrival", q=h.q, r=h.r)
    if region.title:
        return tr(
            "({q}, {r})  region {number} — {title}, risk {risk}",
            q=h.q,
            r=h.r,
            number=region.number,
            title=region.title,
            risk=region.risk,
        )
    return tr(
        "({q}, {r})  region {number}, risk {risk}",
        q=h.q,
        r=h.r,
        number=region.number,
        risk=region.risk,
    )


def _plain(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class TravelDialog(QDialog):
    """Plan a journey from the party's hex along ``path`` and pick how to travel."""

    def __init__(
        self,
        state: MapState,
        start: Hex,
        path: list[Hex],
        modes: tuple[TravelMode, ...],
        mode: TravelMode | None = None,
        parent: QWidget | None = None,
        hex_miles: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("TravelDialog")
        self.setWindowTitle(tr("Plan the journey"))
        self.path = path
        n = len(path)
        self.uncharted = [h for h in path if state.region_at(h.q, h.r) is None]
        end = path[-1] if path else start
        where = {"q0": start.q, "r0": start.r, "q1": end.q, "r1": end.r}
        if hex_miles:
            summary = trn(
                "From ({q0}, {r0}) to ({q1}, {r1}): {n} hex, {miles} miles.",
                "From ({q0}, {r0}) to ({q1}, {r1}): {n} hexes, {miles} miles.",
                n,
                miles=n * hex_miles,
                **where,
            )
        else:
            summary = trn(
                "From ({q0}, {r0}) to ({q1}, {r1}): {n} hex.",
                "From ({q0}, {r0}) to ({q1}, {r1}): {n} hexes.",
                n,
                **where,
            )
        self.summary = _plain(summary)
        font = self.summary.font()
        font.setBold(True)
        self.summary.setFont(font)
        steps = QPlainTextEdit()
        steps.setReadOnly(True)
        steps.setPlainText(
            "\n".join(f"{i + 1}. {describe_step(state, h)}" for i, h in enumerate(path))
        )
        steps.setMinimumHeight(steps.fontMetrics().lineSpacing() * 5)
        steps.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.steps = steps
        box = QGroupBox(tr("How do you travel?"))
        grid = QGridLayout(box)
        self.modes = QButtonGroup(self)
        self.mode_buttons: dict[TravelMode, QRadioButton] = {}
        for row, m in enumerate(modes):
            days = travel_days(n, m)
            button = QRadioButton(mode_title(m))
            per_day = trn("{n} hex a day", "{n} hexes a day", m.hexes_per_day)
            button.setToolTip(per_day)
            self.modes.addButton(button, row)
            self.mode_buttons[m] = button
            grid.addWidget(button, row, 0)
            grid.addWidget(_plain(per_day), row, 1)
            total = _plain(trn("{n} day", "{n} days", days))
            total.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            bold = total.font()
            bold.setBold(True)
            total.setFont(bold)
            grid.addWidget(total, row, 2)
        grid.setColumnStretch(1, 1)
        grid.setHorizontalSpacing(18)
        self._first = modes[0]
        self.mode_buttons[mode if mode in self.mode_buttons else modes[0]].setChecked(True)
        lay = QVBoxLayout(self)
        lay.addWidget(self.summary)
        lay.addWidget(steps, 1)
        lay.addWidget(box)
        if self.uncharted:
            count = len(self.uncharted)
            lay.addWidget(
                _plain(
                    trn(
                        "{n} uncharted hex on the way: you chart each one as you enter it. "
                        "Cancel a charting to stop the journey there.",
                        "{n} uncharted hexes on the way: you chart each one as you enter it. "
                        "Cancel a charting to stop the journey there.",
                        count,
                    )
                )
            )
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("&Travel"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.buttons = buttons
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("x") * 64)

    def mode(self) -> TravelMode:
        """The chosen way of travel."""
        for m, button in self.mode_buttons.items():
            if button.isChecked():
                return m
        return self._first

    def days(self) -> int:
        """Days the journey takes by the chosen way."""
        return travel_days(len(self.path), self.mode())
