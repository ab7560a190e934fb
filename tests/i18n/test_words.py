"""Words as data: stored and sent as key and values, worded by each reader in their language."""

from __future__ import annotations

import gettext
import io
import json
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from saga_desktop import i18n
from saga_desktop.i18n.words import Words, english, say, words, words_n
from saga_desktop.model.campaign import JournalEntry
from saga_desktop.storage import load_campaign
from saga_desktop.storage.errors import CampaignFileError
from saga_desktop.storage.migrations import migrate

DATA = Path(__file__).resolve().parents[1] / "data"

DREW = words_n(
    "{who} drew {n} card for {stat}.",
    "{who} drew {n} cards for {stat}.",
    2,
    who="Ivar the Quiet",
    stat=words("Might"),
)


def _french() -> None:
    catalog = Catalog(locale="fr")
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 1);")]
    catalog.add(
        ("{who} drew {n} card for {stat}.", "{who} drew {n} cards for {stat}."),
        ("{who} tire {n} carte pour {stat}.", "{who} tire {n} cartes pour {stat}."),
    )
    catalog.add("Might", "Puissance")
    data = io.BytesIO()
    write_mo(data, catalog)
    data.seek(0)
    i18n.use(gettext.GNUTranslations(data), "fr")


def test_the_same_data_reads_in_each_language_and_names_stay_as_typed() -> None:
    assert say(DREW) == english(DREW) == "Ivar the Quiet drew 2 cards for Might."
    _french()
    assert say(DREW) == "Ivar the Quiet tire 2 cartes pour Puissance."
    assert english(DREW) == "Ivar the Quiet drew 2 cards for Might."
    assert say("An older line, as written.") == "An older line, as written."


def test_words_travel_as_plain_json_and_come_back_equal() -> None:
    data = json.loads(json.dumps(DREW.to_data()))
    assert "drew" not in json.dumps(data["values"])  # the values: a name and a key, no sentence
    assert Words.from_data(data) == DREW


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ("a sentence", "an object"),
        ({"values": {}}, "a key"),
        ({"key": "x", "values": []}, "values"),
        ({"key": "x", "values": {"a": [1, 2]}}, "neither a text"),
        ({"key": "x", "plural": "xs"}, "whole number"),
        ({"key": "x", "values": {"a": "y" * 5000}}, "longer than"),
    ],
)
def test_malformed_words_are_refused_saying_what(data: object, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        Words.from_data(data)


def test_words_nested_too_deep_are_refused() -> None:
    deep: dict[str, object] = {"key": "x"}
    for _ in range(10):
        deep = {"key": "{a}", "values": {"a": deep}}
    with pytest.raises(ValueError, match="nested"):
        Words.from_data(deep)


def test_a_journal_line_keeps_its_english_text_and_is_said_in_the_readers_language() -> None:
    entry = JournalEntry.model_validate(
        {
            "id": 1,
            "at": "2026-12-05T10:00:00Z",
            "kind": "note",
            "text": english(DREW),
            "words": DREW.to_data(),
        }
    )
    _french()
    assert entry.text == "Ivar the Quiet drew 2 cards for Might."
    assert entry.said == "Ivar the Quiet tire 2 cartes pour Puissance."
    assert "words" not in JournalEntry(id=2, at=entry.at, kind="note", text="x").model_dump()


def test_a_format_4_file_keeps_words_and_a_format_3_file_may_not_have_them(tmp_path: Path) -> None:
    campaign = load_campaign(DATA / "campaign-v4.saga").campaign
    last = campaign.journal[-1]
    assert last.words is not None and last.said == "Ivar the Quiet drew 2 cards for Might."
    older = json.loads((DATA / "campaign-v3.saga").read_text("utf-8"))
    older["campaign"]["journal"][0]["words"] = {"key": "x"}
    with pytest.raises(ValueError, match=r"journal\[0\]\.words is not a field of format 3"):
        migrate(older["campaign"], 3, 4)
    bad = json.loads((DATA / "campaign-v4.saga").read_text("utf-8"))
    bad["campaign"]["journal"][-1]["words"] = {"key": 7}
    path = tmp_path / "bad.saga"
    path.write_text(json.dumps(bad), "utf-8")
    with pytest.raises(CampaignFileError, match="words"):
        load_campaign(path)
