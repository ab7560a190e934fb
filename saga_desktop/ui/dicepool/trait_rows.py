"""Skills, proficiencies or vocations as rows: a name box and a number box each, limits shown.

A row whose name is left empty counts for nothing (a fresh row is empty until named), so a
card's traits are exactly the named rows; the number box keeps each value within the rules.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop

WORDS: dict[str, tuple[str, str, str, str]] = {
    "skill": (
        tr_noop("Add a skill"),
        tr_noop("Skill name"),
        tr_noop("Skill points"),
        tr_noop("Remove this skill"),
    ),
    "proficiency": (
        tr_noop("Add a proficiency"),
        tr_noop("Proficiency name"),
        tr_noop("Proficiency points"),
        tr_noop("Remove this proficiency"),
    ),
    "vocation": (
        tr_noop("Add a vocation"),
        tr_noop("Vocation name"),
        tr_noop("Vocation points"),
        tr_noop("Remove this vocation"),
    ),
}
"""Each kind of trait's own words: its add button, name box, points box and remove button."""


class TraitRows(QGroupBox):
    """Rows of (name, points) for one kind of trait, each worth 1 to ``top`` points.

    The title says the limit (a title stays on one line; a wrapping note in a scrolled form
    could be squeezed).
    """

    changed = Signal()

    def __init__(
        self, kind: str, title: str, top: int, example: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(tr("{title}: each 1 to {top} points", title=title, top=top), parent)
        self.kind = kind
        self.top = top
        self.example = example
        self.setObjectName(f"traits-{kind}")
        outer = QVBoxLayout(self)
        self.grid = QGridLayout()
        self.grid.setColumnStretch(0, 1)
        outer.addLayout(self.grid)
        self.rows: list[tuple[QLineEdit, QSpinBox, QPushButton]] = []
        add, self.name_words, self.points_words, self.remove_words = (tr(w) for w in WORDS[kind])
        self.add_button = QPushButton(add)
        self.add_button.setObjectName(f"add-{kind}")
        self.add_button.clicked.connect(lambda: self.add_row(focus=True))
        outer.addWidget(self.add_button)

    def add_row(
        self, name: str = "", points: int = 1, *, focus: bool = False
    ) -> tuple[QLineEdit, QSpinBox]:
        """Add a row; returns its name and number boxes."""
        edit = QLineEdit(name)
        edit.setPlaceholderText(tr("e.g. {example}", example=self.example))
        edit.setAccessibleName(self.name_words)
        spin = QSpinBox()
        spin.setRange(1, self.top)
        spin.setValue(max(1, min(points, self.top)))
        spin.setAccessibleName(self.points_words)
        spin.setToolTip(tr("1 to {top}", top=self.top))
        remove = QPushButton(tr("Remove"))
        remove.setAccessibleName(self.remove_words)
        row = (edit, spin, remove)
        remove.clicked.connect(lambda: self._remove(row))
        edit.textChanged.connect(lambda _t: self.changed.emit())
        spin.valueChanged.connect(lambda _v: self.changed.emit())
        r = len(self.rows)
        self.grid.addWidget(edit, r, 0)
        self.grid.addWidget(spin, r, 1)
        self.grid.addWidget(remove, r, 2)
        self.rows.append(row)
        if focus:
            edit.setFocus()
        self.changed.emit()
        return edit, spin

    def _remove(self, row: tuple[QLineEdit, QSpinBox, QPushButton]) -> None:
        self.set_traits([(e.text(), s.value()) for e, s, _r in self.rows if (e, s, _r) != row])

    def set_traits(self, traits: list[tuple[str, int]]) -> None:
        """Show exactly these rows, as (name, points)."""
        for widgets in self.rows:
            for w in widgets:
                w.hide()
                w.deleteLater()
        self.rows = []
        for name, points in traits:
            self.add_row(name, points)
        self.changed.emit()

    def traits(self) -> tuple[tuple[str, int], ...]:
        """The named rows as (name, points), in order."""
        return tuple((e.text().strip(), s.value()) for e, s, _r in self.rows if e.text().strip())

    def points(self) -> int:
        """The points the named rows spend."""
        return sum(v for _n, v in self.traits())
