"""A state machine over every kind of operation, interleaving apply, undo, redo, save and replay.

Checked after every step: the change report names everything that changed (its aspects, regions
and characters against a full comparison of the states), the modified flag is true whenever the
campaign differs from the last save, the history keeps at most 500 steps, and undoing then
applying the same operation again gives the same outcome (the generator is restored).
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ops.campaign import SetOptions
from saga_desktop.model.ops.map import SetOrientation, SetRegionHidden, SetRegionRisk
from saga_desktop.model.session import HISTORY_LIMIT, Session
from saga_desktop.model.songs.ops.combat import EndCombat, EndTurn, StartCombat
from saga_desktop.model.songs.ops.enemies import AddEnemy, EnemyStats
from saga_desktop.model.songs.ops.sheet import SetAttribute, SetResilience
from saga_desktop.storage import decode, encode
from tests.model.conftest import make_session
from tests.model.strategies import RECIPES, _character_id, _charted

MORE = [
    lambda d, s: SetRegionHidden(*_charted(d, s), hidden=d.draw(st.booleans())),
    lambda d, s: SetRegionRisk(*_charted(d, s), d.draw(st.integers(-1, 7))),
    lambda d, s: SetOrientation(d.draw(st.sampled_from(["pointy", "flat"]))),
    lambda d, s: SetOptions((("hold_revealed", d.draw(st.booleans())),)),
    lambda d, s: AddEnemy(EnemyStats("Wolves", d.draw(st.integers(1, 6)), count=2)),
    lambda d, s: StartCombat(tuple(e.id for e in s.campaign.play.enemies[:2])),  # type: ignore[attr-defined]
    lambda d, s: EndTurn(),
    lambda d, s: EndCombat(),
    lambda d, s: SetAttribute(_character_id(d, s), "strength", d.draw(st.integers(-6, 11))),
    lambda d, s: SetResilience(_character_id(d, s), d.draw(st.integers(-1, 9))),
]
ALL = RECIPES + MORE

ASPECT_PARTS = {
    Aspect.META: ("name", "description"),
    Aspect.CHARACTERS: ("characters",),
    Aspect.REGIONS: ("map.regions",),
    Aspect.MAP: ("map.orientation", "map.party", "map.days"),
    Aspect.TABLE: ("piles",),
    Aspect.JOURNAL: ("journal",),
    Aspect.PLAY: ("play",),
    Aspect.RNG: ("rng",),
}


def _part(dump: dict[str, object], path: str) -> object:
    value: object = dump
    for key in path.split("."):
        assert isinstance(value, dict)
        value = value[key]
    return value


def state(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


def outcome(dump: dict[str, object]) -> dict[str, object]:
    """A state without the clock's readings (a replay happens later, with the same luck)."""
    journal = [{k: v for k, v in e.items() if k != "at"} for e in dump["journal"]]  # type: ignore[attr-defined]
    return {**{k: v for k, v in dump.items() if k != "modified"}, "journal": journal}


class UndoMachine(RuleBasedStateMachine):
    """Play, rewind, replay, save and reload at random; the model must keep every promise."""

    @initialize(seed=st.integers(0, 2**16))
    def start(self, seed: int) -> None:
        self.session = make_session(seed)
        self.reports: list[Changes] = []
        self.session.subscribe(self.reports.append)
        self.saved = state(self.session)
        self.session.mark_saved()

    def _check_report(self, before: dict[str, object], after: dict[str, object]) -> None:
        report = self.reports[-1]
        for aspect, paths in ASPECT_PARTS.items():
            if any(_part(before, p) != _part(after, p) for p in paths):
                assert aspect in report, f"{report.label}: {aspect} changed, not reported"
        old = {(r["q"], r["r"]): r for r in _part(before, "map.regions")}  # type: ignore[union-attr]
        new = {(r["q"], r["r"]): r for r in _part(after, "map.regions")}  # type: ignore[union-attr]
        for key in old.keys() | new.keys():
            if old.get(key) != new.get(key):
                assert key in report.regions, f"{report.label}: region {key} not reported"
        old_c = {c["id"]: c for c in _part(before, "characters")}  # type: ignore[union-attr]
        new_c = {c["id"]: c for c in _part(after, "characters")}  # type: ignore[union-attr]
        for cid in old_c.keys() | new_c.keys():
            if old_c.get(cid) != new_c.get(cid):
                assert cid in report.characters, f"{report.label}: {cid} not reported"

    @rule(data=st.data())
    def apply(self, data: st.DataObject) -> None:
        op: Operation = data.draw(st.sampled_from(ALL))(data, self.session)
        before = state(self.session)
        try:
            self.session.apply(op)
        except OperationError:
            assert state(self.session) == before, f"refused {op!r} changed the campaign"
            return
        after = state(self.session)
        self._check_report(before, after)
        # Replay: undo, then the same operation again, gives the same outcome.
        assert self.session.undo()
        assert state(self.session) == before
        self.session.apply(op)
        assert outcome(state(self.session)) == outcome(after), f"{op!r} came out otherwise again"

    @rule()
    def undo(self) -> None:
        before = state(self.session)
        if self.session.undo():
            self._check_report(before, state(self.session))

    @rule()
    def redo(self) -> None:
        before = state(self.session)
        if self.session.redo():
            self._check_report(before, state(self.session))

    @rule()
    def save_and_reload(self) -> None:
        campaign = self.session.export()
        assert decode(encode(campaign))[0] == campaign
        self.session.mark_saved()
        self.saved = state(self.session)

    @invariant()
    def modified_is_truthful(self) -> None:
        if hasattr(self, "session") and state(self.session) != self.saved:
            assert self.session.modified, "the campaign differs from the file but says saved"

    @invariant()
    def history_is_bounded(self) -> None:
        if hasattr(self, "session"):
            assert len(self.session._undo) <= HISTORY_LIMIT


UndoMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestUndoMachine = UndoMachine.TestCase


def test_the_history_keeps_500_steps_and_the_modified_flag_survives_it() -> None:
    from saga_desktop.model.ops.journal import AddNote

    session = make_session(1)
    session.mark_saved()
    for i in range(HISTORY_LIMIT + 20):
        session.apply(AddNote(f"n{i}"))
    assert len(session._undo) == HISTORY_LIMIT
    undone = 0
    while session.undo():
        undone += 1
    assert undone == HISTORY_LIMIT
    assert session.modified, "the saved state fell out of the history: never claim it is saved"
