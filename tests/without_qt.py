"""Run pytest with PySide6 made unimportable, to prove the lower layers never need Qt.

Usage: ``python tests/without_qt.py tests/rules tests/model tests/storage``
"""

from __future__ import annotations

import importlib.abc
import sys


class _NoQt(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):  # type: ignore[no-untyped-def]
        if fullname.split(".")[0] in {"PySide6", "shiboken6", "pytestqt"}:
            raise ImportError(f"{fullname} is not allowed here: this layer must not use Qt")
        return None


class _QtIniStub:
    """Declares pytest-qt's ini options so the shared pytest configuration stays valid."""

    @staticmethod
    def pytest_addoption(parser):  # type: ignore[no-untyped-def]
        for name in ("qt_api", "qt_log_level_fail", "qt_log_ignore"):
            parser.addini(name, "pytest-qt option (unused without Qt)")


def main() -> int:
    sys.meta_path.insert(0, _NoQt())
    import pytest

    args = ["-p", "no:pytest-qt", "-p", "no:cacheprovider", *sys.argv[1:]]
    return int(pytest.main(args, plugins=[_QtIniStub()]))


if __name__ == "__main__":
    raise SystemExit(main())
