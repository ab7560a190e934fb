"""The fast answer to PySide6's per-import question is the upstream answer, module for module."""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6.QtCore  # noqa: F401 - installs the feature scan being tested
import pytest

from saga_desktop.ui.pyside_imports import speed_up_feature_scan, uses_pyside


def _upstream():  # type: ignore[no-untyped-def]
    feature = sys.modules["shibokensupport.feature"]
    found = feature._mod_uses_pyside
    if getattr(found, "saga_fast", False):
        pytest.skip("the scan was already replaced in this process")
    return found


def test_the_fast_scan_agrees_with_pysides_own_on_every_loaded_module() -> None:
    upstream = _upstream()
    modules = [
        m
        for m in list(sys.modules.values())
        if isinstance(m, ModuleType) and str(getattr(m, "__file__", "")).endswith(".py")
    ]
    assert len(modules) > 200
    assert any(upstream(m) for m in modules) and not all(upstream(m) for m in modules)
    disagree = [m.__name__ for m in modules if uses_pyside(m, upstream) != upstream(m)]
    assert disagree == []


def test_a_module_without_a_source_file_is_asked_the_upstream_way() -> None:
    asked: list[str] = []

    def upstream(module: ModuleType) -> bool:
        asked.append(module.__name__)
        return False

    gone = ModuleType("gone")
    gone.__file__ = "/no/such/folder/gone.py"
    assert uses_pyside(sys, upstream) is False
    assert uses_pyside(gone, upstream) is False
    assert asked == ["sys", "gone"]


def test_the_scan_is_replaced_once_and_still_classifies_new_imports() -> None:
    feature = sys.modules["shibokensupport.feature"]
    original = feature._mod_uses_pyside
    try:
        assert speed_up_feature_scan()
        fast = feature._mod_uses_pyside
        assert speed_up_feature_scan()
        assert feature._mod_uses_pyside is fast
        import saga_desktop.rules.dice as dice
        import saga_desktop.ui.palette as palette

        assert fast(palette) is True
        assert fast(dice) is False
    finally:
        feature._mod_uses_pyside = original
