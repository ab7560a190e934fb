"""Recovery brings back every change, whatever mix of undo, redo, saves and new actions came first.

A session is recorded to a recovery slot as the app records it; the test stops at a random step
(what a kill leaves on disk: every finished line) and replays the slot. The replayed campaign
must equal the session's state at that step, in every game, with the dice and cards the
generator gave.
"""

from __future__ import annotations

import contextlib
import random
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.dicepool.sample import sample_campaign as dicepool_sample
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ops.journal import AddNote, DeleteNote
from saga_desktop.model.ops.map import ChartRegion, DeleteRegion, DropD20
from saga_desktop.model.resonance.sample import sample_campaign as resonance_sample
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import sample_campaign as songs_sample
from saga_desktop.storage import oplog
from saga_desktop.storage.oplog import recover
from saga_desktop.storage.recorder import RecoveryRecorder
from saga_desktop.storage.recovery import RecoverySlot

GAMES: dict[str, Callable[[], Campaign]] = {
    "songs-and-sagas": songs_sample,
    "resonance": resonance_sample,
    "dice-pool": dicepool_sample,
}
SAMPLES = {name: make() for name, make in GAMES.items()}

STEP = st.sampled_from(["note", "chart", "delete", "drop", "unnote", "undo", "redo", "save"])


def _operation(kind: str, session: Session, pick: random.Random) -> Operation | None:
    campaign = session.campaign
    if kind == "note":
        return AddNote(f"Note {pick.randrange(1000)}")
    if kind == "chart":
        return ChartRegion(pick.randrange(-40, 40), pick.randrange(-40, 40), title="Found")
    if kind == "delete" and campaign.map.regions:
        region = pick.choice(campaign.map.regions)
        return DeleteRegion(region.q, region.r)
    if kind == "drop":
        return DropD20(pick.randrange(-5, 5), pick.randrange(-5, 5))
    notes = [e for e in campaign.journal if e.kind == "note"]
    if kind == "unnote" and notes:
        return DeleteNote(pick.choice(notes).id)
    return None


def _play(game: str, steps: list[str], seed: int, root: Path) -> tuple[Session, RecoverySlot]:
    """Play ``steps`` with the slot recorded as the app records it; returns where it stopped."""
    session = Session(SAMPLES[game].model_copy(deep=True))
    slot = RecoverySlot(root)
    recorder = RecoveryRecorder(slot)
    first = True
    pick = random.Random(seed)

    def changed(changes: object) -> None:
        nonlocal first
        from saga_desktop.model.changes import Changes

        assert isinstance(changes, Changes)
        if first:
            recorder.attach(session, None, changes)
            first = False
        else:
            recorder.record(changes)

    session.subscribe(changed)
    for kind in steps:
        if kind == "undo":
            session.undo()
        elif kind == "redo":
            session.redo()
        elif kind == "save":
            if not first:
                session.mark_saved()
                recorder.saved(root / "campaign.saga")
        else:
            op = _operation(kind, session, pick)
            if op is not None:
                # refused (a charted hex, ...): nothing changed, nothing logged
                with contextlib.suppress(OperationError):
                    session.apply(op)
    recorder.log.close()  # what a kill leaves: every finished line is on disk
    return session, slot


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(STEP, min_size=1, max_size=40), seed=st.integers(0, 2**16))
def test_killed_at_any_step_the_slot_gives_back_the_state(
    game: str, steps: list[str], seed: int
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        session, slot = _play(game, steps, seed, Path(tmp))
        if not slot.path.exists():
            return  # nothing changed: nothing to recover
        recovered = recover(slot.path.read_bytes(), slot.log_path)
        assert recovered.problem == ""
        assert recovered.campaign.model_dump_json() == session.export().model_dump_json()


@pytest.mark.parametrize("game", GAMES)
def test_the_reported_case_undo_redo_then_a_new_note(game: str, tmp_path: Path) -> None:
    """Issue 25: a note, Undo, Redo, another note, then a kill gave back neither note."""
    session, slot = _play(game, ["note", "undo", "redo", "note"], 1, tmp_path)
    recovered = recover(slot.path.read_bytes(), slot.log_path)
    assert recovered.problem == "" and recovered.replayed == 4
    assert recovered.campaign == session.export()
    assert [e.kind for e in recovered.campaign.journal[-2:]] == ["note", "note"]


def test_an_undo_past_a_save_and_a_redo_replay(tmp_path: Path) -> None:
    steps = ["note", "chart", "save", "undo", "undo", "redo", "note", "save", "undo", "undo"]
    session, slot = _play("songs-and-sagas", steps, 3, tmp_path)
    recovered = recover(slot.path.read_bytes(), slot.log_path)
    assert recovered.problem == ""
    assert recovered.campaign == session.export()


def test_a_long_session_folds_its_log_and_still_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from saga_desktop.storage import recorder as recorder_module

    monkeypatch.setattr(recorder_module, "COMPACT_EVERY", 7)
    steps = ["note", "chart", "undo", "note", "drop", "undo", "undo", "redo"] * 6
    session, slot = _play("resonance", steps, 5, tmp_path)
    lines = slot.log_path.read_bytes().count(b"\n")
    assert lines < len(steps)  # folded at least once
    recovered = recover(slot.path.read_bytes(), slot.log_path)
    assert recovered.problem == ""
    assert recovered.campaign == session.export()


def test_a_line_cut_short_by_the_kill_is_named(tmp_path: Path) -> None:
    session, slot = _play("dice-pool", ["note", "note", "note"], 2, tmp_path)
    data = slot.log_path.read_bytes()
    slot.log_path.write_bytes(data[:-5])  # the kill came in the middle of the last line
    recovered = recover(slot.path.read_bytes(), slot.log_path)
    assert recovered.replayed == 2
    assert "still being written" in recovered.problem
    assert len(recovered.campaign.journal) == len(session.campaign.journal) - 1


def test_a_log_that_does_not_match_says_so(tmp_path: Path) -> None:
    """A line that cannot replay (here, a redo with nothing to redo) stops there, named."""
    session, slot = _play("songs-and-sagas", ["note", "note"], 2, tmp_path)
    with slot.log_path.open("ab") as handle:
        handle.write(b'{"redo":"Add journal note"}\n')
    recovered = recover(slot.path.read_bytes(), slot.log_path)
    assert recovered.replayed == 2
    assert "Change 3" in recovered.problem and "a redo with nothing to redo" in recovered.problem
    assert recovered.campaign == session.export()


def test_killed_while_writing_a_new_base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Between the new base and its log moving into place, the slot still replays."""
    session, slot = _play("songs-and-sagas", ["note", "chart", "note"], 4, tmp_path)
    recorder = RecoveryRecorder(slot)
    recorder.attach(session, None)  # a new base, as after a fold
    before = session.export().model_copy(deep=True)

    def killed(self: oplog.OperationLog) -> None:
        raise KeyboardInterrupt  # the process stops here: the base is new, the log is not

    monkeypatch.setattr(oplog.OperationLog, "commit", killed)
    with pytest.raises(KeyboardInterrupt):
        recorder.rebase()
    recorder.log.close()
    assert slot.log_path.with_name(slot.log_path.name + ".next").exists()
    recovered = recover(slot.path.read_bytes(), slot.log_path)
    assert recovered.problem == ""
    assert recovered.campaign == before
