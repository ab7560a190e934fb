"""Real sockets, three seats (a GM seat, Ren and Sam) and the host's own window talking."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.chat import MAX_CHAT_TEXT, new_handout
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import view_for
from saga_desktop.network.chat_table import SAY
from saga_desktop.network.client_events import RequestAnswered
from saga_desktop.ui.chat.talk import talk_of
from saga_desktop.ui.network.hosting import Hosting
from tests.ui.chat.seats import WAIT, Seat, host

IDOL = "I pocket the idol 7c1e"


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[tuple[Hosting, Seat, Seat, Seat, list]]:
    sent: list[tuple[str | None, bytes]] = []
    hosting = host(sent)
    gm = Seat(qtbot, hosting, "Gunn", hosting.gm_code)
    ren, sam = Seat(qtbot, hosting, "Ren"), Seat(qtbot, hosting, "Sam")
    yield hosting, gm, ren, sam, sent
    for seat in (gm, ren, sam):
        seat.transport.close()
    hosting.stop()
    qtbot.wait(50)


def test_chat_reaches_everyone_in_order(qtbot: QtBot, table: tuple) -> None:
    hosting, gm, ren, sam, _sent = table
    for i in range(3):
        assert ren.talk.say("Ren", f"ren {i}")
    assert sam.talk.say("Ivar the Quiet", "sam 0")  # as his character
    talk_of(hosting.session).say("GM", "host 0")
    assert gm.talk.say("GM", "gm seat 0")
    want = ["ren 0", "ren 1", "ren 2", "sam 0", "host 0", "gm seat 0"]
    for seat in (gm, ren, sam):
        qtbot.waitUntil(lambda s=seat: len(s.texts()) == 6, timeout=WAIT)
    host_texts = [m.text for m in hosting.session.campaign.chat]
    assert [t for t in host_texts if t.startswith("ren")] == want[:3]  # each seat's own order
    assert sorted(host_texts) == sorted(want)
    for seat in (gm, ren, sam):
        assert seat.texts() == host_texts  # everyone reads the host's one order
    assert [m.speaker for m in sam.talk.chat if m.text == "sam 0"] == ["Ivar the Quiet"]
    assert not (ren.refusals or sam.refusals or gm.refusals)


def test_a_whisper_reaches_only_sender_recipients_and_gm(qtbot: QtBot, table: tuple) -> None:
    hosting, gm, ren, sam, sent = table
    assert ren.talk.say("Ren", IDOL, to=["GM"])
    assert ren.talk.say("Ren", "after the whisper")
    for seat in (gm, ren, sam):
        qtbot.waitUntil(lambda s=seat: "after the whisper" in s.texts(), timeout=WAIT)
    assert IDOL in gm.texts() and IDOL in ren.texts() and IDOL not in sam.texts()
    bytes_to = {
        seat.seat_id: b"".join(d for s, d in sent if s == seat.seat_id) for seat in (gm, ren, sam)
    }
    assert IDOL.encode() in bytes_to[gm.seat_id] and IDOL.encode() in bytes_to[ren.seat_id]
    assert IDOL.encode() not in bytes_to[sam.seat_id]
    assert not any(IDOL.encode() in d for s, d in sent if s not in (gm.seat_id, ren.seat_id))
    table_view = view_for(hosting.session.campaign, Viewer.TABLE)  # what the Player View draws
    assert IDOL not in table_view.model_dump_json()
    # The GM whispers to two players; Sam reads it, and so does Ren.
    talk_of(hosting.session).say("GM", "both of you", to=["Ren", "Sam"])
    qtbot.waitUntil(lambda: "both of you" in sam.texts() and "both of you" in ren.texts())


def test_a_whisper_to_nobody_at_the_table_is_refused_clearly(qtbot: QtBot, table: tuple) -> None:
    hosting, _gm, ren, _sam, _sent = table
    before = list(hosting.session.campaign.chat)
    ren.talk.say("Ren", "psst", to=["Zed"])
    qtbot.waitUntil(lambda: bool(ren.refusals), timeout=WAIT)
    assert "no seat called 'Zed'" in ren.refusals[0]
    assert hosting.session.campaign.chat == before


def test_a_handout_reaches_its_player_then_all_and_hiding_takes_it_back(
    qtbot: QtBot, table: tuple
) -> None:
    hosting, gm, ren, sam, sent = table
    letter = talk_of(hosting.session)
    assert letter.show(new_handout("A letter 5d0", "Meet me at dusk", everyone=False, to=["Ren"]))
    qtbot.waitUntil(lambda: ren.titles() == ["A letter 5d0"], timeout=WAIT)
    qtbot.waitUntil(lambda: gm.titles() == ["A letter 5d0"], timeout=WAIT)
    qtbot.wait(100)
    assert sam.titles() == []
    assert not any(b"A letter 5d0" in d for s, d in sent if s == sam.seat_id)
    assert view_for(hosting.session.campaign, Viewer.TABLE).handouts == []
    shown = hosting.session.campaign.handouts[0]
    letter.show(shown.model_copy(update={"everyone": True}))
    qtbot.waitUntil(lambda: sam.titles() == ["A letter 5d0"], timeout=WAIT)
    assert [h.title for h in view_for(hosting.session.campaign, Viewer.TABLE).handouts] == [
        "A letter 5d0"
    ]
    assert gm.talk.hide(shown.id)  # from the GM seat this time
    qtbot.waitUntil(lambda: ren.titles() == [] and sam.titles() == [], timeout=WAIT)
    assert view_for(hosting.session.campaign, Viewer.TABLE).handouts == []
    assert gm.titles() == ["A letter 5d0"]  # the GM keeps it to show again


def test_a_player_cannot_show_handouts_or_delete_lines(qtbot: QtBot, table: tuple) -> None:
    hosting, gm, ren, sam, _sent = table
    assert sam.talk.say("Sam", "mine")
    qtbot.waitUntil(lambda: "mine" in ren.texts(), timeout=WAIT)
    line = sam.talk.chat[-1]
    ren.talk.unsay(line.id)
    ren.talk.show(new_handout("forged"))
    qtbot.waitUntil(lambda: len(ren.refusals) == 2, timeout=WAIT)
    assert all("Only the GM" in r for r in ren.refusals)
    assert gm.talk.unsay(line.id)
    for seat in (gm, ren, sam):
        qtbot.waitUntil(lambda s=seat: "mine" not in s.texts(), timeout=WAIT)
    assert hosting.session.campaign.chat == [] and hosting.session.campaign.handouts == []


def test_bad_input_is_trimmed_or_refused_and_nothing_else_changes(
    qtbot: QtBot, table: tuple
) -> None:
    hosting, _gm, ren, sam, _sent = table
    notes: list[str] = []
    ren.talk.noted.connect(notes.append)
    assert ren.talk.say("Ren", "<b>loud</b>\x07\x1b[2J" + "a" * 1_000_000)  # 1 MB
    qtbot.waitUntil(lambda: len(sam.texts()) == 1, timeout=WAIT)
    said = sam.talk.chat[0].text
    assert said.startswith("<b>loud</b>[2J") and len(said) == MAX_CHAT_TEXT
    assert notes and "cut" in notes[0] and "control" in notes[0]
    # A forged megabyte straight to the host: refused, not kept.
    answers: list[RequestAnswered] = []
    ren.transport.received.connect(lambda e: isinstance(e, RequestAnswered) and answers.append(e))
    rid = ren.raw({"op": SAY, "text": "b" * 1_000_000})
    qtbot.waitUntil(lambda: any(a.request_id == rid for a in answers), timeout=WAIT)
    assert "far too long" in next(a.message for a in answers if a.request_id == rid)
    assert len(hosting.session.campaign.chat) == 1


def test_a_flood_from_one_seat_is_cut_off_and_the_others_talk_on(
    qtbot: QtBot, table: tuple
) -> None:
    hosting, gm, ren, sam, _sent = table
    size = len(hosting.session.campaign.chat)
    for i in range(1000):  # a thousand lines at once
        ren.raw({"op": SAY, "text": f"flood {i}"})
    assert sam.talk.say("Sam", "still here")
    qtbot.waitUntil(lambda: "still here" in gm.texts(), timeout=WAIT)
    kept = [m for m in hosting.session.campaign.chat if m.text.startswith("flood")]
    assert len(kept) <= 10  # the seat's burst; the rest refused or the connection dropped
    assert len(hosting.session.campaign.chat) <= size + 11


def test_a_gm_seat_on_a_serve_host_shows_a_handout_and_whispers(qtbot: QtBot, table: tuple) -> None:
    """The fixture's host runs as ``--serve`` does (nobody at the host's window to ask)."""
    _hosting, gm, ren, sam, sent = table
    assert gm.talk.show(
        new_handout("Seat's note 3b9", "From the GM seat", everyone=False, to=["Sam"])
    )
    qtbot.waitUntil(lambda: sam.titles() == ["Seat's note 3b9"], timeout=WAIT)
    assert gm.talk.say("Old Miller", "Psst, Sam", to=["Sam"])  # the GM speaks as an NPC
    qtbot.waitUntil(lambda: "Psst, Sam" in sam.texts(), timeout=WAIT)
    assert [m.speaker for m in sam.talk.chat] == ["Old Miller"]
    qtbot.wait(100)
    assert ren.titles() == [] and "Psst, Sam" not in ren.texts()
    assert not any(b"3b9" in d or b"Psst" in d for s, d in sent if s == ren.seat_id)
    gm.talk.show(new_handout("To nobody", everyone=False, to=["Zed"]))
    qtbot.waitUntil(lambda: bool(gm.refusals), timeout=WAIT)
    assert "no seat called 'Zed'" in gm.refusals[0]


def test_the_seat_and_the_host_agree_on_the_request_names() -> None:
    from saga_desktop.network import chat_table
    from saga_desktop.ui.chat import talk

    for name in ("SAY", "UNSAY", "SHOW", "HIDE", "FORGET"):
        assert getattr(talk, name) == getattr(chat_table, name)


def test_a_player_speaks_only_as_themself_or_their_own_characters(
    qtbot: QtBot, table: tuple
) -> None:
    hosting, _gm, ren, _sam, _sent = table
    assert ren.talk.speakers() == ["Ren", "Astrid Ulfsdottir"]
    ren.talk.say("Ivar the Quiet", "I am Ivar now")  # Sam's character
    qtbot.waitUntil(lambda: bool(ren.refusals), timeout=WAIT)
    assert "cannot speak as 'Ivar the Quiet'" in ren.refusals[0]
    assert hosting.session.campaign.chat == []
