"""The translation seam: words, plurals, contexts, values, numbers, and catalogs that fail."""

from __future__ import annotations

import gettext
import io
import logging
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from saga_desktop import i18n
from saga_desktop.i18n import catalogs, tr, trc, trcn, trn
from saga_desktop.i18n.compiling import compile_language


def _french(messages: list[tuple[object, object, str | None]]) -> Catalog:
    catalog = Catalog(locale="fr", domain="test")
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 1);")]
    for english, french, context in messages:
        catalog.add(english, french, context=context)
    return catalog


def _use(catalog: Catalog) -> None:
    data = io.BytesIO()
    write_mo(data, catalog)
    data.seek(0)
    i18n.use(gettext.GNUTranslations(data), "fr")


FRENCH = [
    ("Roll the die", "Lancer le dé", None),
    ("Port {port} is taken.", "Le port {port} est pris.", None),
    (("{n} card", "{n} cards"), ("{n} carte", "{n} cartes"), None),
    ("Draw", "Piocher", "verb"),
    ("Draw", "Pioche", "noun"),
    (("{n} card left", "{n} cards left"), ("{n} carte restante", "{n} cartes restantes"), "pile"),
    ("Broken {who}", "Cassé {qui}", None),
]


def test_english_without_a_catalog() -> None:
    assert tr("Roll the die") == "Roll the die"
    assert tr("Port {port} is taken.", port=47800) == "Port 47800 is taken."
    assert trn("{n} card", "{n} cards", 1) == "1 card"
    assert trn("{n} card", "{n} cards", 0) == "0 cards"
    assert trn("{n} card", "{n} cards", 1234) == "1,234 cards"


def test_french_words_plurals_and_contexts() -> None:
    _use(_french(FRENCH))
    assert i18n.language() == "fr"
    assert tr("Roll the die") == "Lancer le dé"
    assert tr("Port {port} is taken.", port=47800) == "Le port 47800 est pris."
    # French: 0 and 1 are singular, 2 and up plural
    assert [trn("{n} card", "{n} cards", n) for n in (0, 1, 2)] == [
        "0 carte",
        "1 carte",
        "2 cartes",
    ]
    assert trc("verb", "Draw") == "Piocher"
    assert trc("noun", "Draw") == "Pioche"
    assert trcn("pile", "{n} card left", "{n} cards left", 3) == "3 cartes restantes"
    assert tr("Not in the catalog") == "Not in the catalog"


def test_a_translation_with_a_wrong_placeholder_shows_the_english() -> None:
    _use(_french(FRENCH))
    assert tr("Broken {who}", who="Ivar") == "Broken Ivar"


def test_numbers_follow_the_formatter() -> None:
    class Spaced:
        def number(self, value: float, decimals: int) -> str:
            return f"{value:,.{decimals}f}".replace(",", "\u202f").replace(".", ",")

        def percent(self, fraction: float, decimals: int) -> str:
            return f"{self.number(fraction * 100, decimals)}\u202f%"

    i18n.set_formatter(Spaced())
    assert i18n.number(1234.5, 1) == "1\u202f234,5"
    assert i18n.percent(0.255, 1) == "25,5\u202f%"
    assert trn("{n} card", "{n} cards", 1234) == "1\u202f234 cards"
    i18n.set_formatter(None)
    assert i18n.percent(0.25) == "25%"


def _write_po(folder: Path, name: str, catalog: Catalog) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / name).open("wb") as handle:
        write_po(handle, catalog)


def test_parts_compile_into_one_catalog_leaving_unfinished_entries_out(tmp_path: Path) -> None:
    part_a = _french([("Roll the die", "Lancer le dé", None)])
    part_b = _french([("Save", "Enregistrer", None), ("Unfinished", "", None)])
    fuzzy = part_b.get("Save")
    assert fuzzy is not None
    part_b.add("Fuzzy one", "Flou", flags=["fuzzy"])
    _write_po(tmp_path / "i18n" / "fr", "a.po", part_a)
    _write_po(tmp_path / "i18n" / "fr", "b.po", part_b)
    translations = gettext.GNUTranslations(io.BytesIO(compile_language(tmp_path, "fr")))
    assert translations.gettext("Roll the die") == "Lancer le dé"
    assert translations.gettext("Save") == "Enregistrer"
    assert translations.gettext("Unfinished") == "Unfinished"
    assert translations.gettext("Fuzzy one") == "Fuzzy one"
    assert translations.ngettext("x", "xs", 1) == "x"


def test_languages_and_loading(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    assert catalogs.languages(tmp_path) == ["en"]
    _write_po(tmp_path / "i18n" / "fr", "a.po", _french([("Save", "Enregistrer", None)]))
    (tmp_path / "i18n" / "not a language").mkdir()
    assert catalogs.languages(tmp_path) == ["en", "fr"]
    # a source checkout compiles a catalog on first use and keeps it
    loaded = catalogs.load(tmp_path, "fr")
    assert loaded is not None and loaded.gettext("Save") == "Enregistrer"
    assert catalogs.is_current(tmp_path, "fr")
    assert catalogs.load(tmp_path, "en") is None
    # a damaged compiled catalog: English and one line in the log, never a traceback
    (tmp_path / "i18n" / "fr" / "a.po").unlink()
    catalogs.built_catalog(tmp_path, "fr").write_bytes(b"not a catalog at all")
    with caplog.at_level(logging.WARNING):
        assert catalogs.load(tmp_path, "fr") is None
    assert "damaged" in caplog.text


@pytest.mark.parametrize(
    ("wanted", "expected"),
    [
        (["fr-CA", "en-US"], "fr"),
        (["fr_FR"], "fr"),
        (["de-DE", "en"], "en"),
        (["pt-BR"], "pt_BR"),
        ([], "en"),
    ],
)
def test_best_language(wanted: list[str], expected: str) -> None:
    assert catalogs.best_language(wanted, ["en", "fr", "pt_BR"]) == expected


def test_empty_words_stay_empty_in_any_language() -> None:
    _use(_french(FRENCH))
    assert tr("") == ""  # gettext alone would answer the catalog's header
    assert trc("verb", "") == ""
