"""A join that ends before a seat says so in full, says what to try, and keeps what was typed.

The joining window once kept its first size, so a refusal with the GM's reason was cut at the
top and bottom, and its only button said *Cancel*; the Join dialog forgot the code and name.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtNetwork import QHostAddress, QTcpServer
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.sample import build_sample
from saga_desktop.ui.network.dialogs import JoinDialog, JoinRequest
from saga_desktop.ui.network.joining import JoinProgress, SeatJoin
from saga_desktop.ui.network.menu import SessionMenu
from tests.ui.network.table_fixtures import WAIT, Window, hosted

REASON = (
    "Sam's character is not made yet, and this table is full tonight: come back next week, "
    "we start at eight, and bring the dice you borrowed."
)


def shows_all(progress: JoinProgress) -> bool:
    """Every wrapped line of the state and the advice fits in its label."""
    for label in (progress.line, progress.hint):
        if label.isVisible() and label.heightForWidth(label.width()) > label.height():
            return False
    return True


def texts(progress: JoinProgress) -> set[str]:
    return {b.text() for b in progress.buttons.buttons()}


def test_the_gms_refusal_is_shown_whole_with_close_and_try_again(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    with hosted(qtbot, build_sample()) as menu:
        hosting = menu.hosting
        assert hosting is not None
        join = menu.open_client("127.0.0.1", hosting.port, hosting.join_code, "Sam")
        progress = join.progress
        qtbot.waitUntil(lambda: bool(hosting.claims()), timeout=WAIT)
        (claim,) = hosting.claims()
        assert texts(progress) == {"Cancel"}
        hosting.answer(claim.claim_id, False, REASON)
        qtbot.waitUntil(lambda: progress.ended, timeout=WAIT)
        assert progress.isVisible() and progress.windowTitle() == "Not joined"
        assert progress.line.text() == f"Not connected: The GM did not let you in as Sam: {REASON}"
        assert progress.hint.text() == "Ask the GM to let you in, then try again."
        assert texts(progress) == {"Close", "&Try again…"}
        qtbot.waitUntil(lambda: shows_all(progress), timeout=WAIT)
        # Try again: the Join dialog comes back with what was typed.
        seen: list[JoinDialog] = []

        def fake_exec(dialog: JoinDialog) -> int:
            seen.append(dialog)
            return int(QDialog.DialogCode.Rejected)

        monkeypatch.setattr(JoinDialog, "exec", fake_exec)
        again = progress.findChild(QPushButton, "joinTryAgain")
        assert again is not None
        again.click()
        (dialog,) = seen
        assert dialog.address.text() == f"127.0.0.1:{hosting.port}"
        assert dialog.port.value() == hosting.port
        assert dialog.code.text() == hosting.join_code.text
        assert dialog.name.text() == "Sam"
        assert "did not join" in dialog.error.text()
        qtbot.waitUntil(lambda: not progress.isVisible(), timeout=WAIT)


def test_no_game_at_the_address_says_what_to_try(qtbot: QtBot) -> None:
    QSettings().clear()
    window = Window()
    qtbot.addWidget(window)
    from saga_desktop.ui.bridge import SessionBridge

    menu = SessionMenu(window, SessionBridge(build_sample(), window))
    probe = QTcpServer()
    assert probe.listen(QHostAddress(QHostAddress.SpecialAddress.LocalHost), 0)
    port = int(probe.serverPort())
    probe.close()  # nothing listens there now
    from saga_desktop.network.codes import new_join_code

    join: SeatJoin = menu.open_client("127.0.0.1", port, new_join_code(), "Ren")
    qtbot.waitUntil(lambda: join.progress.ended, timeout=WAIT)
    assert join.progress.line.text().startswith("Not connected: Cannot reach the host")
    assert "address and port" in join.progress.hint.text()
    close = join.progress.buttons.button(QDialogButtonBox.StandardButton.Close)
    assert close is not None
    close.click()
    qtbot.waitUntil(lambda: not join.progress.isVisible(), timeout=WAIT)


def test_the_join_dialog_fills_in_a_previous_internet_join() -> None:
    from saga_desktop.network.codes import new_join_code

    code = new_join_code()
    previous = JoinRequest("internet", 0, code, "Ren", "ticketabc", "saga+p2p://whatever")
    dialog = JoinDialog(previous=previous)
    assert dialog.address.text() == "saga+p2p://whatever"
    assert dialog.code.text() == code.text and dialog.name.text() == "Ren"
