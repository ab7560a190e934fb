"""The player-operation lists: the core's and each game's name real operations of their own."""

from __future__ import annotations

from saga_desktop.model.operation import OPERATION_KINDS
from saga_desktop.model.registry import rulesets
from saga_desktop.model.ruleset import PlayerRule
from saga_desktop.network.permissions import CORE_PLAYER_OPERATIONS, load_operations


def test_every_listed_player_operation_is_a_registered_operation() -> None:
    load_operations()
    listed = dict(CORE_PLAYER_OPERATIONS)
    for game in rulesets():
        listed.update(game.player_operations)
    missing = sorted(kind for kind in listed if kind not in OPERATION_KINDS)
    assert not missing, f"player operations that no operation class registers: {missing}"


def test_games_list_only_their_own_operations() -> None:
    for game in rulesets():
        prefixes = {kind.split(".", 1)[0] for kind in game.player_operations}
        assert "core" not in prefixes, f"{game.id} lists a core operation"
        assert all(isinstance(rule, PlayerRule) for rule in game.player_operations.values())
