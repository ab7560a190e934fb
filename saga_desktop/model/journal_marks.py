"""Journal lines that name a region, a token or a monster, marked for who may read them.

A line such as "Region 4 charted: The Drowned Mill" carries a secret while region 4 is hidden from
the players. Every such line is written through :func:`log_about`, which records what it names in
its details (``"about": {"regions": [4], "tokens": [...], "monsters": [...]}``) and marks it
``"veiled"`` while any of them is hidden from the players, by the rules of
:mod:`saga_desktop.model.visibility` (a hidden region or token, a monster the players have not
met). When something's visibility changes, :func:`remark` sets the marks again on the lines
naming it, so a line written while a region was shown is the GM's alone once it is hidden, and
comes back when it is shown again. Every line is also stamped with the party's region
(``JournalEntry.region``); while that region is hidden the line is marked ``"hidden_place"`` and
players read it without the stamp.

When a region, token or monster is removed its number or id may be given to a new one, so
:func:`retire` first settles the lines naming the old one: the GM's alone for good if it was
hidden, readable as they are if it was not.

Lines of files written before lines recorded what they name carry their marks from the next time
what they name is hidden or shown (:func:`about_of` reads what they name from their details).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pydantic import JsonValue

from saga_desktop.i18n.words import Words
from saga_desktop.model.campaign import Campaign, JournalEntry
from saga_desktop.model.hiding import hides_token
from saga_desktop.model.operation import Context
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.types import replace

ABOUT, VEILED, HIDDEN_PLACE, GM_ONLY = "about", "veiled", "hidden_place", "gm_only"
OWN_ONLY = "own_only"
"""A line about a character not in play: its own player and the GM read it, nobody else."""
KINDS = ("regions", "tokens", "monsters")
"""What a line may name: region numbers, token ids, monster ids."""
LEGACY_KINDS = frozenset({"region", "risk", "token"})
NOTHING: dict[str, list[JsonValue]] = {}


@dataclass(frozen=True, slots=True)
class Hidden:
    """What is hidden from the players now: region numbers, token ids, monster ids."""

    regions: frozenset[int]
    tokens: frozenset[str]
    monsters: frozenset[str]

    def hides(self, about: dict[str, list[JsonValue]]) -> bool:
        """True when a line naming ``about`` names anything hidden."""
        return (
            not self.regions.isdisjoint(about.get("regions", ()))
            or not self.tokens.isdisjoint(about.get("tokens", ()))
            or not self.monsters.isdisjoint(about.get("monsters", ()))
        )


def hidden_now(campaign: Campaign) -> Hidden:
    """What the table may not see of ``campaign`` now (the visibility rules, one viewer)."""
    table = Viewer.TABLE
    return Hidden(
        # a hidden region is hidden from the table; they are kept indexed, so this costs what
        # is hidden, not the map's size
        campaign.map.indexed_regions().hidden_numbers(),
        frozenset(t.id for t in campaign.map.tokens if hides_token(t, table)),
        find_ruleset(campaign.ruleset).unmet(campaign),
    )


def about_of(entry: JournalEntry) -> dict[str, list[JsonValue]]:
    """What a journal line names (empty for a line naming nothing).

    Lines written before lines recorded it are read from their details: a region's number on the
    map's region lines, a token's id on token lines.
    """
    details = entry.details
    about = details.get(ABOUT)
    if about is None and entry.kind not in LEGACY_KINDS:
        return NOTHING
    if isinstance(about, dict):
        return {k: v for k, v in about.items() if k in KINDS and isinstance(v, list)}
    number, token = details.get("number"), details.get("token")
    if entry.kind in ("region", "risk") and isinstance(number, int):
        return {"regions": [number]}
    if entry.kind == "token" and isinstance(token, str):
        return {"tokens": [token]}
    return {}


def _marked(entry: JournalEntry, hidden: Hidden) -> JournalEntry:
    """``entry`` with its marks set by ``hidden`` (the same object when nothing changes)."""
    veiled = hidden.hides(about_of(entry))
    place = entry.region is not None and entry.region in hidden.regions
    now = entry.details
    if (now.get(VEILED) is True) == veiled and (now.get(HIDDEN_PLACE) is True) == place:
        return entry
    details = dict(now)
    for key, on in ((VEILED, veiled), (HIDDEN_PLACE, place)):
        if on:
            details[key] = True
        else:
            details.pop(key, None)
    return entry if details == entry.details else replace(entry, details=details)


def log_about(
    ctx: Context,
    kind: str,
    text: str | Words,
    details: dict[str, JsonValue] | None = None,
    *,
    regions: Iterable[int] = (),
    tokens: Iterable[str] = (),
    monsters: Iterable[str] = (),
    character: str | None = None,
) -> JournalEntry:
    """Journal a line naming regions, tokens or monsters, marked for who may read it."""
    named: dict[str, list[JsonValue]] = {
        "regions": list(dict.fromkeys(regions)),
        "tokens": list(dict.fromkeys(tokens)),
        "monsters": list(dict.fromkeys(monsters)),
    }
    about: dict[str, JsonValue] = {k: v for k, v in named.items() if v}
    more: dict[str, JsonValue] = {ABOUT: about} if about else {}
    entry = ctx.log(kind, text, {**(details or {}), **more}, character=character)
    marked = _marked(entry, hidden_now(ctx.campaign))
    if marked is not entry:
        ctx.campaign.journal[-1] = marked
    return marked


def remark(ctx: Context, what: str, key: int | str) -> None:
    """Set the marks again on the lines naming one thing, after it was hidden or shown.

    ``what`` is one of :data:`KINDS`; for a region, the lines stamped with it are marked too.
    """
    hidden = hidden_now(ctx.campaign)
    journal = ctx.campaign.journal
    for i, entry in enumerate(journal):
        stamped = what == "regions" and entry.region == key
        if stamped or key in about_of(entry).get(what, ()):
            marked = _marked(entry, hidden)
            if marked is not entry:
                journal[i] = marked


def retire(ctx: Context, what: str, key: int | str, was_hidden: bool) -> None:
    """Settle the lines naming a removed region, token or monster, before its key is reused.

    Lines naming it stop following it: they become the GM's for good if it was hidden, and stay
    as they are if not. A region's number is also taken off the lines stamped with it while hidden.
    """
    journal, hidden = ctx.campaign.journal, hidden_now(ctx.campaign)
    for i, entry in enumerate(journal):
        about = about_of(entry)
        names = key in about.get(what, ())
        stamped = what == "regions" and entry.region == key and was_hidden
        if not names and not stamped:
            continue
        details = dict(entry.details)
        if names:
            rest = {k: [x for x in v if x != key] if k == what else v for k, v in about.items()}
            details[ABOUT] = {k: v for k, v in rest.items() if v}
            if was_hidden:
                details[GM_ONLY] = True
        changes: dict[str, object] = {"details": details}
        if stamped:
            changes["region"] = None
            details.pop(HIDDEN_PLACE, None)
        journal[i] = _marked(replace(entry, **changes), hidden)


def is_veiled(details: dict[str, JsonValue]) -> bool:
    """True for a line only the GM may read (GM-only, or naming something hidden)."""
    return details.get(GM_ONLY) is True or details.get(VEILED) is True


def unplaced(entry: JournalEntry) -> JournalEntry:
    """``entry`` as players read it when stamped with a hidden region: without the stamp."""
    if entry.details.get(HIDDEN_PLACE) is not True:
        return entry
    details = {k: v for k, v in entry.details.items() if k != HIDDEN_PLACE}
    return replace(entry, region=None, details=details)
