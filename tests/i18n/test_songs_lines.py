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
