"""Every dialog of the three games under the pseudo-language: no plain English word (issue 33).

The docks and menus are walked in ``test_pseudo_language``; here each dialog is opened on its
game's sample campaign and every text, tooltip and accessible name it shows is looked at.
Names a player typed (the campaign's own words) are spared.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QSettings, QSize
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import tr
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.resources import resources_dir
from saga_desktop.rules.cards import Card
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from tests.ui.pseudo_language import pseudo_catalog, untranslated, user_words

EXAMPLE_CODE = "42-lantern-otter-maple"

Factory = Callable[[SessionBridge], QWidget]


def _shared() -> dict[str, Factory]:
    from saga_desktop.ui.cardtable.discard_viewer import DiscardViewer
    from saga_desktop.ui.chat.handouts import HandoutEditor
    from saga_desktop.ui.dialogs import NewCampaignDialog
    from saga_desktop.ui.help import RulesHelp
    from saga_desktop.ui.journal.note_dialog import NoteDialog
    from saga_desktop.ui.map.chart_dialog import ChartDialog, EditRegionDialog
    from saga_desktop.ui.map.export_dialogs import PngSizeDialog
    from saga_desktop.ui.network.dialogs import JoinDialog
    from saga_desktop.ui.network.internet_settings import InternetSettingsDialog
    from saga_desktop.ui.network.review import ReviewDialog
    from saga_desktop.ui.options_dialog import OptionsDialog
    from saga_desktop.ui.prompt_dialog import PromptDialog

    return {
        "new campaign": lambda _b: NewCampaignDialog(),
        "rules help": lambda _b: RulesHelp(),
        "note": lambda b: NoteDialog(b.session.campaign),
        "chart": lambda b: ChartDialog(b, Hex(7, -3)),
        "edit region": lambda b: EditRegionDialog(b, b.session.campaign.map.regions[0]),
        "png size": lambda _b: PngSizeDialog(QSize(1600, 1200)),
        "join": lambda _b: JoinDialog(),
        "internet": lambda _b: InternetSettingsDialog(settings=QSettings()),
        "review": lambda b: ReviewDialog(b),
        "options": lambda b: OptionsDialog(b),
        "discard": lambda b: DiscardViewer(b),
        "handout": lambda _b: HandoutEditor(["Ren", "Sam"]),
        "travel": _travel,
        "prompt": lambda b: PromptDialog(
            tr("Roll the trial"), [(c.id, c.name) for c in b.session.campaign.characters]
        ),
    }


def _travel(bridge: SessionBridge) -> QWidget:
    from saga_desktop.model.ops.travel import straight_path
    from saga_desktop.ui.map.travel import TravelDialog

    state = bridge.session.campaign.map
    assert state.party is not None
    start = state.party.hex
    game = find_ruleset(bridge.session.campaign.ruleset)
    path = straight_path(start, Hex(start.q + 2, start.r))
    return TravelDialog(state, start, path, game.travel_modes(), hex_miles=game.hex_miles)


def _songs() -> dict[str, Factory]:
    from saga_desktop.model.songs.access import vanori_of
    from saga_desktop.model.songs.state import sheet_of
    from saga_desktop.ui.songs.combat.consequences import ConditionDialog
    from saga_desktop.ui.songs.play.burn_dialog import BurnCardDialog
    from saga_desktop.ui.songs.play.burns import PreparedDialog
    from saga_desktop.ui.songs.play.oracle_dialog import OracleDialog
    from saga_desktop.ui.songs.play.rest_dialog import RestDialog
    from saga_desktop.ui.songs.sheets.base import SheetContext
    from saga_desktop.ui.songs.sheets.creation import CreationDialog
    from saga_desktop.ui.songs.sheets.vanori import VanoriDialog

    def vanori(bridge: SessionBridge) -> QWidget:
        character = bridge.session.campaign.characters[0]
        context = SheetContext(bridge, character.id)
        return VanoriDialog(context, vanori_of(sheet_of(character)))

    return {
        "vanori": vanori,
        "oracle": lambda b: OracleDialog(b),
        "prepared": lambda _b: PreparedDialog(Card.from_code("QH"), with_dr=True),
        "condition": lambda b: ConditionDialog(b.session.campaign.characters[0].name),
        "rest": lambda b: RestDialog(b),
        "burn": lambda b: BurnCardDialog(b),
        "creation": lambda b: CreationDialog(b),
    }


def _resonance() -> dict[str, Factory]:
    from saga_desktop.ui.resonance.adversaries import AdversaryDialog
    from saga_desktop.ui.resonance.creation import CreationDialog
    from saga_desktop.ui.resonance.sheet import FatigueViewer

    return {
        "adversary": lambda b: AdversaryDialog(b),
        "creation": lambda b: CreationDialog(b),
        "fatigue": lambda _b: FatigueViewer("Wren", [Card.from_code("QH"), Card.from_code("7S")]),
    }


def _dicepool() -> dict[str, Factory]:
    from saga_desktop.ui.dicepool.creation import CreationDialog

    return {
        "creation": lambda b: CreationDialog(b),
        "monster": lambda b: CreationDialog(b, monster=True),
    }


GAMES: dict[str, Callable[[], dict[str, Factory]]] = {
    "songs-and-sagas": _songs,
    "resonance": _resonance,
    "dice-pool": _dicepool,
}


def _qt_own(widget: QWidget) -> bool:
    """A standard button of a button box (OK, Cancel, Save): Qt's own catalogs word it."""
    box = widget.parent()
    return (
        isinstance(box, QDialogButtonBox)
        and isinstance(widget, QPushButton)
        and box.standardButton(widget) != QDialogButtonBox.StandardButton.NoButton
    )


@pytest.fixture
def pseudo_language() -> Iterator[None]:
    i18n.use(pseudo_catalog(resources_dir()), "pseudo")
    yield
    i18n.use(None)


@pytest.mark.parametrize("game", list(GAMES))
def test_no_plain_english_in_the_dialogs(qtbot: QtBot, game: str, pseudo_language: None) -> None:
    bridge = SessionBridge(Session(find_ruleset(game).sample_campaign()))
    typed = user_words([bridge.session.campaign.model_dump(mode="json")])
    typed.add(EXAMPLE_CODE)  # a join code is words of a fixed list, the same in every language
    typed.add("Resonance")  # a game's name, like Songs & Sagas (the dice pool's is worded)
    found: list[str] = []
    opened = 0
    for name, make in {**_shared(), **GAMES[game]()}.items():
        dialog = make(bridge)
        qtbot.addWidget(dialog)
        dialog.show()
        QApplication.processEvents()
        widgets = [w for w in [dialog, *dialog.findChildren(QWidget)] if not _qt_own(w)]
        found += [f"{name}: {line}" for line in untranslated(widgets, typed)]
        opened += 1
        if isinstance(dialog, QDialog):
            dialog.reject()
        dialog.close()
    assert opened >= 12
    assert found == [], "\n".join(found)
