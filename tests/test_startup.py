"""Start-up measures (saga_desktop.startup): the kept dataclass code and the held collector."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from saga_desktop import startup
from saga_desktop.startup import DataclassCodeCache

SOURCE = "def __create_fn__(x):\n def f(self):\n  return x + 1\n return f"

PROBE = textwrap.dedent(
    """
    import dataclasses, sys
    from saga_desktop.startup import keep_dataclass_code, save_dataclass_code

    cache = keep_dataclass_code()

    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 2
        tags: tuple[str, ...] = ()

    p = Point(1)
    assert p == Point(1, 2) and p != Point(1, 3)
    assert hash(p) == hash(Point(1, 2))
    assert repr(p) == "Point(x=1, y=2, tags=())", repr(p)
    try:
        p.x = 5
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise SystemExit("a frozen dataclass took an assignment")
    assert dataclasses.replace(p, y=7) == Point(1, 7)
    save_dataclass_code()
    print(cache.compiled_in_run if cache is not None else "none")
    """
)


def _probe(cache: Path | str, cwd: Path | None = None) -> int:
    env = dict(os.environ, SAGA_DESKTOP_CACHE=str(cache))
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
    )
    assert out.returncode == 0, out.stderr
    last = out.stdout.split()[-1]
    return -1 if last == "none" else int(last)


def test_a_second_start_compiles_no_dataclass_code_and_the_classes_behave_the_same(
    tmp_path: Path,
) -> None:
    first = _probe(tmp_path)
    assert first >= 5  # __init__, __repr__, __eq__, __hash__, __setattr__, __delattr__
    (kept,) = tmp_path.glob("dataclass-code.*.bin")
    assert _probe(tmp_path) == 0
    # A damaged cache is read as empty and written again; the classes are unchanged.
    kept.write_bytes(kept.read_bytes()[:100])
    assert _probe(tmp_path) == first
    assert _probe(tmp_path) == 0


def test_no_cache_folder_relative_to_where_the_app_was_started(tmp_path: Path) -> None:
    assert _probe("relative/cache", cwd=tmp_path) == -1  # the classes still behave the same
    assert list(tmp_path.iterdir()) == []


def test_the_cache_keeps_code_by_its_source_and_survives_a_damaged_entry(tmp_path: Path) -> None:
    path = tmp_path / "code.bin"
    cache = DataclassCodeCache(path)
    ns: dict[str, object] = {}
    cache.exec(SOURCE, {}, ns)
    assert ns["__create_fn__"](41)(None) == 42  # type: ignore[operator]
    assert cache.save()
    again = DataclassCodeCache(path)
    assert SOURCE in again.codes
    again.codes[SOURCE] = b"not marshal data"
    ns = {}
    again.exec(SOURCE, {}, ns)  # compiled anew
    assert ns["__create_fn__"](1)(None) == 2  # type: ignore[operator]
    assert again.compiled_in_run == 1


def test_an_unwritable_cache_only_means_compiling_again(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    cache = DataclassCodeCache(blocker / "code.bin")
    cache.exec(SOURCE, {}, {})
    assert cache.save() is False
    assert blocker.read_text() == "not a folder"
    assert not list(tmp_path.glob(".dataclass-code-*"))


def test_a_cache_of_another_python_is_not_used(tmp_path: Path) -> None:
    path = tmp_path / "code.bin"
    cache = DataclassCodeCache(path)
    cache.exec(SOURCE, {}, {})
    cache.save()
    path.write_bytes(b"\0\0\0\0" + path.read_bytes()[4:])  # another bytecode version's magic
    assert DataclassCodeCache(path).codes == {}


@pytest.fixture
def collector_state() -> object:
    was = gc.isenabled()
    yield
    gc.unfreeze()
    startup._held = startup._frozen = False
    if was:
        gc.enable()


@pytest.mark.usefixtures("collector_state")
def test_the_collector_waits_for_the_window_then_keeps_start_up_aside_until_replaced() -> None:
    gc.enable()
    startup.hold_collector()
    assert not gc.isenabled()
    kept = [object() for _ in range(10)]  # something start-up made
    startup.settle_collector()
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    startup.settle_collector()  # once only
    startup.release_start_up()
    assert gc.get_freeze_count() == 0
    assert kept
