"""Hypothesis strategies that draw a valid-or-not operation for the current state of a session.

Each recipe looks at the session and builds an operation; many are legal, some are refused on
purpose (a refused operation must change nothing). Features add their recipes here.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st

from saga_desktop.model.operation import Operation
from saga_desktop.model.ops.campaign import EditCampaign
from saga_desktop.model.ops.characters import AddCharacter, EditCharacter, RemoveCharacter
from saga_desktop.model.ops.journal import AddNote, DeleteNote, EditNote
from saga_desktop.model.ops.map import (
    ChartRegion,
    DeleteRegion,
    DropD20,
    SetOrientation,
    StepRegionRisk,
    Travel,
)
from saga_desktop.model.ops.tokens import (
    EditToken,
    MoveToken,
    PlaceToken,
    RemoveToken,
    SetTokenHidden,
)
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.creation import QuickCharacter
from saga_desktop.model.songs.ops.play import AskOracle, EndScene, Rest, RevealReaction
from saga_desktop.model.songs.ops.rolls import BeginTrial, ResolveTrial
from saga_desktop.model.songs.ops.sheet import MarkXp
from saga_desktop.rules import songs

texts = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0, max_size=40
)
names = st.one_of(texts, st.sampled_from(["Astrid", "Ivar", "Sigrun", "  ", "x" * 130]))

Recipe = Callable[[st.DataObject, Session], Operation]


def _character_id(data: st.DataObject, session: Session) -> str:
    ids = [c.id for c in session.campaign.characters] or ["pc9"]
    return data.draw(st.sampled_from([*ids, "ghost"]))


def _entry_id(data: st.DataObject, session: Session) -> int:
    ids = [e.id for e in session.campaign.journal] or [1]
    return data.draw(st.sampled_from([*ids, 999_999]))


def _hex(data: st.DataObject) -> tuple[int, int]:
    return data.draw(st.integers(-3, 3)), data.draw(st.integers(-3, 3))


def _charted(data: st.DataObject, session: Session) -> tuple[int, int]:
    regions = [(r.q, r.r) for r in session.campaign.map.regions]
    return data.draw(st.sampled_from(regions)) if regions else _hex(data)


def _token_id(data: st.DataObject, session: Session) -> str:
    ids = [t.id for t in session.campaign.map.tokens] or ["t1"]
    return data.draw(st.sampled_from([*ids, "t99"]))


RECIPES: list[Recipe] = [
    lambda d, s: AddCharacter(d.draw(names), d.draw(texts)),
    lambda d, s: EditCharacter(_character_id(d, s), name=d.draw(st.none() | names)),
    lambda d, s: EditCharacter(_character_id(d, s), notes=d.draw(texts)),
    lambda d, s: RemoveCharacter(_character_id(d, s)),
    lambda d, s: AddNote(d.draw(texts)),
    lambda d, s: EditNote(_entry_id(d, s), d.draw(texts)),
    lambda d, s: DeleteNote(_entry_id(d, s)),
    lambda d, s: EditCampaign(d.draw(names), d.draw(texts)),
    # The map, the cards and the rules: every kind of change a session makes.
    lambda d, s: DropD20(),
    lambda d, s: ChartRegion(*_hex(d), title=d.draw(texts), gm_notes=d.draw(texts)),
    lambda d, s: StepRegionRisk(*_charted(d, s), steps=d.draw(st.sampled_from([-1, 1, 5]))),
    lambda d, s: DeleteRegion(*_charted(d, s)),
    lambda d, s: Travel((_hex(d),)),
    lambda d, s: QuickCharacter(d.draw(st.sampled_from(["Sigrun", "Bjorn", ""]))),
    lambda d, s: BeginTrial(
        _character_id(d, s),
        d.draw(st.sampled_from(list(songs.Attribute))),
        dr=d.draw(st.sampled_from([9, 12, 15])),
        risk=d.draw(st.integers(0, 4)),
    ),
    lambda d, s: ResolveTrial(),
    lambda d, s: AskOracle("Will it rain?", factors=d.draw(st.integers(0, 3))),
    lambda d, s: RevealReaction("the ferryman"),
    lambda d, s: Rest(_character_id(d, s)),
    lambda d, s: MarkXp(_character_id(d, s), marks=d.draw(st.integers(1, 3))),
    lambda d, s: EndScene(),
    # Tokens: placed (for characters who may be gone), moved, renamed, hidden, removed.
    lambda d, s: PlaceToken(
        d.draw(st.sampled_from(["character", "enemy", "marker"])),
        *_hex(d),
        character=d.draw(st.none() | st.just(_character_id(d, s))),
        hidden=d.draw(st.booleans()),
    ),
    lambda d, s: MoveToken(_token_id(d, s), *_hex(d)),
    lambda d, s: EditToken(_token_id(d, s), name=d.draw(st.none() | names)),
    lambda d, s: SetTokenHidden(_token_id(d, s), d.draw(st.booleans())),
    lambda d, s: RemoveToken(_token_id(d, s)),
    lambda d, s: SetOrientation(d.draw(st.sampled_from(["pointy", "flat"]))),
]


def draw_operation(data: st.DataObject, session: Session) -> Operation:
    """One operation, built for the session's current state."""
    recipe = data.draw(st.sampled_from(RECIPES))
    return recipe(data, session)
