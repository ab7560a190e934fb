"""The roll panel's setup at a player's seat: the roll the GM sent, the player's burns, Roll.

A player makes only the rolls the GM prompted to their characters (``songs.RollPrompt``): the
attribute, the DR, trial or fate and the risk are the GM's, so their rows are not shown (the
prompt picked in the list above says what the roll is). The player keeps what the rules give
them: the cards to burn first (Call the Gods, conjuring the Vanori, Come Prepared, Aid an Ally
from another of their own characters) and, when the GM asked for real dice, the number their
d20 shows. The odds are the setup's own, counted on the seat's view as the host will roll: the
same :class:`BeginTrial` the host makes of the prompt.
"""

from __future__ import annotations

from pydantic import JsonValue
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

from saga_desktop.i18n import tr, tr_noop, trc
from saga_desktop.model.operation import kind_of
from saga_desktop.model.songs.ops.prompts import RollPrompt
from saga_desktop.model.songs.ops.rolls import BeginTrial
from saga_desktop.model.songs.state import SongsPrompt
from saga_desktop.rules import songs
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.play.roll_setup import RollSetup

NOTHING_WAITS = tr_noop("No roll waits for your characters. When the GM sends one, it shows here.")
TYPE_THE_D20 = tr_noop("Type the number your d20 shows first.")
ROLL_PROMPT = kind_of(RollPrompt)


class PlayerSetup(RollSetup):
    """The setup of a prompted roll: what the GM set, in words; the player's burns and d20."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(bridge, parent)
        self.prompt: SongsPrompt | None = None
        form = self.layout()
        assert isinstance(form, QFormLayout)
        self.what = QLabel(self)
        self.what.setObjectName("roll-prompted")
        self.what.setTextFormat(Qt.TextFormat.PlainText)  # the GM's reason is user text
        self.what.setWordWrap(True)
        self.what.setText(tr(NOTHING_WAITS))
        for row in range(form.rowCount()):
            field = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            mine = field is not None and (
                field.widget() is self.burns or field.layout() is self.dice_row
            )
            if not mine:  # the GM's choices: character, attribute, DR, risk, other changes
                form.setRowVisible(row, False)
        form.insertRow(0, self.what)
        self.d20.setRange(0, 20)  # 0: not typed yet (a slip must not send a natural 1)
        self.d20.setPrefix(tr("my d20 shows "))
        self.d20.setSpecialValueText(tr("type what your d20 shows"))
        self.burns.may_help = self._may_help
        self.burns.may_lower_dr = False
        self.set_prompt(None)

    @property
    def offers_roll(self) -> bool:
        """The odds and the Roll button show only while a prompted roll is picked."""
        return self.prompt is not None

    @property
    def character_id(self) -> str | None:
        """The prompted character (None when no roll is picked)."""
        return None if self.prompt is None else self.prompt.character

    def _may_help(self, helper: str) -> bool:
        """Aid an Ally from ``helper``'s hand, as the host checks it (one's own characters)."""
        if self.prompt is None:
            return False
        burn: dict[str, JsonValue] = {"kind": songs.BurnKind.AID_AN_ALLY.value, "by": helper}
        return self.bridge.may(ROLL_PROMPT, {"prompt": self.prompt.id, "burns": [burn]})

    def set_prompt(self, prompt: SongsPrompt | None) -> None:
        """Set up ``prompt`` (None: nothing waits); another prompt starts with no burns."""
        if prompt is None or self.prompt is None or prompt.id != self.prompt.id:
            self._building = True
            self.burns.clear()
            self.d20.setValue(0)
            self._building = False
        self.prompt = prompt
        self.sync()

    def sync(self) -> None:
        """Bring the prompted roll, the hands and the odds up to date with the campaign."""
        prompt = self.prompt
        physical = prompt is not None and prompt.physical
        self.physical.setChecked(physical)
        form = self.layout()
        assert isinstance(form, QFormLayout)
        form.setRowVisible(self.dice_row, physical)
        self.physical.hide()  # the GM asked for real dice, or did not: not the player's choice
        form.setRowVisible(self.burns, prompt is not None)
        self.roll_button.setText(tr("Send my d20") if physical else trc("verb", "Roll"))
        self.what.setVisible(prompt is None)  # else the prompt picked says what the roll is
        super().sync()

    def op(self) -> BeginTrial | None:
        """The roll the host will make of the prompt with the burns chosen (for the odds)."""
        p = self.prompt
        if p is None:
            return None
        return BeginTrial(
            p.character, p.attribute, p.dr, songs.RollKind(p.kind), p.risk, self.burns.choices()
        )

    def request(self) -> RollPrompt | None:
        """The request the Roll button sends: the prompt, the burns, the d20 typed."""
        p = self.prompt
        if p is None:
            return None
        d20 = self.d20.value() if p.physical else None
        return RollPrompt(p.id, self.burns.choices(), d20)

    def refresh_odds(self) -> None:
        """The odds of the prompted roll; Roll waits for a real d20's number when one is asked."""
        if self._building:
            return
        if self.prompt is None:
            self.odds.show_refusal(tr(NOTHING_WAITS))
            self.roll_button.setEnabled(False)
            return
        super().refresh_odds()
        untyped = self.prompt.physical and self.d20.value() == 0
        self.roll_button.setToolTip(tr(TYPE_THE_D20) if untyped else "")
        if untyped:
            self.roll_button.setEnabled(False)

    def _roll(self) -> None:
        request = self.request()
        if request is not None and self.roll_button.isEnabled():
            self.rollRequested.emit(request)

    def prefill(
        self,
        character_id: str,
        attribute: songs.Attribute | None = None,
        *,
        dr: int | None = None,
        kind: songs.RollKind | None = None,
        risk: int | None = None,
    ) -> None:
        """A player sets up no roll of their own: the GM sends it (nothing changes)."""
