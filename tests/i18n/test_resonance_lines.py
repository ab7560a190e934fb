"""Resonance's journal lines are data: the same campaign reads in English and in French.

Each line is stored as words (kind and values); the file keeps its English beside them, and a
French reader's journal says it in French, down to the stats, the degrees and the adversary's
defence.
"""

from __future__ import annotations

import re

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.resonance.ops.adversaries import AddAdversary
from saga_desktop.model.resonance.ops.characters import NewScene, Rest
from saga_desktop.model.resonance.ops.checks import BeginCheck, PlayCard
from saga_desktop.model.resonance.ops.contests import (
    BeginGroup,
    BeginOpposed,
    PlayGroup,
    PlayOpposed,
)
from saga_desktop.model.resonance.ops.extended import DrawRound, EndExtended, StartExtended
from saga_desktop.model.resonance.ops.prompts import PromptCheck
from saga_desktop.model.session import Session
from saga_desktop.resources import resources_dir
from saga_desktop.rules import resonance
from tests.model.resonance.helpers import make_session

BODY, HEART, MIND = resonance.Stat.BODY, resonance.Stat.HEART, resonance.Stat.MIND
ENGLISH = re.compile(
    r"\b(check|draws|plays|passes|fails|success|failure|wins|against|rests|"
    r"Guard|Resolve|Body|Heart|Mind|round|pool|group|enters|chooses|the bottom)\b"
)


def _play_an_evening() -> Session:
    s = make_session()
    foe = s.apply(AddAdversary("Magistrate", guard=8, resolve=14, notes=""))
    s.apply(PromptCheck("pc1", HEART, dc=None, adversary=foe, defence="resolve", reason="lie"))
    pending = s.apply(BeginCheck("pc1", HEART, adversary=foe, defence="resolve"))
    s.apply(PlayCard(pending.draw.cards[0]))
    pending = s.apply(BeginCheck("pc2", BODY, dc=10))
    s.apply(PlayCard(pending.draw.cards[-1]))
    opposed = s.apply(BeginOpposed("pc1", HEART, "pc2", BODY))
    s.apply(PlayOpposed("pc1", opposed.first.cards[0]))
    s.apply(PlayOpposed("pc2", opposed.second.cards[0]))
    group = s.apply(BeginGroup(("pc1", "pc3"), MIND, dc=7))
    s.apply(PlayGroup({d.character_id: d.cards[0] for d in group.draws}))
    s.apply(StartExtended("Climb the cliff", BODY, 7, 12, 3, ("pc1", "pc2")))
    round_ = s.apply(DrawRound())
    s.apply(PlayGroup({d.character_id: d.cards[0] for d in round_.draws}))
    s.apply(EndExtended())
    s.apply(Rest("pc1"))
    s.apply(NewScene())
    return s


def _worded(s: Session) -> list[JournalEntry]:
    return [e for e in s.campaign.journal if e.words is not None]


def test_every_line_of_a_resonance_evening_is_words_and_the_file_keeps_its_english() -> None:
    s = _play_an_evening()
    kinds = {e.kind for e in s.campaign.journal if e.words is None}
    assert kinds <= {"character"}, kinds  # the core's own lines go their own way
    lines = _worded(s)
    assert {e.kind for e in lines} >= {
        "adversary", "prompt", "check-draw", "check", "opposed-draw", "opposed-choice",
        "opposed", "group-draw", "group", "extended", "rest", "scene", "stats",
    }  # fmt: skip
    assert all(e.said == e.text for e in lines)  # English reads what the file keeps
    check = next(e for e in lines if e.kind == "check")
    assert "against Magistrate's Resolve 14" in check.text


def test_a_french_reader_reads_the_same_lines_in_french() -> None:
    s = _play_an_evening()
    lines = _worded(s)
    stored = [e.text for e in lines]
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    french: dict[str, str] = {}
    for e in lines:
        french.setdefault(e.kind, e.said)  # the first line of each kind
    for kind, line in french.items():
        assert not ENGLISH.search(line.replace("Climb the cliff", "")), (kind, line)
    assert "la Détermination de Magistrate 14" in french["check"]
    assert french["adversary"] == "Magistrate entre en scène\u00a0: Garde 8, Détermination 14"
    assert french["prompt"].startswith("Test pour ")
    assert french["opposed"].count(" contre ") == 1
    assert "(groupe)" in french["group"]
    assert french["scene"] == "Séance 1, la scène 2 commence"
    assert french["rest"].startswith("Hero 1 se repose\u00a0: ")
    assert [e.text for e in lines] == stored  # reading in French changes nothing stored
