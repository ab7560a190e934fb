"""The Table talk dock through its widgets: the GM's own window and players' seats."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.chat import MAX_PICTURE_BYTES, MAX_PICTURE_SIDE
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.ui import announce
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.chat.feature import ChatFeature
from saga_desktop.ui.chat.handouts import HandoutEditor
from saga_desktop.ui.chat.picture import picture_pixmap
from saga_desktop.ui.chat.talk import talk_of
from saga_desktop.ui.network.hosting import Hosting
from tests.ui.chat.seats import WAIT, Seat, host


@pytest.fixture
def heard() -> Iterator[list[announce.Announcement]]:
    out: list[announce.Announcement] = []
    announce.listeners.append(out.append)
    yield out
    announce.listeners.remove(out.append)


def _feature(qtbot: QtBot, session: object) -> ChatFeature:
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = ChatFeature(window, SessionBridge(session))  # type: ignore[arg-type]
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, feature.dock)
    window.show()
    return feature


def test_the_gm_types_a_line_and_deletes_it(qtbot: QtBot) -> None:
    session = build_sample()
    undo = session.undo_label
    feature = _feature(qtbot, session)
    panel = feature.panel
    assert panel.entry.accessibleName() == "Message" and panel.lines.accessibleName()
    qtbot.keyClicks(panel.entry, "The bell tolls <i>twice</i>")
    qtbot.keyClick(panel.entry, Qt.Key.Key_Return)
    assert [m.text for m in session.campaign.chat] == ["The bell tolls <i>twice</i>"]
    assert panel.lines.count() == 1 and "<i>twice</i>" in panel.lines.item(0).text()
    assert panel.entry.text() == ""
    panel.lines.setCurrentRow(0)
    assert panel.delete_button.isEnabled()
    qtbot.mouseClick(panel.delete_button, Qt.MouseButton.LeftButton)
    assert session.campaign.chat == [] and panel.lines.count() == 0
    assert session.undo_label == undo  # talk is not a game step


def test_pictures_are_re_encoded_and_bad_files_refused(qtbot: QtBot, tmp_path: Path) -> None:
    editor = HandoutEditor(["Ren", "Sam"])
    qtbot.addWidget(editor)
    text = tmp_path / "letter.png"
    text.write_text("not a picture at all")
    assert not editor.load_picture(text)
    assert "not a picture" in editor.status.text() and editor.picture == ""
    huge = tmp_path / "huge.png"
    with huge.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # 50 MB
    assert not editor.load_picture(huge)
    assert "50 MB" in editor.status.text() or "52 MB" in editor.status.text()
    big = tmp_path / "big.bmp"
    noise = random.Random(5).randbytes(2600 * 2000 * 4)  # a photo-like worst case for PNG
    image = QImage(noise, 2600, 2000, 2600 * 4, QImage.Format.Format_RGB32)
    assert image.save(str(big))
    assert big.stat().st_size > MAX_PICTURE_BYTES
    assert editor.load_picture(big), editor.status.text()
    pixmap = picture_pixmap(editor.picture)
    assert pixmap is not None and max(pixmap.width(), pixmap.height()) <= MAX_PICTURE_SIDE
    assert len(editor.picture) * 3 // 4 <= MAX_PICTURE_BYTES
    assert not editor.picture.startswith("Qk")  # not the BMP passed through


@pytest.fixture
def hosted(qtbot: QtBot) -> Iterator[tuple[Hosting, Seat, Seat]]:
    hosting = host([])
    ren, sam = Seat(qtbot, hosting, "Ren"), Seat(qtbot, hosting, "Sam")
    yield hosting, ren, sam
    for seat in (ren, sam):
        seat.transport.close()
    hosting.stop()
    qtbot.wait(50)


def test_a_handout_opens_in_its_players_window_only_until_hidden(
    qtbot: QtBot, hosted: tuple[Hosting, Seat, Seat], heard: list[announce.Announcement]
) -> None:
    hosting, ren, sam = hosted
    ren_window, sam_window = _feature(qtbot, ren.session), _feature(qtbot, sam.session)
    gm = _feature(qtbot, hosting.session)
    editor = HandoutEditor(gm.talk.players())
    qtbot.addWidget(editor)
    qtbot.keyClicks(editor.title, "A torn map")
    qtbot.keyClicks(editor.text, "Ink runs where the water reached it.")
    editor.everyone.setChecked(False)
    editor.players.item(0).setCheckState(Qt.CheckState.Checked)  # Ren
    editor._accept()
    assert editor.handout is not None
    gm.talk.show(editor.handout)
    qtbot.waitUntil(lambda: bool(ren_window.windows), timeout=WAIT)
    view = next(iter(ren_window.windows.values()))
    assert view.title.text() == "A torn map" and view.title.textFormat() == Qt.TextFormat.PlainText
    assert ren_window.panel.handout_list.count() == 1
    assert any("A torn map" in a.text for a in heard)
    qtbot.wait(100)
    assert not sam_window.windows and sam_window.panel.handout_list.count() == 0
    gm.panel.handout_list.setCurrentRow(0)
    qtbot.mouseClick(gm.panel.all_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: sam_window.panel.handout_list.count() == 1, timeout=WAIT)
    assert sam_window.windows
    qtbot.mouseClick(gm.panel.hide_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not ren_window.windows and not sam_window.windows, timeout=WAIT)
    assert ren_window.panel.handout_list.count() == 0 == sam_window.panel.handout_list.count()
    assert gm.panel.handout_list.count() == 1 and "hidden" in gm.panel.handout_list.item(0).text()
    gm.panel.handout_list.setCurrentRow(0)
    assert gm.panel.remove_button.isEnabled()  # hidden: now it may go for good
    qtbot.mouseClick(gm.panel.remove_button, Qt.MouseButton.LeftButton)
    assert gm.panel.handout_list.count() == 0 and hosting.session.campaign.handouts == []


def test_a_whisper_to_me_is_spoken_assertively_and_never_reaches_another_seat(
    qtbot: QtBot, hosted: tuple[Hosting, Seat, Seat], heard: list[announce.Announcement]
) -> None:
    hosting, ren, sam = hosted
    ren_window, sam_window = _feature(qtbot, ren.session), _feature(qtbot, sam.session)
    gm = _feature(qtbot, hosting.session)
    gm.panel.set_recipients(["Ren"])
    assert gm.panel.to_button.text() == "Whisper: Ren"
    qtbot.keyClicks(gm.panel.entry, "Only you hear the bell")
    qtbot.mouseClick(gm.panel.send_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(sam_window.panel.entry, "Anyone there?")
    qtbot.keyClick(sam_window.panel.entry, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ren_window.panel.lines.count() == 2, timeout=WAIT)
    qtbot.waitUntil(lambda: sam_window.panel.lines.count() == 1, timeout=WAIT)
    lines = [ren_window.panel.lines.item(i).text() for i in range(2)]
    assert "GM whispers to Ren: Only you hear the bell" in lines[0]
    assert "Only you hear" not in sam_window.panel.lines.item(0).text()
    spoken = [(a.text, a.assertive, a.source) for a in heard]
    assert any("Only you hear" in t and loud for t, loud, _s in spoken)
    assert not any("Only you hear" in t and s is sam_window.panel.lines for t, _l, s in spoken)
    assert talk_of(ren.session).chat[0].whisper


def test_the_whisper_menu_lists_every_seat_and_keeps_its_ticks(qtbot: QtBot) -> None:
    feature = _feature(qtbot, build_sample())
    panel = feature.panel
    panel.more_names = lambda: ["Dee", "ren"]  # the host's seats: Dee has no character yet
    panel.to_menu.aboutToShow.emit()
    names = [a.text() for a in panel.to_menu.actions() if a.isCheckable()]
    assert names == ["Ren", "Sam", "Dee"]
    panel.set_recipients(["Dee", "Sam"])
    panel.to_menu.aboutToShow.emit()
    assert panel.recipients() == ["Sam", "Dee"]
    assert panel.to_button.text() == "Whisper: Sam, Dee"
    panel.to_menu.actions()[0].trigger()  # Everyone
    assert panel.recipients() == [] and panel.to_button.text() == "Everyone"
