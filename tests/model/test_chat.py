"""Talk at the table in the model: lines, whispers, handouts, who reads them, and recovery."""

from __future__ import annotations

from pathlib import Path

from saga_desktop.model.chat import (
    MAX_CHAT_KEPT,
    MAX_CHAT_TEXT,
    TalkChange,
    clean_text,
    new_handout,
)
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.visibility import view_for
from saga_desktop.storage import decode, encode
from saga_desktop.storage.oplog import recover
from saga_desktop.storage.recorder import RecoveryRecorder
from saga_desktop.storage.recovery import RecoverySlot

REN = Viewer.player("pc1")


def _texts(session: Session, viewer: Viewer, seat: str = "") -> list[str]:
    return [m.text for m in view_for(session.campaign, viewer, seat).chat]


def test_a_whisper_is_read_by_its_sender_its_recipients_and_the_gm_only() -> None:
    session = build_sample()
    talk = session.talk
    talk.say("Ren", "Ren", "Hello all")
    talk.say("Ren", "Ren", "I pocket the idol", to=["GM"])
    talk.say("GM", "GM", "A cold wind, Sam", to=["Sam"])
    assert _texts(session, Viewer.GM) == ["Hello all", "I pocket the idol", "A cold wind, Sam"]
    assert _texts(session, REN, "Ren") == ["Hello all", "I pocket the idol"]
    assert _texts(session, Viewer.player(), "sam") == ["Hello all", "A cold wind, Sam"]
    assert _texts(session, Viewer.player(), "Ada") == ["Hello all"]
    assert _texts(session, Viewer.TABLE) == ["Hello all"]


def test_chat_is_not_a_game_step_and_deleting_takes_it_from_every_view() -> None:
    session = build_sample()
    heard: list[TalkChange] = []
    session.talk.subscribe(heard.append)
    undo_before = session.undo_label
    message, _ = session.talk.say("Ren", "Ren", "hi")
    assert session.undo_label == undo_before
    session.apply(AddNote(text="a note"))
    session.undo()
    assert [m.text for m in session.campaign.chat] == ["hi"]  # undo leaves talk alone
    assert session.talk.unsay(message.id)
    assert _texts(session, Viewer.GM) == [] and _texts(session, REN, "Ren") == []
    assert [c.kind for c in heard] == ["said", "unsaid"]


def test_markup_stays_text_control_characters_go_and_long_lines_are_cut() -> None:
    text, note = clean_text("<b>bold</b>\x00\x1b[31m\u202e" + "x" * 5000)
    assert text.startswith("<b>bold</b>[31m")  # shown as the characters it is
    assert "\x00" not in text and "\x1b" not in text and "\u202e" not in text
    assert len(text) == MAX_CHAT_TEXT and "control" in note and "cut" in note


def test_the_file_keeps_a_bounded_chat_and_old_files_open() -> None:
    session = build_sample()
    for i in range(MAX_CHAT_KEPT + 50):
        session.talk.say("Ren", "Ren", f"line {i}")
    assert len(session.campaign.chat) == MAX_CHAT_KEPT
    assert session.campaign.chat[0].text == "line 50"
    back, _ = decode(encode(session.export()))
    assert back.chat == session.campaign.chat and back.talk_serial == MAX_CHAT_KEPT + 50
    quiet = build_sample().export()
    assert b'"chat"' not in encode(quiet) and b"talk_serial" not in encode(quiet)  # as before
    assert decode(encode(quiet))[0].chat == []


def test_handouts_reach_whom_they_name_until_hidden() -> None:
    session = build_sample()
    shown = session.talk.show(
        new_handout("A letter", "Meet me at dusk", everyone=False, to=["Ren"])
    )
    seen = lambda v, s="": [h.title for h in view_for(session.campaign, v, s).handouts]  # noqa: E731
    assert seen(REN, "Ren") == ["A letter"] and seen(Viewer.player(), "Sam") == []
    assert seen(Viewer.TABLE) == []
    session.talk.show(shown.model_copy(update={"everyone": True}))
    assert seen(Viewer.player(), "Sam") == ["A letter"] and seen(Viewer.TABLE) == ["A letter"]
    session.talk.hide(shown.id)
    assert seen(REN, "Ren") == [] and seen(Viewer.TABLE) == [] and seen(Viewer.GM) == ["A letter"]


def test_what_was_said_reaches_the_recovery_log_and_comes_back(tmp_path: Path) -> None:
    session = build_sample()
    slot = RecoverySlot(tmp_path / "slot")
    recorder = RecoveryRecorder(slot)
    recorder.attach(session, None)
    session.talk.say("Ren", "Ren", "first")
    session.apply(AddNote(text="a note"))
    recorder.record(_last_change(session))
    message, _ = session.talk.say("GM", "GM", "secret", to=["Ren"])
    session.talk.say("Sam", "Sam", "third")
    session.talk.unsay(message.id)
    handout = session.talk.show(new_handout("Map", "A torn map"))
    session.talk.hide(handout.id)
    recorder.log.close()
    recovered = recover(slot.path.read_bytes(), slot.log_path)
    assert recovered.problem == ""
    assert recovered.campaign.chat == session.campaign.chat
    assert recovered.campaign.handouts == session.campaign.handouts
    assert [m.text for m in recovered.campaign.chat] == ["first", "third"]


def _last_change(session: Session) -> object:
    from saga_desktop.model.changes import Cause, Changes

    step = session._undo[-1]
    return Changes(step.aspects, Cause.APPLY, step.label, operation=None)


def test_a_line_said_makes_the_campaign_unsaved_so_closing_asks() -> None:
    session = build_sample()
    session.mark_saved()
    assert not session.modified
    session.talk.say("Ren", "Ren", "remember this")
    assert session.modified
    session.mark_saved()
    session.talk.say("Ren", "Ren", "and this")
    assert session.modified


def test_a_handout_picture_must_be_the_png_or_jpeg_it_says() -> None:
    import base64

    import pytest

    from saga_desktop.model.chat import TalkError

    bad = base64.b64encode(b"GIF89a" + b"x" * 40).decode()
    with pytest.raises(TalkError, match="not the PNG or JPEG"):
        new_handout("Forged", picture=bad, picture_type="png")
    with pytest.raises(TalkError, match="base64"):
        new_handout("Forged", picture="!!!!" * 8, picture_type="png")
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40).decode()
    assert new_handout("Fine", picture=png, picture_type="png").picture == png


def test_all_pictures_together_stay_within_their_budget() -> None:
    import base64

    import pytest

    from saga_desktop.model.chat import MAX_PICTURE_BYTES, MAX_PICTURES_TOTAL, TalkError

    session = build_sample()
    picture = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * (MAX_PICTURE_BYTES - 8)).decode()
    fits = MAX_PICTURES_TOTAL // MAX_PICTURE_BYTES
    for i in range(fits):
        session.talk.show(new_handout(f"Map {i}", picture=picture, picture_type="png"))
    with pytest.raises(TalkError, match="remove an old handout"):
        session.talk.show(new_handout("One too many", picture=picture, picture_type="png"))
    first = session.campaign.handouts[0]
    session.talk.hide(first.id)
    assert session.talk.forget(first.id)
    session.talk.show(new_handout("Now it fits", picture=picture, picture_type="png"))


def test_redacting_a_seats_view_again_keeps_its_own_whispers() -> None:
    from saga_desktop.model.visibility import redact_view

    session = build_sample()
    session.talk.say("Ren", "Ren", "to the GM only", to=["GM"])
    session.talk.say("Sam", "Sam", "aloud")
    ren = view_for(session.campaign, REN, "Ren")
    assert redact_view(ren, REN, "Ren") == ren
    table = redact_view(view_for(session.campaign, Viewer.GM), Viewer.TABLE)
    assert [m.text for m in table.chat] == ["aloud"]
