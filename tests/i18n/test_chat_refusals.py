"""A chat refusal is data: the host sends words, and each seat reads them in its own language."""

from __future__ import annotations

import pytest

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.i18n.words import Words, english, say
from saga_desktop.model.chat import TalkError
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.chat_table import SAY, ChatTable
from saga_desktop.resources import resources_dir


def test_the_host_refuses_a_chat_line_in_words_each_seat_says_its_way() -> None:
    session = build_sample()
    table = ChatTable(session)
    seat = table.add_seat("Ren", "player")
    refused = table.handle_request(seat, {"op": SAY, "text": "hi", "speaker": "Odin"})
    assert isinstance(refused, Words)
    assert english(refused).startswith("You cannot speak as 'Odin': speak as yourself")
    whisper = table.handle_request(seat, {"op": SAY, "text": "hi", "to": ["Nobody"]})
    assert isinstance(whisper, Words)
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert say(refused).startswith("Vous ne pouvez pas parler en tant que 'Odin'\u00a0:")
    assert say(whisper) == "Aucune place ne s’appelle 'Nobody' à cette table pour un aparté."


def test_an_empty_line_is_refused_in_the_readers_language() -> None:
    session = build_sample()
    with pytest.raises(TalkError) as caught:
        session.talk.say("GM", "GM", "   ")
    assert english(caught.value.words) == "There is nothing to say: the message is empty."
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert str(caught.value) == "Rien à dire\u00a0: le message est vide."


def test_a_view_a_seat_cannot_read_is_said_in_the_seats_language() -> None:
    from saga_desktop.model import seat_parts

    with pytest.raises(seat_parts.SeatViewError) as caught:
        seat_parts.part({}, "map")
    assert english(caught.value.words) == "The host's view has no 'map' part."
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert str(caught.value) == "La vue de l’hôte n’a pas de partie 'map'."
