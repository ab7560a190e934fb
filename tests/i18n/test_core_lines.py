"""The core's journal lines are data: the same campaign reads in English and in French."""

from __future__ import annotations

import random

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.i18n.words import Words, english, refusal
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.charting import ChartRegion
from saga_desktop.model.ops.regions import SetRegionHidden
from saga_desktop.model.ops.tokens import PlaceToken
from saga_desktop.model.ops.travel import MoveParty
from saga_desktop.model.session import Session
from saga_desktop.resources import resources_dir


def test_map_lines_are_worded_by_each_reader_and_stored_in_english() -> None:
    session = Session(new_campaign("Words", rng=random.Random(4)))
    session.apply(ChartRegion(q=0, r=0, title="The Drowned Mill"))
    session.apply(MoveParty(q=0, r=0))
    session.apply(PlaceToken(category="enemy", q=0, r=0))
    session.apply(SetRegionHidden(q=0, r=0, hidden=True))
    lines = [e for e in session.campaign.journal if e.words is not None][-4:]
    english = [e.said for e in lines]
    assert english[0].startswith("Region 1 charted: The Drowned Mill.")
    assert english[1:] == [
        "The party is placed in region 1 (The Drowned Mill).",
        "An enemy token is placed in region 1 (The Drowned Mill).",
        "Region 1 (The Drowned Mill) is hidden from the players.",
    ]
    assert [e.text for e in lines] == english  # the file keeps the English
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    french = [e.said for e in lines]
    assert french[0].startswith("Région 1 cartographiée\u00a0: The Drowned Mill.")
    assert french[1:] == [
        "Le groupe est placé dans la région 1 (The Drowned Mill).",
        "Un jeton ennemi arrive dans la région 1 (The Drowned Mill).",
        "La région 1 (The Drowned Mill) est cachée aux joueurs.",
    ]
    assert [e.text for e in lines] == english  # reading in French changes nothing stored


def test_a_refusal_is_words_said_in_the_readers_language() -> None:
    session = Session(new_campaign("Words", rng=random.Random(4)))
    session.apply(ChartRegion(q=0, r=0))
    try:
        session.apply(ChartRegion(q=0, r=0))
    except OperationError as refused:
        error = refused
    assert str(error) == "Hex (0, 0) is already charted as region 1"
    assert isinstance(refusal(error), Words)
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert str(error) == "L’hex (0, 0) est déjà cartographié comme région 1"
    assert english(refusal(error)) == "Hex (0, 0) is already charted as region 1"
