"""A step's name is data: a French GM seat reads the host's Undo in French."""

from __future__ import annotations

from PySide6.QtCore import QLocale
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.i18n.words import Words, english, say
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.tokens import MoveToken
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.resources import resources_dir
from saga_desktop.ui.language import LocaleFormatter
from saga_desktop.ui.network.seat_window import SeatWindow
from tests.ui.network.seat_fixtures import seat_session
from tests.ui.network.table_fixtures import hosted


def test_a_step_is_named_in_each_readers_language() -> None:
    session = build_sample()
    session.apply(AddNote("The gulls lie."))
    label = session.undo_label
    assert isinstance(label, Words) and english(label) == "Add journal note"
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert say(label) == "Ajouter une note au journal"
    assert say(MoveToken("t1", 0, 0).label) == "Déplacer le jeton"


def test_a_french_gm_seat_reads_the_hosts_undo_in_french(qtbot: QtBot) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    i18n.set_formatter(LocaleFormatter(QLocale("fr")))
    session = build_sample()
    with hosted(qtbot, session) as menu:
        assert menu.hosting is not None
        remote = seat_session(qtbot, menu, "Gunn", menu.hosting.gm_code)
        window = SeatWindow(remote)
        qtbot.addWidget(window)
        window.bridge.apply(AddNote("The gulls lie."))
        qtbot.waitUntil(lambda: window.undo_action.isEnabled(), timeout=10_000)
        assert window.undo_action.text() == "&Annuler «\u00a0Ajouter une note au journal\u00a0»"
        history = remote.model.view["history"]
        assert isinstance(history, dict)
        assert history["undo"] == "Add journal note"  # the host's English, for older seats
        assert history["undo_words"] == {"key": "Add journal note"}
        window.close()


def test_a_hosts_step_name_that_does_not_read_falls_back_to_its_english() -> None:
    from saga_desktop.model.seat_model import _step_name

    history: dict = {"undo": "Add journal note", "undo_words": {"nokey": 1}, "redo": None}
    assert _step_name(history, "undo") == "Add journal note"  # bad words: the English stands
    assert _step_name(history, "redo") is None
    assert _step_name({"undo": 7}, "undo") is None  # not a text: no step to name
    deep: dict = {"key": "{a}", "values": {"a": {"key": "x"}}}
    for _ in range(12):  # nested past the bound a peer may send
        deep = {"key": "{a}", "values": {"a": deep}}
    assert _step_name({"undo": "Edit region", "undo_words": deep}, "undo") == "Edit region"
    said = _step_name({"undo": "Edit region", "undo_words": {"key": "Edit region"}}, "undo")
    assert isinstance(said, Words) and english(said) == "Edit region"
