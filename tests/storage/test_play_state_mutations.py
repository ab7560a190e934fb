"""Every game's saved play state, each field set to a value the rules could not have made.

The loader (and so ``--check``) must refuse each such file with one line naming the field. The
states hold a waiting roll or check (and, in the dice pool, the last check and a fight), so the
parts that wait are mutated too.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.dicepool.sample import sample_campaign as dicepool_sample
from saga_desktop.model.resonance.ops.checks import BeginCheck
from saga_desktop.model.resonance.ops.contests import BeginGroup
from saga_desktop.model.resonance.sample import sample_campaign as resonance_sample
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.rolls import BeginTrial
from saga_desktop.model.songs.sample import sample_campaign as songs_sample
from saga_desktop.rules import resonance, songs
from saga_desktop.storage.codec import decode, encode
from saga_desktop.storage.errors import CampaignFileError


def _songs_trial() -> Campaign:
    s = Session(songs_sample())
    s.apply(BeginTrial("pc1", songs.Attribute.HEART, 12, risk=2))
    return s.export()


def _resonance_check() -> Campaign:
    s = Session(resonance_sample())
    s.apply(BeginCheck("pc1", resonance.Stat.BODY, 10))
    return s.export()


def _resonance_group() -> Campaign:
    s = Session(resonance_sample())
    s.apply(BeginGroup(("pc1", "pc2"), resonance.Stat.BODY, dc=10))
    return s.export()


STATES: dict[str, Callable[[], Campaign]] = {
    "songs trial": _songs_trial,
    "resonance check": _resonance_check,
    "resonance group": _resonance_group,
    "dice pool": dicepool_sample,  # the last check and a fight under way
}
OUT_OF_RANGE = (-(10**9), 10**10)


def _leaves(node: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _leaves(value, (*path, i))
    else:
        yield path, node


def _refusal(data: dict[str, Any]) -> str | None:
    try:
        decode(json.dumps(data).encode())
    except CampaignFileError as exc:
        return str(exc)
    return None


def _set(data: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    node: Any = changed["campaign"]["play"]
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return changed


@pytest.mark.parametrize("state", STATES)
def test_every_number_out_of_range_is_refused_naming_its_field(state: str) -> None:
    data = json.loads(encode(STATES[state]()))
    numbers = [
        (path, value)
        for path, value in _leaves(data["campaign"]["play"], ())
        if isinstance(value, int) and not isinstance(value, bool)
    ]
    assert len(numbers) > 5
    accepted = []
    for path, _value in numbers:
        for bad in OUT_OF_RANGE:
            message = _refusal(_set(data, path, bad))
            if message is None:
                accepted.append((path, bad))
            else:
                assert "\n" not in message and "play" in message, message
    assert accepted == []


@pytest.mark.parametrize("state", ["songs trial", "resonance check", "resonance group"])
def test_a_card_code_written_otherwise_inside_a_waiting_check_is_refused(state: str) -> None:
    data = json.loads(encode(STATES[state]()))
    pending = data["campaign"]["play"]["pending"]
    codes = [
        (path, value)
        for path, value in _leaves(pending, ())
        if isinstance(value, str) and "cards" in path
    ]
    assert codes
    for path, code in codes:
        message = _refusal(_set(data, ("pending", *path), "\u2028" + code))
        assert message is not None, path
        assert "play.pending" in message and "cards" in message, message


@pytest.mark.parametrize(
    ("state", "path", "value", "named"),
    [
        ("songs trial", ("pending", "reveal", "cards", 0), "2C", "play.pending.reveal.cards[0]"),
        ("songs trial", ("pending", "reveal", "asked"), 5, "play.pending.reveal.asked"),
        ("songs trial", ("pending", "risk"), -1, "play.pending.risk"),
        ("songs trial", ("pending", "d20"), 21, "play.pending"),
        ("songs trial", ("enemies", 0, "weapon", "die"), 20, "play.enemies[0]"),
        ("resonance check", ("pending", "draw", "asked"), 0, "play.pending"),
        ("resonance check", ("pending", "draw", "asked"), -1, "play.pending"),
        ("resonance group", ("pending", "draws", 1), "first draw", "play.pending.draws[1]"),
        ("dice pool", ("check", "roll", "faces", 0), 7, "play.check.roll.faces"),
        ("dice pool", ("check", "roll", "faces"), [4], "play.check.roll.faces"),
        ("dice pool", ("check", "pool", "terms", 0, "amount"), -(10**9), "play.check.pool"),
        ("dice pool", ("check", "request", "cl"), 9, "play.check.request.cl"),
    ],
)
def test_inconsistent_waiting_parts_are_refused(
    state: str, path: tuple[str | int, ...], value: object, named: str
) -> None:
    data = json.loads(encode(STATES[state]()))
    if value == "first draw":
        value = data["campaign"]["play"]["pending"]["draws"][0]
    message = _refusal(_set(data, path, value))
    assert message is not None
    assert named in message, message


def test_a_songs_weapon_die_of_d20_on_a_sheet_is_refused() -> None:
    data = json.loads(encode(songs_sample()))
    sheet = data["campaign"]["characters"][0]["sheet"]
    weapon = next(e for e in sheet["inventory"] if e["kind"] == "weapon")
    weapon["weapon"]["die"] = 20
    message = _refusal(data)
    assert message is not None and "weapon.die" in message and "d4 to d12" in message, message
