"""Splitting a view too big for one message into a skeleton and parts that rebuild it.

A view is nested objects; the big ones are collections keyed by id (ten thousand regions, a long
journal). :func:`split_view` leaves every object bigger than a share of the budget empty in the
*skeleton* and moves its members into ``set`` changes, then packs those changes into parts of at
most ``budget`` bytes each. Applying the parts to the skeleton in order gives the view back
(:func:`saga_desktop.network.patch.apply_patch`).
"""

from __future__ import annotations

import json

from pydantic import JsonValue

from saga_desktop.network.messages import Change, View

PART_OVERHEAD = 64
"""Bytes a part's message adds around its changes (type, revision, index, brackets)."""


class TooBigError(ValueError):
    """One value of the view is bigger than a whole part, so it cannot be sent."""


def size_of(value: JsonValue) -> int:
    """The bytes of ``value`` as compact UTF-8 JSON (as messages encode it)."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def split_view(view: View, budget: int) -> tuple[View, list[list[Change]]]:
    """The skeleton of ``view`` and the parts (lists of changes) that fill it in, in order.

    Every part encodes to at most ``budget`` bytes; so does the skeleton, unless a single value
    that is not an object is bigger than that (then :class:`TooBigError`).
    """
    changes: list[Change] = []
    skeleton = _hollow(view, [], max(budget // 8, 1), budget, changes)
    if size_of(skeleton) > budget:
        raise TooBigError("Even the outline of the table is too big to send over the network.")
    parts: list[list[Change]] = []
    part: list[Change] = []
    used = PART_OVERHEAD
    for change in changes:
        cost = size_of(change.model_dump(mode="json")) + 1
        if cost + PART_OVERHEAD > budget:
            where = "/".join(change.path)
            raise TooBigError(f"{where} is too big to send over the network ({cost} bytes).")
        if part and used + cost > budget:
            parts.append(part)
            part, used = [], PART_OVERHEAD
        part.append(change)
        used += cost
    if part:
        parts.append(part)
    return skeleton, parts


def _hollow(node: View, path: list[str], share: int, budget: int, out: list[Change]) -> View:
    """``node`` with its big objects emptied; their members go to ``out`` as ``set`` changes."""
    shell: View = {}
    for key, value in node.items():
        if isinstance(value, dict) and size_of(value) > share:
            shell[key] = {}
            _members(value, [*path, key], share, budget, out)
        else:
            shell[key] = value
    return shell


def _members(
    node: dict[str, JsonValue], path: list[str], share: int, budget: int, out: list[Change]
) -> None:
    for key, value in node.items():
        where = [*path, key]
        if isinstance(value, dict) and size_of(value) > budget // 2:
            out.append(Change(op="set", path=where, value={}))
            _members(value, where, share, budget, out)
        else:
            out.append(Change(op="set", path=where, value=value))
