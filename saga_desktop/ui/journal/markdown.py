"""The journal as Markdown: a heading per day, one list item per entry, text kept literal.

Entry text is plain text: characters Markdown would read as markup are escaped, so a note full of
asterisks or angle brackets exports exactly as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.chat import ChatMessage
from saga_desktop.ui.journal.model import kind_title

_INLINE = re.compile(r"([\\`*_\[\]<>|~])")
_LINE_START = re.compile(r"^(\s*)([#+\-=])")
_NUMBERED = re.compile(r"^(\s*\d+)([.)])")


def escape(text: str) -> str:
    """Escape what Markdown would read as markup, so the text reads back literally.

    Inline markup (emphasis, code, links, HTML) is escaped everywhere; block markup (headings,
    list markers, quotes) only where a line starts with it.
    """
    text = _INLINE.sub(r"\\\1", text)
    text = _LINE_START.sub(r"\1\\\2", text)
    return _NUMBERED.sub(r"\1\\\2", text)


def _item(entry: JournalEntry, names: Mapping[str, str]) -> str:
    facts = [entry.at.astimezone().strftime("%H:%M")]
    if entry.region is not None:
        facts.append(tr("region {number}", number=entry.region))
    if entry.character is not None:
        facts.append(escape(names.get(entry.character, entry.character)))
    facts.append(escape(kind_title(entry.kind)))
    lines = entry.said.splitlines() or [""]
    body = "  \n  ".join(escape(line) for line in lines)
    return f"- **{' · '.join(facts)}** — {body}"


def journal_markdown(
    title: str,
    entries: Iterable[JournalEntry],
    names: Mapping[str, str],
    note: str = "",
    chat: Iterable[ChatMessage] = (),
) -> str:
    """The entries as a Markdown document titled after the campaign, then the table talk.

    ``chat`` is what the exporting window may read (a player's seat holds only its own view).
    """
    out = [tr("# {title} — journal", title=escape(title)), ""]
    if note:
        out += [f"_{escape(note)}_", ""]
    day: int | None = None
    count = 0
    for entry in entries:
        if entry.day != day:
            day = entry.day
            if count:
                out.append("")
            out += [tr("## Day {day}", day=day), ""]
        out.append(_item(entry, names))
        count += 1
    if not count:
        out.append(tr("The journal is empty."))
    out += chat_markdown(chat)
    return "\n".join(out) + "\n"


def chat_markdown(chat: Iterable[ChatMessage]) -> list[str]:
    """The table talk as Markdown lines (none when nobody said anything)."""
    out: list[str] = []
    for message in chat:
        if not out:
            out += ["", tr("## Table talk"), ""]
        when = message.at.astimezone().strftime("%Y-%m-%d %H:%M")
        who = escape(message.speaker)
        if message.whisper:
            whom = escape(", ".join(message.to) or tr("GM"))
            who = tr("{speaker} (whisper to {whom})", speaker=who, whom=whom)
        body = "  \n  ".join(escape(line) for line in message.text.splitlines() or [""])
        out.append(f"- **{when} · {who}** — {body}")
    return out


def export_markdown(
    path: Path,
    title: str,
    entries: Iterable[JournalEntry],
    names: Mapping[str, str],
    note: str = "",
    chat: Iterable[ChatMessage] = (),
) -> None:
    """Write the journal (and ``chat``) to ``path`` as UTF-8 Markdown (via a temporary file)."""
    text = journal_markdown(title, entries, names, note, chat)
    temp = path.with_name(path.name + ".part")
    temp.write_text(text, encoding="utf-8")
    temp.replace(path)
