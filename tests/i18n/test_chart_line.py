"""A charted region's risk card is words in the journal, and the note takes the charting app's."""

from __future__ import annotations

import random

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.charting import ChartRegion
from saga_desktop.model.session import Session
from saga_desktop.resources import resources_dir


def _songs() -> Session:
    return Session(new_campaign("Words", ruleset="songs-and-sagas", rng=random.Random(4)))


def test_the_risk_card_line_is_worded_by_each_reader() -> None:
    session = _songs()
    session.apply(ChartRegion(q=0, r=0, title="The Drowned Mill"))
    entry = session.campaign.journal[-1]
    assert entry.words is not None
    assert "Risk card " in entry.text and entry.said == entry.text
    assert "Risk card " in session.campaign.map.regions[0].notes
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert "Carte de risque " in entry.said and "Risk card" not in entry.said
    assert "Risk card " in entry.text  # the file keeps its English
    assert "Risk card " in session.campaign.map.regions[0].notes  # a note is text, as written


def test_a_french_gm_charting_writes_the_note_in_french() -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    session = _songs()
    session.apply(ChartRegion(q=0, r=0, notes="Un moulin noyé."))
    notes = session.campaign.map.regions[0].notes
    assert notes.startswith("Un moulin noyé.\n\nCarte de risque ")
    assert "Risk card " in session.campaign.journal[-1].text
