"""A last check after every operation: the parts it changed must still be valid.

Operations validate their requests with friendly messages; this catches whatever slipped past, so
an invalid value can never reach the file.
"""

from __future__ import annotations

from pydantic import TypeAdapter, ValidationError

from saga_desktop.model.campaign import (
    TOKEN_LIMIT,
    Campaign,
    Character,
    JournalEntry,
    MapState,
    Region,
    Token,
    check_characters,
    check_journal,
    check_piles,
    check_regions,
    check_tokens,
)
from saga_desktop.model.changes import Aspect
from saga_desktop.model.operation import OperationError
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.types import Name, Text

_NAME: TypeAdapter[str] = TypeAdapter(Name)
_TEXT: TypeAdapter[str] = TypeAdapter(Text)


def check_changed(
    campaign: Campaign,
    aspects: Aspect,
    regions: frozenset[tuple[int, int]],
    characters: frozenset[str],
    journal_before: tuple[JournalEntry, ...] = (),
) -> None:
    """Raise ValidationError or OperationError if a changed part of the campaign is invalid.

    The same checks as reading a file (:func:`saga_desktop.model.campaign.check_campaign`),
    limited to the parts the operation changed, so a campaign never holds what a file may not.
    """
    try:
        _check(campaign, aspects, regions, characters, journal_before)
    except OperationError:
        raise
    except ValidationError:
        raise
    except ValueError as exc:
        raise OperationError(str(exc)) from exc


def _check(
    campaign: Campaign,
    aspects: Aspect,
    regions: frozenset[tuple[int, int]],
    characters: frozenset[str],
    journal_before: tuple[JournalEntry, ...],
) -> None:
    if Aspect.JOURNAL in aspects:
        known = {id(e) for e in journal_before}
        for entry in campaign.journal:
            if id(entry) not in known:  # new or replaced entries only: the rest were checked
                JournalEntry.model_validate(entry.model_dump())
        check_journal(campaign.journal)
    if Aspect.META in aspects:
        _NAME.validate_python(campaign.name)
        _TEXT.validate_python(campaign.description)
    if Aspect.CHARACTERS in aspects:
        ids = [c.id for c in campaign.characters]
        if len(set(ids)) != len(ids):
            raise OperationError("Two characters would share an id")
        for c in campaign.characters:
            if c.id in characters:
                Character.model_validate(c.model_dump())
        check_characters(campaign)
    if aspects & (Aspect.CHARACTERS | Aspect.TABLE | Aspect.PLAY):
        check_piles(campaign)
    if aspects & (Aspect.MAP | Aspect.REGIONS | Aspect.TOKENS):
        m = campaign.map
        MapState.model_validate({**dict(m), "regions": [], "tokens": []})
        _check_regions(m.regions, regions, find_ruleset(campaign.ruleset).risk_bounds(campaign))
    if aspects & (Aspect.TOKENS | Aspect.CHARACTERS):
        _check_tokens(campaign)
    if Aspect.PLAY in aspects:
        type(campaign.play).model_validate(campaign.play.model_dump())
        check_regions(campaign)  # the risk range is the ruleset's option
    if aspects & (Aspect.PLAY | Aspect.CHARACTERS | Aspect.TABLE):
        find_ruleset(campaign.ruleset).check(campaign)


def _check_tokens(campaign: Campaign) -> None:
    tokens = campaign.map.tokens
    if len(tokens) > TOKEN_LIMIT:
        raise OperationError(f"A map holds at most {TOKEN_LIMIT} tokens")
    if len({t.id for t in tokens}) != len(tokens):
        raise OperationError("Two tokens would share an id")
    for t in tokens:
        Token.model_validate(t.model_dump())
    check_tokens(campaign)


def _check_regions(
    all_regions: list[Region], changed: frozenset[tuple[int, int]], bounds: tuple[int, int]
) -> None:
    fresh = [r for r in all_regions if (r.q, r.r) in changed]
    for r in fresh:
        Region.model_validate(r.model_dump())
        if not bounds[0] <= r.risk <= bounds[1]:
            raise OperationError(
                f"A risk of {r.risk} lies outside this campaign's range, {bounds[0]} to {bounds[1]}"
            )
        same_hex = sum(1 for o in all_regions if o.q == r.q and o.r == r.r)
        same_number = sum(1 for o in all_regions if o.number == r.number)
        if same_hex > 1:
            raise OperationError(f"Hex ({r.q}, {r.r}) is already charted")
        if same_number > 1:
            raise OperationError(f"Region number {r.number} is already taken")
