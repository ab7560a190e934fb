"""The parts of the check dock that pick traits: the trait lists and one helper's assist row.

A helper's row says who assists, with which attribute and skill or vocation, and (for real dice)
the faces they rolled; the expected effect of the assist shows on a line of its own.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
from saga_desktop.model.dicepool.ops.checks import AssistSpec
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.dicepool.wording import attribute_words
from saga_desktop.ui.dicepool.widgets import label, parse_faces
from saga_desktop.ui.elide import elide, plain_tip


def trait_items(card: dp.CharacterCard, proficiencies: bool = True) -> list[tuple[str, str, str]]:
    """(text, kind, name) for every trait a check may add, the bare attribute first."""
    items = [(tr("(attribute only)"), "skill", "")]
    items += [(tr("Skill: {name} {value}", name=n, value=v), "skill", n) for n, v in card.skills]
    items += [
        (tr("Vocation: {name} {value}", name=n, value=v), "vocation", n) for n, v in card.vocations
    ]
    if proficiencies:
        items += [
            (tr("Proficiency: {name} {value}", name=n, value=v), "proficiency", n)
            for n, v in card.proficiencies
        ]
    return items


def request_words(attribute: str, trait: str, kind: str, cl: int) -> str:
    """A check in words, e.g. ``"REF + Athletics against CL 3"``."""
    try:
        request = dp.CheckRequest(dp.Attribute(attribute), trait, dp.TraitKind(kind), cl)
    except ValueError:  # a RulesError too
        return tr("This check")
    return say(request.words())


NAME_WIDTH_EMS = 16
"""How much of a helper's name the assist row shows (the whole name is in its tooltip)."""
COMBO_EMS = 8
"""The least width of the panel's choice boxes, in letters: the longest entry (a long skill
name, a character's name) no longer sets the whole dock's least width."""


def compact(widget: QWidget) -> None:
    """Let every choice box in ``widget`` shrink to a few letters (the list still shows all)."""
    for box in widget.findChildren(QComboBox):
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        box.setMinimumContentsLength(COMBO_EMS)


def fill(combo: QComboBox, items: list[tuple[str, str, str]]) -> None:
    """Fill a trait combo, keeping the chosen trait when it is still there."""
    keep = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    for text, kind, name in items:
        combo.addItem(text, f"{kind}|{name}")
    at = combo.findData(keep)
    combo.setCurrentIndex(max(0, at))
    combo.blockSignals(False)


def split(data: object) -> tuple[str, str] | None:
    """The (kind, name) a trait combo item holds."""
    if not isinstance(data, str) or "|" not in data:
        return None
    kind, _, name = data.partition("|")
    return kind, name


class HelperRow(QWidget):
    """One possible helper: ticked to assist, the attribute and skill or vocation, typed faces."""

    def __init__(self, card: dp.CharacterCard, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.helper_id = card.id
        lines = QVBoxLayout(self)  # the name on its line, the choices under it: a narrow dock fits
        lines.setContentsMargins(0, 0, 0, 0)
        lines.setSpacing(2)
        metrics = self.fontMetrics()
        name = elide(metrics, card.name, NAME_WIDTH_EMS * metrics.averageCharWidth())
        self.on = QCheckBox(tr("{name} assists with", name=name))
        self.on.setToolTip(plain_tip(card.name))
        lines.addWidget(self.on)
        row = QHBoxLayout()
        row.setContentsMargins(metrics.averageCharWidth() * 3, 0, 0, 0)
        lines.addLayout(row)
        self.attribute = QComboBox()
        for a in dp.Attribute:
            self.attribute.addItem(say(attribute_words(a.label)), a.value)
        self.attribute.setCurrentIndex(2)
        self.trait = QComboBox()
        fill(self.trait, trait_items(card, proficiencies=False)[1:])
        self.faces = QLineEdit()
        self.faces.setPlaceholderText(tr("assist faces"))
        self.faces.setAccessibleName(tr("Faces the helper's dice show"))
        self.faces.setVisible(False)
        for w in (self.attribute, self.trait, self.faces):
            row.addWidget(w)
        row.addStretch(1)
        compact(self)
        self.effect = label("")  # on its own line: typed assist faces leave it its width
        self.effect.setContentsMargins(metrics.averageCharWidth() * 3, 0, 0, 0)
        lines.addWidget(self.effect)

    def spec(self, physical: bool) -> AssistSpec | None:
        """The assist, when ticked."""
        data = split(self.trait.currentData())
        if not self.on.isChecked() or data is None:
            return None
        faces = parse_faces(self.faces.text()) if physical else None
        if physical and faces is None:
            faces = ()
        return AssistSpec(self.helper_id, self.attribute.currentData(), data[1], data[0], faces)
