"""Resilience: a bar and big numbers, quick steps, and what 0 means (the resilience trial)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QProgressBar, QSpinBox, QWidget

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Character
from saga_desktop.model.songs.ops.sheet import SetMaxResilience, SetResilience
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.rules.songs.character import MAX_RESILIENCE_LIMIT
from saga_desktop.ui.songs.sheets.base import SheetContext, SheetPart
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label, state_colour, tool_button


def _spin(name: str, low: int, high: int, parent: QWidget) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setRange(low, high)
    spin.setKeyboardTracking(False)  # commit on Enter, arrows or leaving the field
    spin.setAccessibleName(name)
    return spin


class ResiliencePart(SheetPart):
    """Current and max resilience; at 0 the resilience trial is due; incapacitated needs tending."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(tr("Resilience"), context, parent)
        self._current = 0
        self.numbers = plain_label("0 / 0", self, wrap=False, factor=2.6, bold=True)
        self.numbers.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.body.addWidget(self.numbers)
        self.bar = QProgressBar(self)
        self.bar.setTextVisible(False)
        self.bar.setAccessibleName(tr("Resilience bar"))
        self.bar.setMinimumHeight(self.fontMetrics().height())
        self.body.addWidget(self.bar)
        self.status = plain_label("", self, bold=True)
        self.status.setAccessibleName(tr("Resilience status"))
        self.body.addWidget(self.status)
        row = FlowLayout()
        self.lose = tool_button("−1", tr("Lose 1 resilience"), parent=self)
        self.gain = tool_button("+1", tr("Recover 1 resilience"), parent=self)
        self.lose.clicked.connect(lambda: self._set(self._current - 1))
        self.gain.clicked.connect(lambda: self._set(self._current + 1))
        self.current_spin = _spin(tr("Resilience"), 0, MAX_RESILIENCE_LIMIT, self)
        self.max_spin = _spin(tr("Max resilience"), 1, MAX_RESILIENCE_LIMIT, self)
        self.current_spin.valueChanged.connect(self._set)
        self.max_spin.valueChanged.connect(self._set_max)
        current_caption = plain_label(tr("&Now"), self, wrap=False)
        current_caption.setBuddy(self.current_spin)
        max_caption = plain_label(tr("M&ax"), self, wrap=False)
        max_caption.setBuddy(self.max_spin)
        for widget in (
            self.lose,
            self.gain,
            current_caption,
            self.current_spin,
            max_caption,
            self.max_spin,
        ):
            row.addWidget(widget)
        self.body.addLayout(row)
        actions = FlowLayout()
        self.trial_button = tool_button(
            tr("Roll the resilience trial…"),
            tr("Roll the resilience trial"),
            tr("At 0 resilience the next roll is the resilience trial"),
            self,
        )
        self.trial_button.clicked.connect(self._trial)
        self.tend_button = tool_button(
            tr("Tend wounds…"),
            tr("Tend wounds"),
            tr("Back to 1 resilience, with a new condition"),
            self,
        )
        self.tend_button.clicked.connect(self._tend)
        actions.addWidget(self.trial_button)
        actions.addWidget(self.tend_button)
        self.body.addLayout(actions)

    def refresh(self, character: Character) -> None:
        """Show resilience, its bar and what it means."""
        sheet = sheet_of(character)
        self._current = sheet.resilience
        self.numbers.setText(tr("{now} / {max}", now=sheet.resilience, max=sheet.max_resilience))
        self.numbers.setAccessibleName(
            tr("Resilience {now} of {max}", now=sheet.resilience, max=sheet.max_resilience)
        )
        self.bar.setRange(0, sheet.max_resilience)
        self.bar.setValue(sheet.resilience)
        for spin, value, top in (
            (self.current_spin, sheet.resilience, sheet.max_resilience),
            (self.max_spin, sheet.max_resilience, MAX_RESILIENCE_LIMIT),
        ):
            spin.blockSignals(True)
            spin.setMaximum(top)
            spin.setValue(value)
            spin.blockSignals(False)
        low = sheet.resilience * 4 <= sheet.max_resilience
        state = "broken" if sheet.resilience == 0 else "damaged" if low else "ok"
        palette = self.bar.palette()
        palette.setColor(QPalette.ColorRole.Highlight, state_colour(state, self))
        self.bar.setPalette(palette)
        if sheet.incapacitated:
            text = tr(
                "Incapacitated and close to death: no rolls, no rests until wounds are tended."
            )
        elif sheet.resilience == 0:
            text = tr("At 0: the next roll is the resilience trial (success: back up at 1).")
        else:
            text = ""
        self.status.setText(text)
        self.status.setVisible(bool(text))
        colour_label(self.status, "warning")
        self.trial_button.setVisible(
            sheet.resilience == 0
            and not sheet.incapacitated
            and self.context.trial_handler is not None
        )
        self.tend_button.setVisible(sheet.incapacitated)
        for widget in (self.lose, self.gain, self.current_spin):
            widget.setEnabled(not sheet.incapacitated)

    def _set(self, value: int) -> None:
        c = self.context.character
        if c is None or value == sheet_of(c).resilience:
            return
        result = self.context.apply(SetResilience(self.cid, value))
        if result is None and self.context.character is not None:
            self.refresh(self.context.character)

    def _set_max(self, value: int) -> None:
        c = self.context.character
        if c is None or value == sheet_of(c).max_resilience:
            return
        if not self.context.accepts(SetMaxResilience(self.cid, value)):
            self.refresh(c)

    def _trial(self) -> None:
        if self.context.trial_handler is not None:
            self.context.trial_handler(self.cid)

    def _tend(self) -> None:
        from saga_desktop.ui.songs.sheets.entry_dialogs import TendDialog

        dialog = TendDialog(self.context, self.window())
        self.context.keep(dialog)
        dialog.open()
