"""What the map's operations share: finding a region, checking a hex, wording a region's name."""

from __future__ import annotations

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.campaign import Region
from saga_desktop.model.operation import Context, OperationError
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Ruleset
from saga_desktop.model.types import COORD_LIMIT, NAME_MAX, TEXT_MAX, replace
from saga_desktop.rules.hexgrid import Layout, Orientation


def game_of(ctx: Context) -> Ruleset:
    """The campaign's ruleset."""
    return find_ruleset(ctx.campaign.ruleset)


def risk_bounds(ctx: Context) -> tuple[int, int]:
    """The lowest and highest risk rating a region may have in this campaign (its rulings)."""
    return game_of(ctx).risk_bounds(ctx.campaign)


def check_coord(q: int, r: int) -> None:
    """Refuse a hex beyond the edge of the map."""
    if not (-COORD_LIMIT <= q <= COORD_LIMIT and -COORD_LIMIT <= r <= COORD_LIMIT):
        raise OperationError(words("Hex ({q}, {r}) lies beyond the edge of the map", q=q, r=r))


def find_region(ctx: Context, q: int, r: int) -> tuple[int, Region]:
    """The position and the region charted at a hex; refused when it is not charted."""
    i = ctx.campaign.map.region_position(q, r)
    if i is None:
        raise OperationError(words("Hex ({q}, {r}) is not charted", q=q, r=r))
    return i, ctx.campaign.map.regions[i]


def one_line(value: str, what: str) -> str:
    """A title or a terrain: stripped, on one line, within the length limit."""
    value = value.strip()
    if "\n" in value or "\r" in value:
        raise OperationError(words("The {what} must fit on one line", what=Words(what)))
    if len(value) > NAME_MAX:
        raise OperationError(
            words(
                "The {what} has at most {name_max} characters", what=Words(what), name_max=NAME_MAX
            )
        )
    return value


def long_text(value: str, what: str) -> str:
    """A note within the length limit."""
    if len(value) > TEXT_MAX:
        raise OperationError(
            words(
                "The {what} has at most {text_max} characters", what=Words(what), text_max=TEXT_MAX
            )
        )
    return value


def region_name(region: Region) -> str:
    """``region 4 (The Drowned Mill)``, or ``region 4`` when it has no title."""
    return f"region {region.number}" + (f" ({region.title})" if region.title else "")


def region_words(region: Region) -> Words:
    """``region 4 (The Drowned Mill)`` as words (a language puts its own article before it)."""
    if region.title:
        return words("region {number} ({title})", number=region.number, title=region.title)
    return words("region {number}", number=region.number)


def named_regions(region: Region | None) -> list[int]:
    """The region numbers a journal line names for a region that may be absent."""
    return [] if region is None else [region.number]


def capitalised(text: str) -> str:
    """The text with its first letter capitalised."""
    return text[:1].upper() + text[1:]


def unit_layout(ctx: Context) -> Layout:
    """The campaign's hex layout in units of a hex's size."""
    return Layout(Orientation(ctx.campaign.map.orientation), 1.0)


def visit(ctx: Context, q: int, r: int) -> Region | None:
    """Mark a charted hex visited; returns its region (None when uncharted)."""
    regions = ctx.campaign.map.regions
    i = ctx.campaign.map.region_position(q, r)
    if i is None:
        return None
    if not regions[i].visited:
        regions[i] = replace(regions[i], visited=True)
    return regions[i]
