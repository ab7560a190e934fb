"""French joins "de", "que", "le", "la" … to a value that begins with a vowel.

Nothing else changes.
"""

from __future__ import annotations

import gettext

import pytest

from saga_desktop import i18n
from saga_desktop.i18n import tr, trn
from saga_desktop.i18n.elision import elide


class _Catalog(gettext.NullTranslations):
    def __init__(self, table: dict[str, str]) -> None:
        super().__init__()
        self.table = table

    def gettext(self, message: str) -> str:
        return self.table.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.table.get(singular if n == 1 else plural, singular if n == 1 else plural)


@pytest.fixture
def french() -> object:
    i18n.use(
        _Catalog(
            {
                "{name}'s hand": "Main de {name}",
                "Only {name} may": "Seul·e {name} le peut, et c'est tout ce que {what} dit",
                "{n} card of {name}": "{n} carte de {name}",
                "{n} cards of {name}": "{n} cartes de {name}",
                "Grade {grade}": "Grade {grade}",
            }
        ),
        "fr",
    )
    yield
    i18n.use(None)


@pytest.mark.usefixtures("french")
def test_a_vowel_joins_the_word_before_it() -> None:
    assert tr("{name}'s hand", name="Astrid") == "Main d’Astrid"
    assert tr("{name}'s hand", name="Éloi") == "Main d’Éloi"
    assert tr("{name}'s hand", name="Bo") == "Main de Bo"
    assert trn("{n} card of {name}", "{n} cards of {name}", 2, name="Ivar") == "2 cartes d’Ivar"
    assert tr("Only {name} may", name="Ana", what="Ulf") == (
        "Seul·e Ana le peut, et c'est tout ce qu’Ulf dit"
    )


@pytest.mark.usefixtures("french")
def test_h_y_digits_and_typed_words_are_left_alone() -> None:
    assert tr("{name}'s hand", name="Harald") == "Main de Harald"
    assert tr("{name}'s hand", name="Yrsa") == "Main de Yrsa"
    assert tr("{name}'s hand", name="8") == "Main de 8"
    # The player's own words are never touched: only the word the translator wrote before a value.
    assert tr("Grade {grade}", grade="de Astrid") == "Grade de Astrid"


def test_english_and_words_inside_a_longer_word_are_not_elided() -> None:
    assert elide("en", "Main de {name}", {"name": "Astrid"}) == "Main de {name}"
    assert elide("fr", "Garde {name}", {"name": "Astrid"}) == "Garde {name}"
    assert elide("fr", "De {name}", {"name": "Astrid"}) == "D’{name}"
    assert elide("fr", "de {n:>3}", {"n": "Astrid"}) == "d’{n:>3}"
