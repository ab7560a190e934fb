"""Every word goes through the translation call: the windows under a pseudo-language (issue 33).

The walk covers the parts of the app whose words are in the catalog (``WALKED``): it grows as
each part lands, until it is the whole window. A plain English word in what they show, their
tooltips or what a screen reader reads fails; and in French, a cut text at 1366×768 fails.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QGraphicsView,
    QLabel,
    QMenu,
    QWidget,
)
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs, tr
from saga_desktop.resources import resources_dir
from saga_desktop.ui.language import language_name, offered
from tests.ui.pseudo_language import (
    menu_texts,
    pseudo,
    pseudo_catalog,
    untranslated,
    user_words,
)
from tests.ui.test_large_text import cut_buttons
from tests.ui.test_window_sizes import shown_docks, squeezed_labels, window_for

GAMES = ("songs-and-sagas", "resonance", "dice-pool")

WALKED_MENUS = (
    "language-menu", "FileMenu", "EditMenu", "CampaignMenu", "MapMenu", "JournalMenu",
    "appearance-menu", "announcementsMenu",
)  # fmt: skip
"""Menus (object names) whose every entry is in the catalog; the Player View is walked whole."""
GAME_MENUS: dict[str, tuple[str, ...]] = {
    "songs-and-sagas": ("PlayMenu", "PartyMenu"),
    "resonance": ("PlayMenu", "PartyMenu"),
    "dice-pool": ("PartyMenu",),  # the dice pool has no Play menu
}
"""Per game, its own menus that are walked too."""

SHARED_DOCKS = ("card-table", "journal", "chat", "TablesDock", "RegionsDock")
WALKED_DOCKS: dict[str, tuple[str, ...]] = {
    "songs-and-sagas": (*SHARED_DOCKS, "roll-panel", "enemies", "combat"),
    "resonance": (*SHARED_DOCKS, "resonance-check"),
    "dice-pool": (*SHARED_DOCKS, "dicepool-check", "dicepool-combat"),
}
"""Per game, the docks (object names) whose every word is in the catalog."""


@pytest.fixture
def pseudo_language() -> Iterator[None]:
    i18n.use(pseudo_catalog(resources_dir()), "pseudo")
    yield
    i18n.use(None)


def test_the_pseudo_language_is_accented_longer_and_keeps_what_code_fills() -> None:
    assert pseudo("Roll the die") == "Ŕóĺĺ ťĥé đíé ~~~~~"
    assert pseudo("Port {port} is &taken") == "Ṕóŕť {port} íš &ťáķéñ ~~~~~~~~"
    assert pseudo("<b>Bold</b> &amp; more").startswith("<b>Ɓóĺđ</b> &amp; ḿóŕé")


def test_the_walk_finds_a_plain_english_word_and_spares_typed_names(qtbot: QtBot) -> None:
    typed = {"Ivar the Quiet"}
    plain = QLabel("Roll for Ivar the Quiet")
    plain.setObjectName("plain")
    translated = QLabel(pseudo("Roll for {name}").format(name="Ivar the Quiet"))
    keys = QLabel("Ctrl+Shift+T 12 F6")
    for label in (plain, translated, keys):
        qtbot.addWidget(label)
    found = untranslated([plain, translated, keys], typed)
    assert found == ["plain: text: 'Roll for Ivar the Quiet' (Roll for)"]


def test_a_string_missing_from_the_catalog_stays_english(pseudo_language: None) -> None:
    assert tr("Later") != "Later"  # in the catalog
    assert tr("No such words anywhere") == "No such words anywhere"


def _walked(window: QWidget, game: str) -> list[QWidget]:
    """The walked docks, each shown in turn (a dock builds its content when first shown)."""
    widgets: list[QWidget] = []
    found = set()
    for dock in window.findChildren(QDockWidget):
        if dock.objectName() in WALKED_DOCKS[game] or dock.objectName().startswith("sheet"):
            dock.show()
            dock.raise_()
            QApplication.processEvents()
            inside = dock.findChildren(QWidget)
            assert len(inside) > 5, f"{dock.objectName()} has not built its content"
            widgets += [dock, *inside]
            found.add(dock.objectName())
    assert set(WALKED_DOCKS[game]) <= found
    assert any(name.startswith("sheet") for name in found), "no character sheet was walked"
    return widgets


PENDING: tuple[str, ...] = ()
"""Widgets the Player View borrows from parts still to be put through the catalog (the cards'
names, the piles' summary): walked once those parts land."""


def _player_view(window: QWidget) -> list[QWidget]:
    """The Player View's own widgets (its map is the map's: walked with the map's part)."""
    player = window.player_feature.ensure_window()  # type: ignore[attr-defined]
    player.show()
    skip: set[int] = set()
    for view in player.findChildren(QGraphicsView):
        skip |= {id(view), *(id(w) for w in view.findChildren(QWidget))}
    return [
        w
        for w in [player, *player.findChildren(QWidget)]
        if id(w) not in skip and type(w).__name__ not in PENDING and w.objectName() not in PENDING
    ]


@pytest.mark.parametrize("game", GAMES)
def test_no_plain_english_in_the_walked_parts(
    qtbot: QtBot, game: str, pseudo_language: None
) -> None:
    window = window_for(qtbot, game, (1366, 768))
    typed = user_words([window.document.campaign.model_dump(mode="json")])
    typed |= {language_name(code) for code in offered()}  # each language's own name for itself
    # A journal line stored without words is a note a player typed (or a line of an old file):
    # shown as written. Every line the games write is words, and is checked.
    typed |= {e.text for e in window.document.campaign.journal if e.words is None}
    walked = (*WALKED_MENUS, *GAME_MENUS[game])
    menus = [m for m in window.findChildren(QMenu) if m.objectName() in walked]
    assert {m.objectName() for m in menus} == set(walked)
    extra = [entry for menu in menus for entry in menu_texts(menu)]
    feature = window.player_feature
    for action in (feature.open_action, feature.hold_action, feature.link_action):
        extra += [("entry", action.text()), ("tip", action.toolTip())]
    widgets = _walked(window, game) + _player_view(window)
    found = untranslated(widgets, typed, extra)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_the_walked_docks_cut_no_french_at_1366_by_768(qtbot: QtBot, game: str) -> None:
    """French runs about a fifth longer than English: nothing of it is cut.

    Each walked dock is brought to the front in turn (docks share tabs) and looked at.
    """
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    window = window_for(qtbot, game, (1366, 768))
    cut: list[str] = []
    looked = 0
    for dock in window.findChildren(QDockWidget):
        if dock.objectName() not in WALKED_DOCKS[game]:
            continue
        dock.show()
        dock.raise_()
        qtbot.wait(30)
        if not dock.isVisible():
            continue  # a dock this game does not use (the rolling tables outside Songs & Sagas)
        shown = {d.objectName() for d in shown_docks(window)}
        assert dock.objectName() in shown
        looked += 1
        name = dock.objectName()
        cut += [c for c in cut_buttons(window) if c.split(":")[0] == name]
        cut += [c for c in squeezed_labels(window) if c.split(":")[0] == name]
    assert looked >= 3
    assert cut == []
