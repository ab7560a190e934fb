"""Songs & Sagas' roll lines are data: a French reader reads the roll in French, the file keeps
the English of before."""

from __future__ import annotations

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.rolls import BeginTrial, CancelRoll, ResolveTrial
from saga_desktop.resources import resources_dir
from saga_desktop.rules import songs
from tests.model.songs.test_play_ops import party  # noqa: F401 - the fixture

S = songs.Attribute.STRENGTH


def test_a_trial_roll_and_its_outcome_read_in_french(party: Session) -> None:  # noqa: F811
    party.apply(BeginTrial("pc1", S, 12, risk=2, d20=3))
    party.apply(ResolveTrial())
    party.apply(BeginTrial("pc1", S, 12, risk=1, d20=18))
    party.apply(CancelRoll())
    lines = [e for e in party.campaign.journal if e.kind in ("roll", "trial")]
    assert [e.kind for e in lines] == ["roll", "trial", "roll", "trial"]
    assert all(e.words is not None and e.said == e.text for e in lines)
    english = [e.text for e in lines]
    assert "(Strength trial): d20 3 + " in english[1] and english[1].split(": ")[-1]
    assert "roll is called off" in english[3]
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    french = [e.said for e in lines]
    assert "(épreuve de Force)\u00a0: d20 3 + " in french[0]
    assert french[0].endswith("\u202f; en attente d’être réglé")
    assert " contre DR 12" in french[1] and "revers" in french[1]
    assert french[3].startswith("Le jet de ") and " est annulé" in french[3]
    for line in french:
        assert "Strength" not in line and " vs " not in line and "setback" not in line
    assert [e.text for e in lines] == english  # the file keeps its English


def test_a_reaction_and_a_morale_check_read_in_french(party: Session) -> None:  # noqa: F811
    from saga_desktop.model.songs.ops.play import EnemyMorale, RevealReaction

    party.apply(RevealReaction("the ferryman"))
    party.apply(EnemyMorale(name="the wolves"))
    reaction, morale = party.campaign.journal[-2:]
    assert reaction.text.startswith("Reaction of the ferryman: ")
    assert morale.text.startswith("Morale of the wolves: ")
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert reaction.said.startswith("Réaction de the ferryman\u00a0: ")
    assert morale.said.startswith("Moral de the wolves\u00a0: ") and ", ils " in morale.said


def test_initiative_a_scene_and_a_session_read_in_french(party: Session) -> None:  # noqa: F811
    from saga_desktop.model.songs.ops.play import EndScene, NextSession, RollInitiative

    party.apply(RollInitiative())
    party.apply(EndScene())
    party.apply(NextSession())
    initiative, scene, session = party.campaign.journal[-3:]
    assert initiative.text.startswith("Initiative: ") and " first" in initiative.text
    assert scene.text.startswith("Scene 1 ends: ") and scene.text.endswith("hands are kept.")
    assert (
        session.text == "Session 2: A new session begins; once-per-session gifts are ready again."
    )
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert initiative.said.startswith("Initiative\u00a0: ") and " en premier" in initiative.said
    assert scene.said.startswith("Fin de la scène 1\u00a0: ")
    assert session.said.startswith("Séance 2\u00a0: Une nouvelle séance commence")


def test_a_combat_round_reads_in_french_and_keeps_its_english() -> None:
    from saga_desktop.i18n.words import Words
    from saga_desktop.model.songs.ops.combat import (
        AddCondition,
        Attack,
        DamageCharacterGear,
        EndCombat,
        EndTurn,
        EnemyAttack,
        ResolveAttack,
        ResolveDefence,
        RollSetup,
        StartCombat,
    )
    from tests.model.songs.fight import fight_session

    session = fight_session()
    session.apply(StartCombat(("wolves", "draugr")))
    if session.campaign.journal[-1].text.endswith("the enemies go first."):
        session.apply(EndTurn())
    session.apply(Attack("pc1", "wolves", RollSetup("strength", risk=2), weapon="Axe"))
    session.apply(ResolveAttack())
    session.apply(EndTurn())
    session.apply(EnemyAttack("wolves", "pc1", RollSetup("dexterity", risk=2)))
    session.apply(ResolveDefence())
    session.apply(DamageCharacterGear("pc1", reason="rust"))
    session.apply(AddCondition("pc1", "Bitten leg"))
    session.apply(EndCombat())
    lines = [e for e in session.campaign.journal if e.kind in ("combat", "attack", "defence")]
    lines += [e for e in session.campaign.journal if e.kind == "consequence"]
    assert len(lines) >= 9 and all(e.words is not None and e.said == e.text for e in lines)
    for entry in lines:  # each line survives the file and the network (words nest ≤ 8 deep)
        assert Words.from_data(entry.words).to_data() == entry.words
    english = [e.text for e in lines]
    assert english[0].startswith("Combat: Sigrid, Bjorn against Wolves (x3), Draugr. Initiative: ")
    assert any(t.startswith("Round 1: the ") for t in english)
    assert any("; attacking Wolves (x3) with Axe (d8)" in t for t in english)
    assert any(" [damage die: " in t and t.endswith("].") for t in english)
    assert any(t.startswith("The fight ends after 1 round: Wolves (x3) ") for t in english)
    assert "Consequence for Sigrid: armor damaged: d4 → broken (rust)." in english
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    french = [e.said for e in lines]
    assert french[0].startswith(
        "Combat\u00a0: Sigrid, Bjorn contre Wolves (x3), Draugr. Initiative\u00a0: "
    )
    assert any("\u202f; attaque Wolves (x3) avec Axe (d8)" in t for t in french)
    assert any(" [dé de dégâts\u00a0: " in t for t in french)
    ends = "Le combat s’achève après 1 round\u00a0: Wolves (x3)\u00a0: "
    assert any(t.startswith(ends) for t in french)
    assert "Conséquence pour Sigrid\u00a0: dégâts à l’armure\u00a0: d4 → cassée (rust)." in french
    assert any("ajout\u00a0: état Bitten leg (1 emplacement)" in t for t in french)
    for line in french:
        for word in (" against ", "attacking", "damage", "turn", " vs ", "slots", "armor", "added"):
            assert word not in line, (word, line)
    assert [e.text for e in lines] == english  # the file keeps its English


def test_a_rest_reads_in_french_and_keeps_its_english() -> None:
    from saga_desktop.model.songs.ops.combat import AddCondition, DamageCharacterGear
    from saga_desktop.model.songs.ops.play import Rest
    from tests.model.songs.fight import fight_session

    session = fight_session()
    sigrid = session.campaign.characters[0].sheet
    sigrid.resilience = 3
    session.apply(Rest("pc1", songs.RestKind.LONG))
    session.apply(DamageCharacterGear("pc1"))
    session.apply(Rest("pc1", songs.RestKind.LONG, repair_armor=True))
    session.apply(AddCondition("pc1", "Bruised"))
    session.apply(Rest("pc1", songs.RestKind.FULL, clear="Bruised"))
    lines = [e for e in session.campaign.journal if e.kind == "rest"]
    assert len(lines) == 3 and all(e.words is not None and e.said == e.text for e in lines)
    english = [e.text for e in lines]
    assert english[0].startswith("Sigrid: long rest: ") and ", resilience 3 → " in english[0]
    assert english[1].startswith(
        "Sigrid: long rest, spent on repairs (armor repaired: broken → d4): "
    )
    assert english[2].startswith("Sigrid: full rest: all resilience back, resilience ")
    assert english[2].endswith("; cleared Bruised")
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    french = [e.said for e in lines]
    assert (
        french[0].startswith("Sigrid\u00a0: repos long\u00a0: ")
        and ", résilience 3 → " in french[0]
    )
    assert french[1].startswith(
        "Sigrid\u00a0: repos long, consacré aux réparations "
        "(réparation de l’armure\u00a0: cassée → d4)\u00a0: "
    )
    assert french[2].startswith("Sigrid\u00a0: repos complet\u00a0: toute la résilience revient")
    assert french[2].endswith("\u202f; état levé\u00a0: Bruised")
    for line in french:
        for word in ("rest", "recover", "resilience", "repair", "cleared", "trouble"):
            assert word not in line, (word, line)
    assert [e.text for e in lines] == english  # the file keeps its English


def test_sheet_changes_read_in_french_and_keep_their_english() -> None:
    from saga_desktop.model.songs.ops.creation import VanoriSpec
    from saga_desktop.model.songs.ops.sheet import (
        AddCondition,
        ClearXp,
        DamageGear,
        EditDetails,
        EditEntry,
        MarkXp,
        SetAttribute,
        SetMaxResilience,
        SetResilience,
        SetVanori,
    )
    from tests.model.songs.fight import fight_session

    session = fight_session()
    for op in (
        EditDetails("pc1", player="Ann", pronouns=""),
        SetAttribute("pc1", "strength", 2),
        SetVanori("pc1", VanoriSpec("wolf")),
        SetResilience("pc1", 0),
        SetMaxResilience("pc2", 5),
        DamageGear("pc1", 0),
        AddCondition("pc2", "Sick", 2),
        EditEntry("pc2", 1, name="Fever"),
        MarkXp("pc2", 3),
        ClearXp("pc2", 2),
    ):
        session.apply(op)
    lines = [e for e in session.campaign.journal if e.kind in ("sheet", "xp")]
    assert len(lines) == 10 and all(e.words is not None and e.said == e.text for e in lines)
    english = [e.text for e in lines]
    assert english == [
        "Sigrid: player Ann",
        "Sigrid: Strength +3 → +2",
        "Sigrid is now guarded by the Wolf (was the Bear); attributes and max resilience are "
        "unchanged",
        "Sigrid: resilience 10 → 0; at 0, a resilience trial is due",
        "Bjorn: max resilience 10 → 5 (resilience 10 → 5)",
        "Sigrid: Axe damaged: d8 → d6",
        "Bjorn: added condition Sick (2 slots); 3 slots free",
        "Bjorn: Sick is now called Fever",
        "Bjorn: marked XP 3 times: 0 → 3/8",
        "Bjorn: XP cleared 3 → 1/8",
    ]
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert [e.said for e in lines] == [
        "Sigrid\u00a0: joueur Ann",
        "Sigrid\u00a0: Force +3 → +2",
        "Sigrid est désormais sous la garde du Vanori Loup (auparavant Ours)\u202f; les attributs "
        "et la résilience max ne changent pas",
        "Sigrid\u00a0: résilience 10 → 0\u202f; à 0, l’épreuve de résilience est due",
        "Bjorn\u00a0: résilience max 10 → 5 (résilience 10 → 5)",
        "Sigrid\u00a0: dégâts à Axe\u00a0: d8 → d6",
        "Bjorn\u00a0: ajout\u00a0: état Sick (2 emplacements)\u202f; 3 emplacements libres",
        "Bjorn\u00a0: Sick s’appelle désormais Fever",
        lines[8].said,  # marked XP: the XP record's own French (tested with the rolls)
        "Bjorn\u00a0: cases d’XP décochées 3 → 1/8",
    ]
    assert "XP" in lines[8].said and "marked" not in lines[8].said
    assert [e.text for e in lines] == english  # the file keeps its English


def test_a_creation_reads_in_french_and_keeps_its_english() -> None:
    from saga_desktop.model.songs.ops.drafts import CreationMove, FinishCreation, SetDraftAside
    from saga_desktop.model.songs.sample import build_sample

    session = build_sample()
    start = len(session.campaign.journal)
    for move in ("reveal", "roll_vanori", "roll_resilience"):
        session.apply(CreationMove("Kari", move))
    session.apply(FinishCreation("Kari", "Sigrun", "Spear"))
    session.apply(CreationMove("Ulf", "reveal"))
    session.apply(SetDraftAside("Ulf"))
    lines = session.campaign.journal[start:]
    assert len(lines) == 6 and all(e.words is not None and e.said == e.text for e in lines)
    english = [e.text for e in lines]
    assert english[0].startswith("Kari makes a character: Attributes: Strength ")
    assert english[0].endswith(" (2 redraws left)")
    assert english[3].startswith("Sigrun joins the party. Sigrun is guarded by the ")
    assert english[3].endswith("; d4 armor, Spear (d6)")
    assert english[5] == "Ulf sets their unfinished character aside."
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    french = [e.said for e in lines]
    assert french[0].startswith("Kari crée un personnage\u00a0: Attributs\u00a0: Force ")
    assert french[0].endswith(" (2 cartes à retirer)")
    assert french[1].startswith("Kari crée un personnage\u00a0: Vanori\u00a0: d6 ")
    assert french[2].startswith("Kari crée un personnage\u00a0: Résilience max\u00a0: d")
    assert " est sous la garde du Vanori " in french[3]
    assert french[3].endswith("\u202f; armure d4, Spear (d6)")
    assert french[5] == "Ulf met de côté son personnage inachevé."
    for line in french:
        for word in ("Strength", "Heart", "redraw", "guarded", "armor", " the "):
            assert word not in line, (word, line)
    assert [e.text for e in lines] == english  # the file keeps its English


def test_enemies_and_prompted_rolls_read_in_french_and_keep_their_english() -> None:
    from saga_desktop.model.songs.ops.combat import DamageEnemyGear
    from saga_desktop.model.songs.ops.enemies import AddEnemy, EnemyStats, RepairEnemyGear
    from saga_desktop.model.songs.ops.prompts import CancelPromptedRoll, PromptRoll
    from tests.model.songs.fight import fight_session

    session = fight_session()
    start = len(session.campaign.journal)
    troll = session.apply(AddEnemy(EnemyStats("Troll", 20)))
    session.apply(DamageEnemyGear(troll, "weapon"))
    session.apply(RepairEnemyGear(troll, "weapon"))
    session.apply(PromptRoll("pc1", songs.Attribute.HEART, risk=2, reason="sneak", physical=True))
    session.apply(CancelPromptedRoll(1))
    lines = session.campaign.journal[start:]
    assert [e.text for e in lines] == [
        "Enemy added: Troll: resilience 20/20, d6 damage, armor none",
        "Consequence for Troll: Troll weapon damaged: d6 → d4.",
        "Troll weapon repaired: d4 → d6",
        "Roll for Sigrid: Heart trial vs DR 12, risk 2 (sneak), rolled with a physical d20",
        "Roll 1 cancelled: Heart trial vs DR 12, risk 2",
    ]
    english = [e.text for e in lines]
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    french = [e.said for e in lines]
    assert french[0] == (
        "Ennemi ajouté\u00a0: Troll\u00a0: résilience 20/20, dégâts d6, armure aucune"
    )
    assert french[1] == "Conséquence pour Troll\u00a0: dégâts à l’arme de Troll\u00a0: d6 → d4."
    assert french[2] == "Réparation de l’arme de Troll\u00a0: d4 → d6"
    assert french[3].startswith("Jet demandé à Sigrid\u00a0: ")
    assert french[3].endswith(" (sneak), avec un vrai d20")
    assert french[4].startswith("Jet 1 annulé\u00a0: ")
    assert [e.text for e in lines] == english  # the file keeps its English


def test_a_blessing_reads_in_french_and_keeps_its_english() -> None:
    from saga_desktop.model.songs.ops.sheet import MarkXp
    from tests.model.songs.fight import fight_session

    session = fight_session()
    session.apply(MarkXp("pc2", 8))
    line = session.campaign.journal[-1]
    assert line.words is not None and line.said == line.text
    assert line.text.startswith("Bjorn: marked XP 8 times: 0 → 0/8; track full and cleared. ")
    assert "Blessing of the Raven: Strength " in line.text
    english = line.text
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    assert "Bénédiction du Vanori Corbeau\u00a0: Force " in line.said
    for word in ("Blessing", "Strength", "max resilience", "omen", "vision of"):
        assert word not in line.said, word
    assert line.text == english  # the file keeps its English
