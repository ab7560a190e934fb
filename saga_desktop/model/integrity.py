"""A last check after every operation: the parts it changed must still be valid.

Operations validate their requests with friendly messages; this catches whatever slipped past, so
an invalid value can never reach the file. The regions and journal lines are checked one by one
as they changed, against the indexes their lists keep, so the cost follows the change.
"""

from __future__ import annotations

from pydantic import TypeAdapter, ValidationError

from saga_desktop.i18n.words import words
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
from saga_desktop.model.listlog import ListChanges
from saga_desktop.model.operation import OperationError
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.types import Name, Text

_NAME: TypeAdapter[str] = TypeAdapter(Name)
_TEXT: TypeAdapter[str] = TypeAdapter(Text)


def check_changed(
    campaign: Campaign,
    aspects: Aspect,
    characters: frozenset[str],
    lists: ListChanges,
    bounds_before: tuple[int, int] | None = None,
) -> None:
    """Raise ValidationError or OperationError if a changed part of the campaign is invalid.

    The same checks as reading a file (:func:`saga_desktop.model.campaign.check_campaign`),
    limited to the parts the operation changed, so a campaign never holds what a file may not.
    ``bounds_before`` is the risk range before the operation: every region is checked again
    only when it changed.
    """
    try:
        _check(campaign, aspects, characters, lists, bounds_before)
    except OperationError:
        raise
    except ValidationError:
        raise
    except ValueError as exc:
        raise OperationError(str(exc)) from exc


def _check(
    campaign: Campaign,
    aspects: Aspect,
    characters: frozenset[str],
    lists: ListChanges,
    bounds_before: tuple[int, int] | None,
) -> None:
    game = find_ruleset(campaign.ruleset)
    if Aspect.JOURNAL in aspects:
        _check_entries(campaign, lists)
    if Aspect.META in aspects:
        _NAME.validate_python(campaign.name)
        _TEXT.validate_python(campaign.description)
    if Aspect.CHARACTERS in aspects:
        ids = [c.id for c in campaign.characters]
        if len(set(ids)) != len(ids):
            raise OperationError(words("Two characters would share an id"))
        for c in campaign.characters:
            if c.id in characters:
                Character.model_validate(c.model_dump())
        check_characters(campaign)
    if aspects & (Aspect.CHARACTERS | Aspect.TABLE | Aspect.PLAY):
        check_piles(campaign)
    if aspects & (Aspect.MAP | Aspect.REGIONS | Aspect.TOKENS):
        m = campaign.map
        MapState.model_validate({**dict(m), "regions": [], "tokens": []})
        _check_regions(campaign, lists.new_regions, game.risk_bounds(campaign))
    if aspects & (Aspect.TOKENS | Aspect.CHARACTERS):
        _check_tokens(campaign)
    if Aspect.PLAY in aspects:
        type(campaign.play).model_validate(campaign.play.model_dump())
        if bounds_before is None or game.risk_bounds(campaign) != bounds_before:
            check_regions(campaign)  # the risk range is the ruleset's option
    if aspects & (Aspect.PLAY | Aspect.CHARACTERS | Aspect.TABLE):
        game.check(campaign)


def _check_entries(campaign: Campaign, lists: ListChanges) -> None:
    """New or replaced entries only: the rest were checked when they were added."""
    if any(e.kind == "all" for e in lists.journal):
        check_journal(campaign.journal)
    journal = campaign.indexed_journal()
    for entry in lists.new_entries:
        JournalEntry.model_validate(entry.model_dump())
        if journal.with_id(entry.id) > 1:
            i = max(i for i, e in enumerate(journal) if e.id == entry.id)
            raise ValueError(f"journal[{i}].id: {entry.id} is the id of an earlier entry too")


def _check_tokens(campaign: Campaign) -> None:
    tokens = campaign.map.tokens
    if len(tokens) > TOKEN_LIMIT:
        raise OperationError(
            words("A map holds at most {token_limit} tokens", token_limit=TOKEN_LIMIT)
        )
    if len({t.id for t in tokens}) != len(tokens):
        raise OperationError(words("Two tokens would share an id"))
    for t in tokens:
        Token.model_validate(t.model_dump())
    check_tokens(campaign)


def _check_regions(campaign: Campaign, fresh: tuple[Region, ...], bounds: tuple[int, int]) -> None:
    regions = campaign.map.indexed_regions()
    for r in fresh:
        Region.model_validate(r.model_dump())
        if not bounds[0] <= r.risk <= bounds[1]:
            raise OperationError(
                words(
                    "A risk of {risk} lies outside this campaign's range, {value} to {value2}",
                    risk=r.risk,
                    value=bounds[0],
                    value2=bounds[1],
                )
            )
        if regions.charted(r.q, r.r) > 1:
            raise OperationError(words("Hex ({q}, {r}) is already charted", q=r.q, r=r.r))
        if regions.numbered(r.number) > 1:
            raise OperationError(words("Region number {number} is already taken", number=r.number))
