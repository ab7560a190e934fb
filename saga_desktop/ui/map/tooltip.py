"""The hover note of a hex: title, terrain, risk (where the game has it), the note's start.

Player text is escaped before it goes into the (rich text) tooltip, so a title such as
``<b>Doom</b>`` shows exactly those characters and never formats anything.
"""

from __future__ import annotations

import html

from saga_desktop.i18n import tr
from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.map.index import RegionLike
from saga_desktop.ui.map.theme import risk_words

NOTE_LINES = 3
LINE_CHARS = 90


def plain(text: str) -> str:
    """Player text made safe for a rich-text label: escaped, line breaks kept."""
    return html.escape(text, quote=True).replace("\n", "<br>")


def first_lines(text: str, lines: int = NOTE_LINES, width: int = LINE_CHARS) -> list[str]:
    """The first non-empty lines of a note, each cut to ``width`` characters."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if len(out) == lines:
            out[-1] = out[-1].rstrip(".…") + " …"
            break
        out.append(line if len(line) <= width else line[: width - 1].rstrip() + "…")
    return out


def card_name(code: str) -> str:
    """``"7C"`` -> ``"7♣"``; anything unreadable is shown as it is."""
    try:
        return Card.from_code(code).name
    except RulesError:
        return code


def region_heading(region: RegionLike) -> str:
    """``Region 4 — The Drowned Stair`` (plain text)."""
    title = region.title or tr("Untitled region")
    return tr("Region {number} — {title}", number=region.number, title=title)


def hex_tooltip(
    region: RegionLike | None,
    h: Hex,
    *,
    party_here: bool = False,
    player: bool = False,
    risk: bool = True,
) -> str:
    """Rich text for the tooltip of a hex, with every piece of player text escaped.

    ``risk`` is False in a game whose regions have no risk rating: none is shown. The GM-only
    note is never shown. On the players' map (``player=True``) an uncharted hex (or a
    hidden region, which that map never holds) reads "Uncharted lands", with no hint of editing.
    """
    if region is None:
        if player:
            parts = ["<b>" + plain(tr("Uncharted lands")) + "</b>"]
        else:
            parts = ["<b>" + plain(tr("Uncharted hex")) + f"</b> ({h.q}, {h.r})"]
        if party_here:
            parts.append(plain(tr("The party is here.")))
        if not player:
            parts.append("<i>" + plain(tr("Double-click to chart it.")) + "</i>")
        return "<qt>" + "<br>".join(parts) + "</qt>"
    parts = [f"<b>{plain(region_heading(region))}</b>"]
    facts = []
    if region.terrain:
        facts.append(plain(region.terrain))
    if risk:
        words = risk_words(region.risk)
        if region.risk_card:
            card = card_name(region.risk_card)
            facts.append(
                plain(
                    tr(
                        "Risk {risk} ({words}), card {card}",
                        risk=region.risk,
                        words=words,
                        card=card,
                    )
                )
            )
        else:
            facts.append(plain(tr("Risk {risk} ({words})", risk=region.risk, words=words)))
    facts.append(plain(tr("visited") if region.visited else tr("not visited yet")))
    parts.append(" · ".join(facts))
    if party_here:
        parts.append(plain(tr("The party is here.")))
    if region.hidden and not player:
        parts.append("<i>" + plain(tr("Hidden from the players.")) + "</i>")
    lines = first_lines(region.notes)
    if lines:
        parts.append("<hr>" + "<br>".join(plain(line) for line in lines))
    return "<qt>" + "<br>".join(parts) + "</qt>"
