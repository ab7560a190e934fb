"""The rest dialog offers no rest to a character at 0 resilience, and says why."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.play.rest_dialog import RestDialog
from tests.ui.songs.play.conftest import make_feature, party_session, stack


def _down(session: Session, cid: str, incapacitated: bool = False) -> None:
    character = session.campaign.character(cid)
    character.sheet = character.sheet.model_copy(
        update={"resilience": 0, "incapacitated": incapacitated}
    )


def test_no_rest_at_zero_resilience(qtbot: QtBot) -> None:
    session = party_session()
    _down(session, "pc3")
    stack(session, "5H")
    feature = make_feature(qtbot, SessionBridge(session))
    dialog = feature.open_rest("pc3")
    assert isinstance(dialog, RestDialog)
    assert "0 resilience: make the resilience trial" in dialog.preview.text()
    assert not dialog.rest_button.isEnabled()
    assert not any(b.isEnabled() for b in dialog.kinds.buttons())
    journal = len(session.campaign.journal)
    dialog.rest()
    assert dialog.record is None and dialog.result() != QDialog.DialogCode.Accepted
    assert session.campaign.character("pc3").sheet.resilience == 0
    assert len(session.campaign.journal) == journal
    # Another character may still rest, and the dialog offers it again.
    dialog.character.setCurrentIndex(dialog.character.findData("pc1"))
    assert dialog.rest_button.isEnabled() and "Recovery" in dialog.preview.text()
    dialog.rest_button.click()
    assert dialog.record is not None


def test_an_incapacitated_character_is_told_to_be_tended(qtbot: QtBot) -> None:
    session = party_session()
    _down(session, "pc1", incapacitated=True)
    feature = make_feature(qtbot, SessionBridge(session))
    dialog = feature.open_rest("pc1")
    assert "tend their wounds" in dialog.preview.text()
    assert not dialog.rest_button.isEnabled()
