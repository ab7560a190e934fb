"""A seat's talk read from the host's view: chat lines and handouts as the model types.

The host sends ``chat`` and ``handouts`` keyed by id (see ``saga_desktop.network.chat_table``);
a seat keeps them in its campaign, in id order, and reports each change as a
:class:`~saga_desktop.model.chat.TalkChange` so its chat dock follows as the GM's does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import TypeAdapter

from saga_desktop.i18n.words import words
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.chat import ChatMessage, Handout, TalkChange
from saga_desktop.model.seat_parts import SeatViewError, read

_MESSAGES = TypeAdapter(list[ChatMessage])
_HANDOUTS = TypeAdapter(list[Handout])
TALK_PARTS = ("chat", "handouts")


def _ordered(view: Any, key: str) -> list[Any]:
    value = view.get(key) if isinstance(view, dict) else None
    if value is None:
        return []  # a host of an older version sends no talk
    if not isinstance(value, dict):
        raise SeatViewError(
            words("The host's view has a {part} part that is not an object.", part=repr(key))
        )
    return [value[k] for k in sorted(value, key=lambda k: int(k) if k.isdigit() else 0)]


def chat_of(view: Any) -> list[ChatMessage]:
    """The chat lines of a view, oldest first."""
    return list(read(words("a chat line"), _MESSAGES.validate_python, _ordered(view, "chat")))


def handouts_of(view: Any) -> list[Handout]:
    """The handouts of a view, in the order they were first shown."""
    return list(read(words("a handout"), _HANDOUTS.validate_python, _ordered(view, "handouts")))


def follow_talk(
    campaign: Campaign, view: Any, paths: Iterable[Sequence[str]] | None, author: str = ""
) -> list[TalkChange]:
    """Put the view's talk into ``campaign``; the changes ``paths`` name (None: all anew)."""
    if paths is None:
        campaign.chat = chat_of(view)
        campaign.handouts = handouts_of(view)
        return [TalkChange("said", 0, author)]
    out: list[TalkChange] = []
    touched = [p for p in paths if p and p[0] in TALK_PARTS]
    if not touched:
        return out
    if any(len(p) < 2 or not p[1].isdigit() for p in touched):
        return follow_talk(campaign, view, None, author)
    chat, handouts = list(campaign.chat), list(campaign.handouts)  # all read, or none changed
    for path in touched:
        part, key = path[0], int(path[1])
        held = view.get(part) if isinstance(view, dict) else None
        value = held.get(path[1]) if isinstance(held, dict) else None
        if part == "chat":
            chat = [m for m in chat if m.id != key]
            if value is not None:
                chat.append(read(words("a chat line"), ChatMessage.model_validate, value))
                if len(chat) > 1 and chat[-2].id > key:
                    chat.sort(key=lambda m: m.id)
            out.append(TalkChange("said" if value is not None else "unsaid", key, author))
        else:
            at = next((i for i, h in enumerate(handouts) if h.id == key), None)
            if value is None:
                if at is not None:
                    del handouts[at]
            else:
                handout = read(words("a handout"), Handout.model_validate, value)
                if at is None:
                    handouts.append(handout)
                    handouts.sort(key=lambda h: h.id)
                else:
                    handouts[at] = handout
            out.append(TalkChange("shown" if value is not None else "hidden", key, author))
    campaign.chat, campaign.handouts = chat, handouts
    return out
