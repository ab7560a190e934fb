"""Joining, hosting and the seat's lines in French; the advice still reads what was said."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.network.codes import CodeError, parse_code
from saga_desktop.network.messages import Presence, PresenceSeat
from saga_desktop.resources import resources_dir
from saga_desktop.ui.network.at_table import presence_text
from saga_desktop.ui.network.dialogs import JoinDialog
from saga_desktop.ui.network.joining import advice


def _french() -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")


def test_the_join_dialog_speaks_french_and_says_what_to_fix(qtbot: QtBot) -> None:
    _french()
    dialog = JoinDialog()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Rejoindre une partie"
    labels = {w.text() for w in dialog.findChildren(QLabel)}
    assert {"Adresse ou lien", "Code pour rejoindre", "Votre nom"} <= labels
    assert not labels & {"Address or link", "Join code", "Your name", "Port to host on"}
    dialog.address.setText("192.168.1.20")
    dialog.code.setText("4-lantern")
    dialog.accept()
    assert dialog.error.text().startswith("Un code commence par un nombre à deux chiffres")
    try:
        parse_code("42-lantren-otter-maple")
    except CodeError as exc:
        assert "vérifiez l’orthographe" in str(exc) and "'lantern'" in str(exc)


def test_the_advice_reads_the_english_of_what_the_host_said() -> None:
    _french()
    said = advice("The join code is not right for this game.")
    assert said.startswith("Vérifiez le code pour rejoindre")


def test_who_is_at_the_table_in_french() -> None:
    _french()
    presence = Presence(
        seats=[
            PresenceSeat(name="Ana", role="player", state="here"),
            PresenceSeat(name="Bo", role="player", state="away"),
            PresenceSeat(name="Ren", role="player", state="here"),
        ],
        you=2,
        gm_at_host=True,
    )
    assert presence_text(presence) == "À la table\u00a0: MJ, Ana, Bo (absent), Ren (vous)."
    assert presence_text(None) == "L’hôte n’a pas encore dit qui est à la table."
