"""Who sees what: no GM secret reaches a player or the table, for every game and every viewer.

Campaigns of every registered game (their samples) are salted with unique markers in every
GM-only place: region GM notes, hidden regions, hidden tokens (their ids and names; a hidden
character's token too), GM notes in the journal, secret fields of the
game's play state (by convention named ``*notes*``, ``*secret*`` or ``gm_*``), the notes of
characters a player does not play, and the order of face-down piles. No marker may appear in
any view but the GM's; the generator's state appears in none.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saga_desktop.model.campaign import Campaign, JournalEntry, Token
from saga_desktop.model.registry import find_ruleset, rulesets
from saga_desktop.model.ruleset import Face, Viewer
from saga_desktop.model.visibility import redact_view, view_for

SAMPLES: dict[str, Campaign] = {}
for _game in rulesets():
    _sample = _game.sample_campaign()
    if _sample is not None:
        SAMPLES[_game.id] = _sample

SECRET_KEYS = ("notes", "secret", "gm_")


def _salt_play(data: Any, marks: itertools.count[int], found: list[str]) -> Any:
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            if isinstance(value, str) and any(s in key for s in SECRET_KEYS):
                mark = f"GMSECRET{next(marks)}X"
                found.append(mark)
                out[key] = mark
            else:
                out[key] = _salt_play(value, marks, found)
        return out
    if isinstance(data, list):
        return [_salt_play(v, marks, found) for v in data]
    return data


def salted(game_id: str, hide: list[bool]) -> tuple[Campaign, list[str], list[str]]:
    """The game's sample with markers: (campaign, GM-only markers, per-character note markers)."""
    campaign = SAMPLES[game_id].model_copy(deep=True)
    marks = itertools.count(1)
    secrets: list[str] = []
    regions = []
    for i, region in enumerate(campaign.map.regions):
        mark = f"GMSECRET{next(marks)}X"
        secrets.append(mark)
        changes: dict[str, Any] = {"gm_notes": mark}
        if hide[i % len(hide)]:
            hidden = f"GMSECRET{next(marks)}X"
            secrets.append(hidden)
            changes.update(hidden=True, title=hidden, notes=hidden)
        regions.append(region.model_copy(update=changes))
    campaign.map.regions = regions
    tokens = []
    for i, hidden in enumerate(hide):
        kind = ("enemy", "marker", "character")[i % 3]
        character = campaign.characters[i % len(campaign.characters)].id
        if kind == "character" and any(t.character == character for t in tokens):
            kind = "marker"
        mark = f"GMSECRET{next(marks)}X" if hidden else f"PUBLICTOKEN{i}X"
        if hidden:
            secrets.append(mark)
        tokens.append(
            Token(
                id=mark,
                kind=kind,  # type: ignore[arg-type]
                character=character if kind == "character" else None,
                name=mark,
                q=i,
                r=-i,
                hidden=hidden,
            )
        )
    campaign.map.tokens = tokens
    note = f"GMSECRET{next(marks)}X"
    secrets.append(note)
    last = campaign.journal[-1]
    campaign.journal.append(
        JournalEntry(id=last.id + 1, at=last.at, kind="note", text=note, details={"n": note})
    )
    play = _salt_play(campaign.play.model_dump(mode="json"), marks, secrets)
    campaign.play = type(campaign.play).model_validate(play)
    own: list[str] = []
    for character in campaign.characters:
        mark = f"OWNNOTE{next(marks)}X"
        own.append(mark)
        character.notes = mark
    return campaign, secrets, own


def _face_down_orders(campaign: Campaign) -> list[str]:
    game = find_ruleset(campaign.ruleset)
    return [
        ",".join(f'"{c}"' for c in campaign.piles[s.name])
        for s in game.piles(campaign)
        if s.face is Face.DOWN and len(campaign.piles[s.name]) > 1
    ]


@pytest.mark.parametrize("game_id", sorted(SAMPLES))
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(hide=st.lists(st.booleans(), min_size=1, max_size=5), who=st.integers(0, 3))
def test_no_secret_reaches_anyone_but_the_gm(game_id: str, hide: list[bool], who: int) -> None:
    campaign, secrets, own = salted(game_id, hide)
    ids = [c.id for c in campaign.characters]
    viewers = [Viewer.TABLE] + [Viewer.player(cid) for cid in ids[who % max(1, len(ids)) :][:1]]
    rng_numbers = [str(n) for n in campaign.rng.internal[:3]]
    for viewer in viewers:
        view = view_for(campaign, viewer)
        text = view.model_dump_json()
        leaked = [m for m in secrets if m in text]
        assert not leaked, f"{viewer} sees {leaked}"
        for cid, mark in zip(ids, own, strict=True):
            assert (mark in text) == viewer.owns(cid), f"{viewer} and the notes of {cid}"
        shown = [t.id for t in campaign.map.tokens if not t.hidden]
        assert [t.id for t in view.map.tokens] == shown, f"{viewer} sees every shown token"
        for order in _face_down_orders(campaign):
            assert order not in text, "the order of a face-down pile leaked"
        assert not all(n in text for n in rng_numbers), "the generator's state leaked"
        assert redact_view(view, viewer) == view, "redacting twice changes nothing"
        assert redact_view(view_for(campaign, Viewer.GM), viewer) == view
    gm = view_for(campaign, Viewer.GM).model_dump_json()
    assert all(m in gm for m in secrets if "GMSECRET" in m)
