"""The rules engine imports only the standard library and itself."""

from __future__ import annotations

import ast
import pkgutil
import sys
from pathlib import Path

import saga_desktop.rules

ROOT = Path(saga_desktop.rules.__file__).parent


def _modules() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def test_there_are_modules() -> None:
    names = {m.name for m in pkgutil.walk_packages([str(ROOT)])}
    assert {"songs", "cards", "dice", "hexgrid", "mapdrop", "probability", "records"} <= names
    assert len(_modules()) > 20


def test_every_import_is_stdlib_or_rules() -> None:
    """The standard library, the rules themselves, and the words seam (``saga_desktop.i18n``)."""
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    offenders = []
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    continue  # relative: inside the package
                names = [node.module or ""]
            else:
                continue
            for name in names:
                # the translation seam is standard library only too (its own contract says so)
                if name.split(".")[0] in allowed or name.startswith(
                    ("saga_desktop.rules", "saga_desktop.i18n")
                ):
                    continue
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert offenders == []


def test_module_sizes() -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in _modules()}
    too_long = {n: s for n, s in sizes.items() if s > 320}
    assert too_long == {}
