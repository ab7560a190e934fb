"""Changes to a view: apply a patch, or find the patch between two views.

A view is nested JSON objects; a collection is an object keyed by id, so every change is a path of
keys and either ``set`` (put this value there) or ``del`` (remove that key). Lists are values, set
whole. :func:`apply_patch` never changes its input and applies all changes or none;
:func:`update_view` changes a view its owner keeps in place, at a cost that follows the patch, not
the view (the host's copy of every seat's view).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from pydantic import JsonValue

from saga_desktop.network.messages import Change, View


class PatchError(ValueError):
    """A change that does not fit the view it is applied to."""


def apply_patch(view: View, changes: Iterable[Change]) -> View:
    """A new view with ``changes`` applied in order; raise :class:`PatchError` if one cannot be."""
    root: View = dict(view)
    # Containers already copied (so safe to change in place), kept alive so no id is reused.
    copied: dict[int, View] = {id(root): root}
    for change in changes:
        parent: dict[str, JsonValue] = root
        for depth, key in enumerate(change.path[:-1]):
            child = parent.get(key)
            if not isinstance(child, dict):
                where = "/".join(change.path[: depth + 1])
                raise PatchError(f"Cannot {change.op} {'/'.join(change.path)}: {where} is missing.")
            if id(child) not in copied:
                child = dict(child)
                copied[id(child)] = child
                parent[key] = child
            parent = child
        last = change.path[-1]
        if change.op == "set":
            parent[last] = change.value
        elif last in parent:
            del parent[last]
        else:
            raise PatchError(f"Cannot delete {'/'.join(change.path)}: it is not there.")
    return root


def update_view(view: View, changes: Iterable[Change]) -> None:
    """Apply ``changes`` to ``view`` in place; raise :class:`PatchError` if one cannot be.

    Each value is copied in, so a later change never reaches into a value a patch still holds.
    On an error the view may be half changed: its owner builds it again.
    """
    for change in changes:
        parent: dict[str, JsonValue] = view
        for depth, key in enumerate(change.path[:-1]):
            child = parent.get(key)
            if not isinstance(child, dict):
                where = "/".join(change.path[: depth + 1])
                raise PatchError(f"Cannot {change.op} {'/'.join(change.path)}: {where} is missing.")
            parent = child
        last = change.path[-1]
        if change.op == "set":
            parent[last] = _copy(change.value)
        elif last in parent:
            del parent[last]
        else:
            raise PatchError(f"Cannot delete {'/'.join(change.path)}: it is not there.")


def _copy(value: JsonValue) -> JsonValue:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def diff(old: View, new: View) -> list[Change]:
    """The changes that turn ``old`` into ``new`` (objects compared key by key, the rest whole)."""
    changes: list[Change] = []
    _diff(old, new, [], changes)
    return changes


def _diff(old: View, new: View, path: list[str], out: list[Change]) -> None:
    for key in old:
        if key not in new:
            out.append(Change(op="del", path=[*path, key]))
    for key, value in new.items():
        if key in old and isinstance(old[key], dict) and isinstance(value, dict):
            _diff(old[key], value, [*path, key], out)  # type: ignore[arg-type]
        elif key not in old or not _same(old[key], value):
            out.append(Change(op="set", path=[*path, key], value=value))


def _same(a: JsonValue, b: JsonValue) -> bool:
    # Compare as JSON text: in Python True == 1 == 1.0, but they are different JSON values.
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
