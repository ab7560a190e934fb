"""Card table and roll panel speed: frames of a reveal animation and the odds refresh.

Run with ``uv run pytest -m bench tests/benchmarks/test_table_bench.py -s``. Times are printed as
ratios of the 60 fps frame budget (16.7 ms) measured in the same run, so a slow machine shows
up as a slow machine rather than as a failure; the asserts only catch gross regressions.
"""

from __future__ import annotations

import statistics
import time

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.operation import Operation
from saga_desktop.model.songs.ops.play import AskOracle, EndScene
from saga_desktop.model.songs.ops.rolls import BeginTrial, BurnChoice, preview_trial
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.play import TableFeature, install_table
from tests.ui.songs.play.conftest import give, party_session

pytestmark = pytest.mark.bench

FRAME_MS = 1000 / 60
S = songs.Attribute.STRENGTH


def _summary(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"{name}: n={len(values)} mean {statistics.mean(values):.2f} ms, p95 {p95:.2f} ms, "
        f"max {max(values):.2f} ms (p95 = {p95 / FRAME_MS:.2f} of a 60 fps frame)"
    )


def _feature(qtbot: QtBot, width: int, height: int) -> tuple[TableFeature, SessionBridge]:
    session = party_session(seed=3)
    for pc, cards in (("pc1", ("AH", "2H", "3C")), ("pc2", ("4D", "5S")), ("pc3", ("6H",))):
        give(session, pc, *cards)
    bridge = SessionBridge(session)
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("map"))
    feature = install_table(window, bridge, QSettings())
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    feature.table_dock.setFloating(True)
    feature.table_dock.resize(width, height)
    qtbot.waitExposed(feature.table_dock)
    return feature, bridge


def _measure(qtbot: QtBot, feature: TableFeature, op: Operation, title: str) -> None:
    """Play ``op`` in real time, then again frame by frame with full repaints."""
    view, animator, session = feature.view, feature.scene.animator, feature.bridge.session
    view.start_measuring()
    with qtbot.waitSignal(feature.animationsFinished, timeout=10_000):
        session.apply(op)
    stats = animator.stats
    print(f"\n-- {title} --")
    print(f"animation {stats.duration_ms:.0f} ms, {stats.frames} frames delivered "
          f"({stats.frames / (stats.duration_ms / 1000):.0f} per second)")  # fmt: skip
    print(_summary("interval between frames", stats.intervals_ms))
    print(_summary("moving the cards (per frame)", stats.work_ms))
    if view.paint_ms:
        print(_summary("painting the table (per frame)", view.paint_ms))
    # The same change again (undo, then the same generator state), stepped frame by frame.
    session.undo()
    animator.finish_now()
    session.apply(op)
    animator.pause()
    frame_ms: list[float] = []
    t = 0.0
    while t <= animator.duration_ms:
        begin = time.perf_counter()
        animator.seek(t)
        view.viewport().repaint()
        frame_ms.append((time.perf_counter() - begin) * 1000)
        t += FRAME_MS
    animator.finish_now()
    print(_summary("seek + full repaint (per frame)", frame_ms))
    assert stats.frames >= 10
    assert statistics.median(frame_ms) < 4 * FRAME_MS


@pytest.mark.parametrize("size", [(1200, 420), (1920, 700)])
def test_reveal_animation_frames(qtbot: QtBot, size: tuple[int, int]) -> None:
    feature, _bridge = _feature(qtbot, *size)
    title = f"reveal of 3 risk cards, table {size[0]}x{size[1]}"
    _measure(qtbot, feature, BeginTrial("pc1", S, 12, risk=3), title)


def test_shuffle_animation_frames(qtbot: QtBot) -> None:
    feature, bridge = _feature(qtbot, 1920, 700)
    feature.set_animations_enabled(False)
    for _ in range(3):
        bridge.session.apply(AskOracle("Again?", 10))
    feature.set_animations_enabled(True)
    n = len(table_of(bridge.session.campaign).discard)
    _measure(qtbot, feature, EndScene(), f"end of scene: {n} cards shuffled back, 1920x700")


def test_odds_refresh_time(qtbot: QtBot) -> None:
    feature, bridge = _feature(qtbot, 1200, 420)
    setup = feature.panel.setup
    times: list[float] = []
    engine: list[float] = []
    campaign = bridge.session.campaign

    for round_ in range(5):
        for risk in range(0, 6):
            for dr in (9, 12, 15):
                setup.risk.setValue(risk)
                setup.dr.setValue(dr)
                setup.refresh_odds()
                times.append(setup.odds_ms)
                gods = BurnChoice(songs.BurnKind.CALL_THE_GODS, Card.from_code("AH"))
                op = BeginTrial("pc1", S, dr, risk=risk, burns=(gods,))
                begin = time.perf_counter()
                preview_trial(campaign, op)
                engine.append((time.perf_counter() - begin) * 1000)
        del round_
    print("\n-- odds before a roll --")
    print(_summary("roll panel refresh (inputs -> odds on screen)", times))
    print(_summary("preview_trial alone (model + engine)", engine))
    assert statistics.median(times) < FRAME_MS
