"""The dice pool's journal lines are data: the sample's check and fight read in French.

The file keeps the English of before (the shipped sample's lines, word for word); a French
reader gets every line in French: FOR for STR, ND for CL, succès for a die's win, réussite for a
check, French spacing before ":" and ";".
"""

from __future__ import annotations

import pytest

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.i18n.words import Words, english, refusal
from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.dicepool.access import dicepool_play, encounter_of
from saga_desktop.model.dicepool.ops.cards import (
    AddInjury,
    HealInjury,
    SetArmor,
    SetAttribute,
    SetTrait,
    SetWeapon,
)
from saga_desktop.model.dicepool.ops.checks import (
    AssistSpec,
    CancelPrompt,
    PromptCheck,
    RollCheck,
)
from saga_desktop.model.dicepool.ops.combat import (
    ApplyOutcome,
    Declare,
    EndEncounter,
    EndRound,
    Resolve,
)
from saga_desktop.model.dicepool.ops.monsters import EditMonster, RemoveMonster, ShowMonster
from saga_desktop.model.dicepool.ops.options import SetOptions
from saga_desktop.model.dicepool.sample import build_sample
from saga_desktop.model.operation import OperationError
from saga_desktop.model.session import Session
from saga_desktop.resources import resources_dir
from saga_desktop.rules import dicepool as dp

GAME_KINDS = {
    "card", "monster", "prompt", "check", "encounter", "declare", "combat-roll", "exchange",
    "strength", "outcome", "round",
}  # fmt: skip

BEFORE = {  # the sample's lines as the shipped file held them before they were words
    "prompt": "Check for Mara Fenwick: INT + Survival vs CL 4 (challenging) (Find the dry path)",
    "check": "Find the dry path: Mara Fenwick (INT + Survival vs CL 4 (challenging)): "
    "3 base + 2 INT + 2 Survival = 7D6 [5 1 5 4 5 3 5] 5 wins; Oswin Hale assists with "
    "Millwright: 3 base + 2 INT + 3 Millwright = 8D6 [4 3 6 6 1 4 5 4] 6 wins vs CL 3: success, "
    "3 wins added; 8 final wins: success, 4 degrees",
    "combat-roll": "Round 1: Oswin Hale (attack): 3 base + 3 STR + 1 REF + 2 INT + 2 Hafted + "
    "2 Woodcutter's axe - 1 armor = 12D6 [1 5 6 6 6 1 1 5 4 6 6 3] 8 wins",
    "exchange": "Round 1: Mara Fenwick 5 vs Sluice rat 6: Sluice rat wins, victory level 1 "
    "(Monster action); Mill warden 3 vs Oswin Hale 8: Oswin Hale wins, victory level 5 "
    "(Player action)",
    "outcome": "Player action: Oswin Hale → Mill warden, victory level 5 (STR -3 → 2): "
    "level 2 injury (a hard blow)",
    "strength": "Mill warden sets STR 3 against the victory: level 5 → 2",
}

ENGLISH = (
    " wins", " vs ", "declares", "victory level", "success", "failure", "3 base", "1 armor",
    "injury", "Player action", "Monster action", "assists", "Check for", "A fight begins",
    " ends", "CL ", "STR", "REF", "(attack)", "The fight", "incapacitated",
)  # fmt: skip
"""Words of the English sentences a French line must not hold (the names hold none of them)."""


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield
    i18n.use(None)


def played() -> Session:
    """The sample (a prompted check with an assist, round 1), then a check and round 2."""
    s = build_sample()
    mara, oswin = (c.id for c in s.campaign.characters)
    s.apply(RollCheck(oswin, "str", "Lore", cl=2, assists=(AssistSpec(mara, "ref", "Survival"),)))
    fight = encounter_of(s.campaign)
    foes = {c.side: c.id for c in fight.combatants if c.active}
    for cid in dp.declaration_order(fight):
        side = fight.combatant(cid).side
        other = dp.Side.MONSTER if side is dp.Side.PLAYER else dp.Side.PLAYER
        s.apply(Declare(cid, "attack", foes[other]))
    s.apply(Resolve())
    fight = encounter_of(s.campaign)
    scoring = [(i, e) for i, e in enumerate(fight.exchanges) if e.final_victory]
    for i, e in scoring[:1]:
        s.apply(ApplyOutcome(i, e.winner_id, "injury", 1))
    s.apply(EndRound())
    s.apply(EndEncounter())
    return s


def game_lines(s: Session) -> list[JournalEntry]:
    return [e for e in s.campaign.journal if e.kind in GAME_KINDS]


def test_every_dice_pool_line_is_words_kept_in_the_english_of_before() -> None:
    s = played()
    lines = game_lines(s)
    assert {e.kind for e in lines} == GAME_KINDS
    for entry in lines:
        assert entry.words is not None, entry.text
        Words.from_data(entry.words)  # within the depth and size a peer or a file may send
        assert entry.said == entry.text
    for kind, text in BEFORE.items():
        assert text in [e.text for e in lines if e.kind == kind], kind


def test_a_french_reader_reads_the_check_and_the_fight_in_french() -> None:
    s = played()
    lines = game_lines(s)
    stored = [e.text for e in lines]
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    french = {e.kind: [] for e in lines}
    for entry in lines:
        said = entry.said
        french[entry.kind].append(said)
        assert said != entry.text, said
        for word in ENGLISH:
            assert word not in said, (word, said)
    check = french["check"][0]
    assert check.startswith("Find the dry path\u00a0: Mara Fenwick (INT + Survival contre ND 4")
    assert "3 de base + 2 INT + 2 Survival = 7D6 [5 1 5 4 5 3 5] 5 succès\u202f; " in check
    assert "Oswin Hale aide avec Millwright" in check
    assert check.endswith("8 succès finaux\u00a0: réussite, 4 degrés")
    assert "(exigeant)" in french["prompt"][0]
    rolls = " ".join(french["combat-roll"])
    assert "FOR" in rolls and "RÉF" in rolls and "1 armure = 12D6" in rolls
    assert "(attaquer)" in rolls
    exchange = french["exchange"][0]
    assert "contre" in exchange and "niveau de victoire 5 (Action de joueur)" in exchange
    assert "blessure de niveau 2 (a hard blow)" in french["outcome"][1]
    assert french["strength"][0].endswith("oppose FOR 3 à la victoire\u00a0: niveau 5 → 2")
    assert "Fin du round 1" in french["round"]
    assert french["encounter"][-1].startswith("Le combat se termine au round 3")
    assert [e.text for e in lines] == stored  # reading in French changes nothing stored


def test_a_change_of_rulings_names_them_in_french() -> None:
    s = build_sample()
    s.apply(SetOptions((("armor_penalty", "full"), ("armor_in_close_combat", True))))
    entry = s.campaign.journal[-1]
    english = "Rulings changed: armor_penalty = full, armor_in_close_combat = True"
    assert entry.text == english and entry.said == english
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert entry.said == (
        "Décisions modifiées\u00a0: pénalité d’armure = entière, armure au corps à corps = oui"
    )


CARD_LINES = [  # the English each line had before it was words
    "Mara Fenwick: STR 2",
    "Mara Fenwick: skill Climb 1",
    "Mara Fenwick: skill Climb removed",
    "Mara Fenwick: weapon Bow (+1D6, Bows, ranged)",
    "Mara Fenwick: weapon Bow removed",
    "Mara Fenwick: shield Buckler (armor 1)",
    "Mara Fenwick: shield taken off",
    "Mara Fenwick: level 1 injury (a fall)",
    "Mara Fenwick: level 1 injury (a fall) healed",
    "The players meet Sluice rat: STR 1, REF 3, INT 0, armor 0",
    "Sluice rat is hidden from the players again.",
    "Monster edited: Big rat",
    "Check for Mara Fenwick: REF vs CL 2 (easy), Oswin Hale assisting, rolled with physical dice",
    "Check 2 cancelled: REF vs CL 2 (easy)",
    "Monster removed: Big rat",
]


def test_card_monster_and_prompt_lines_keep_their_english_and_read_in_french() -> None:
    s = build_sample()
    mara, oswin = (c.id for c in s.campaign.characters)
    rat = next(m.id for m in dicepool_play(s.campaign).monsters if m.name == "Sluice rat")
    s.apply(EndEncounter())
    start = len(s.campaign.journal)
    for op in (
        SetAttribute(mara, "str", 2),
        SetTrait(mara, "skill", "Climb", 1),
        SetTrait(mara, "skill", "Climb", remove=True),
        SetWeapon(mara, dp.Weapon("Bow", 1, "Bows", ranged=True)),
        SetWeapon(mara, dp.Weapon("Bow", 1, "Bows"), remove=True),
        SetArmor(mara, "shield", dp.Armor("Buckler", 1)),
        SetArmor(mara, "shield", None),
        AddInjury(mara, 1, "a fall"),
        HealInjury(mara, 1),
        ShowMonster(rat),
        ShowMonster(rat, shown=False),
        EditMonster(rat, name="Big rat"),
        PromptCheck(mara, "ref", cl=2, physical=True, assists=(AssistSpec(oswin, "int", "Lore"),)),
        CancelPrompt(2),
        RemoveMonster(rat),
    ):
        s.apply(op)
    lines = [e for e in s.campaign.journal[start:] if e.kind != "encounter"]
    assert [e.text for e in lines] == CARD_LINES
    assert all(e.words is not None and e.said == e.text for e in lines)
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    french = [e.said for e in lines]
    assert french[0] == "Mara Fenwick\u00a0: FOR 2"
    assert french[1] == "Mara Fenwick\u00a0: compétence Climb 1"
    assert french[3] == "Mara Fenwick\u00a0: arme Bow (+1D6, Bows, à distance)"
    assert french[8] == "Mara Fenwick\u00a0: blessure de niveau 1 (a fall) soignée"
    assert french[9] == "Les joueurs rencontrent Sluice rat\u00a0: FOR 1, RÉF 3, INT 0, armure 0"
    assert french[12] == (
        "Test pour Mara Fenwick\u00a0: RÉF contre ND 2 (facile), avec l’aide d’Oswin Hale, "
        "lancé avec des dés physiques"
    )
    for said, before in zip(french, CARD_LINES, strict=True):
        assert said != before


def test_a_refusal_names_the_games_words_in_french() -> None:
    s = build_sample()
    mara = s.campaign.characters[0].id
    s.apply(EndEncounter())
    with pytest.raises(OperationError) as refused:
        s.apply(SetTrait(mara, "vocation", "Tanner", remove=True))
    assert str(refused.value) == "Mara Fenwick has no vocation called 'Tanner'"
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert str(refused.value) == "Mara Fenwick n’a pas de vocation nommée «\u00a0Tanner\u00a0»"
    assert english(refusal(refused.value)) == "Mara Fenwick has no vocation called 'Tanner'"
