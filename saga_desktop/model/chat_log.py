"""Talk in the recovery log: one line per chat line said or deleted, handout shown or hidden.

A line carries what it changed (the whole chat line or handout), so replaying it onto a base
that already holds it changes nothing: the base of a recovery slot may be newer than some lines.
"""

from __future__ import annotations

from saga_desktop.model.chat import ChatMessage, Handout, Talk, TalkChange, TalkError


def talk_line(talk: Talk, change: TalkChange) -> dict[str, object]:
    """One change to the talk as a line of the recovery log (see :func:`replay_talk`)."""
    line: dict[str, object] = {"talk": change.kind, "id": change.id, "by": change.author}
    if change.kind == "said":
        message = talk.message(change.id)
        if message is not None:
            line["line"] = message.model_dump(mode="json")
    elif change.kind == "shown":
        handout = talk.handout(change.id)
        if handout is not None:
            line["handout"] = handout.model_dump(mode="json")
    elif change.kind == "hidden" and talk.handout(change.id) is None:
        line["gone"] = True
    return line


def replay_talk(talk: Talk, line: dict[str, object]) -> None:
    """Do again what a recovery log line says; a line already in the campaign changes nothing."""
    kind, target, by = line.get("talk"), line.get("id"), str(line.get("by", "gm"))
    if not isinstance(target, int):
        raise TalkError("a talk line without its id")
    if kind == "said" and "line" in line:
        talk.keep(ChatMessage.model_validate(line["line"]), by)
    elif kind == "unsaid":
        talk.unsay(target, by)
    elif kind == "shown" and "handout" in line:
        talk.show(Handout.model_validate(line["handout"]), by)
    elif kind == "hidden":
        if line.get("gone"):
            talk.forget(target, by)
        else:
            talk.hide(target, by)
