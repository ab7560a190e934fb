"""Chat goes out with the journal's Markdown: a player's export holds only what they may read."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.chat.talk import talk_of
from saga_desktop.ui.journal.dock import JournalPanel
from tests.ui.chat.seats import WAIT, Seat, host

IDOL = "I pocket the idol 91f"


def _export(qtbot: QtBot, session: object, path: Path) -> str:
    panel = JournalPanel(SessionBridge(session))  # type: ignore[arg-type]
    qtbot.addWidget(panel)
    panel.export_to(path)
    return path.read_text("utf-8")


def test_each_export_holds_only_the_talk_its_window_may_read(qtbot: QtBot, tmp_path: Path) -> None:
    hosting = host([])
    try:
        ren, sam = Seat(qtbot, hosting, "Ren"), Seat(qtbot, hosting, "Sam")
        ren.talk.say("Ren", IDOL, to=["GM"])
        ren.talk.say("Astrid Ulfsdottir", "We *rest* at the <mill>")
        qtbot.waitUntil(lambda: len(sam.texts()) == 1 and len(ren.texts()) == 2, timeout=WAIT)
        gm_text = _export(qtbot, hosting.session, tmp_path / "gm.md")
        sam_text = _export(qtbot, sam.session, tmp_path / "sam.md")
        ren_text = _export(qtbot, ren.session, tmp_path / "ren.md")
        assert "## Table talk" in gm_text and IDOL in gm_text and "whisper to GM" in gm_text
        assert IDOL in ren_text
        assert IDOL not in sam_text and "Astrid Ulfsdottir" in sam_text
        assert r"We \*rest\* at the \<mill\>" in sam_text  # text kept literal, never markup
        assert talk_of(hosting.session).chat[0].text == IDOL
    finally:
        for seat in (ren, sam):
            seat.transport.close()
        hosting.stop()
        qtbot.wait(50)
