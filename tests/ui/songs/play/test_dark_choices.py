"""In the dark scheme the choice made shows: the DR preset in effect, the radio button on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionButton, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.ui.appearance import Appearance, appearance_manager
from saga_desktop.ui.palette import contrast
from saga_desktop.ui.songs.play import TableFeature


@pytest.fixture(autouse=True)
def _dark() -> Iterator[None]:
    appearance_manager().set_choice(Appearance.DARK)
    yield
    appearance_manager().set_choice(Appearance.SYSTEM)


def pixels(image: QImage, r: QRect) -> list[QColor]:
    return [
        QColor(image.pixel(x, y))
        for x in range(r.left(), r.right() + 1)
        for y in range(r.top(), r.bottom() + 1)
        if image.rect().contains(x, y)
    ]


def as_shown(button: QWidget) -> QImage:
    """The button as the window shows it: grabbed from its parent (a grab of the button alone
    fills its background, which the window never does)."""
    QApplication.processEvents()
    parent = button.parentWidget()
    assert parent is not None
    return parent.grab(button.geometry()).toImage()


def indicator(widget: QWidget) -> QRect:
    option = QStyleOptionButton()
    option.initFrom(widget)
    return widget.style().subElementRect(QStyle.SubElement.SE_RadioButtonIndicator, option, widget)


def test_the_radio_button_that_is_on_stands_out(qtbot: QtBot, feature: TableFeature) -> None:
    setup = feature.panel.setup  # type: ignore[attr-defined]
    on, off = setup.trial, setup.fate
    assert on.isChecked() and not off.isChecked()
    window = on.palette().color(on.backgroundRole())
    ring = max(contrast(c, window) for c in pixels(as_shown(off), indicator(off)))
    assert ring >= 1.6, f"an unselected radio button has no visible ring ({ring:.2f}:1)"
    image, box = as_shown(on), indicator(on)
    centre = QColor(image.pixel(box.center()))
    disc = QColor(as_shown(off).pixel(indicator(off).center()))
    mark = contrast(centre, disc)
    assert mark >= 3, f"the mark of the selected one hardly shows ({mark:.2f}:1)"


def test_the_dr_in_effect_is_the_highlighted_preset(qtbot: QtBot, feature: TableFeature) -> None:
    picker = feature.panel.setup.dr  # type: ignore[attr-defined]
    picker.setValue(12)
    QApplication.processEvents()
    chosen, others = picker.buttons.button(12), [picker.buttons.button(v) for v in (9, 15)]
    highlight = QApplication.palette().color(QApplication.palette().ColorRole.Highlight)

    def fill(button: QWidget) -> QColor:
        image = button.grab().toImage()
        return QColor(image.pixel(5, image.height() // 2))

    def closeness(c: QColor) -> int:
        return (
            abs(c.red() - highlight.red())
            + abs(c.green() - highlight.green())
            + abs(c.blue() - highlight.blue())
        )

    assert closeness(fill(chosen)) < 90, fill(chosen).name()
    for button in others:
        assert closeness(fill(button)) > 150, f"{button.text()} looks chosen: {fill(button).name()}"
    picker.setValue(13)  # no preset: none is highlighted
    QApplication.processEvents()
    assert all(closeness(fill(picker.buttons.button(v))) > 150 for v in (9, 12, 15))
