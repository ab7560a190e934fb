"""Changing charted regions: their description, notes, risk rating, visibility; removing one.

Regions are frozen: an operation replaces a list entry with a validated copy and never edits one
in place. Every line written names the region it is about (:func:`log_about`), so it follows the
region's visibility.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Value, Words, listed, words
from saga_desktop.model.journal_marks import GM_ONLY, log_about, remark, retire
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.map_common import (
    find_region,
    long_text,
    one_line,
    region_words,
    risk_bounds,
)
from saga_desktop.model.ops.rolling_tables import PlannedRoll, replay_rolls
from saga_desktop.model.types import replace


@dataclass(frozen=True)
class EditRegion(Operation):
    """Change a region's title, notes, GM-only notes, terrain or visited mark (None: keep).

    ``rolls`` are table rolls made while editing (see :class:`ChartRegion`).
    """

    q: int
    r: int
    title: str | None = None
    notes: str | None = None
    gm_notes: str | None = None
    terrain: str | None = None
    visited: bool | None = None
    rolls: tuple[PlannedRoll, ...] = ()

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit region")

    @override
    def apply(self, ctx: Context) -> None:
        i, region = find_region(ctx, self.q, self.r)
        replay_rolls(ctx, self.rolls)
        changes: dict[str, object] = {}
        if self.title is not None:
            changes["title"] = one_line(self.title, tr_noop("title"))
        if self.terrain is not None:
            changes["terrain"] = one_line(self.terrain, tr_noop("terrain"))
        if self.notes is not None:
            changes["notes"] = long_text(self.notes, tr_noop("public note"))
        if self.gm_notes is not None:
            changes["gm_notes"] = long_text(self.gm_notes, tr_noop("GM-only note"))
        if self.visited is not None:
            changes["visited"] = self.visited
        changes = {k: v for k, v in changes.items() if getattr(region, k) != v}
        if not changes:
            raise OperationError(words("Nothing to change"))
        ctx.campaign.map.regions[i] = replace(region, **changes)
        names = {
            "title": words("title"),
            "notes": words("notes"),
            "gm_notes": words("GM-only notes"),
            "terrain": words("terrain"),
            "visited": words("visited mark"),
        }
        what = listed(*(names[k] for k in changes))
        log_about(
            ctx,
            "region",
            words(
                "Edited {region}: {what}.",
                region=region_words(ctx.campaign.map.regions[i]),
                what=what,
            ),
            {"number": region.number},
            regions=[region.number],
        )


@dataclass(frozen=True)
class AppendRegionNote(Operation):
    """Add a line to a region's public or GM-only note (a table result, for instance)."""

    q: int
    r: int
    text: str
    gm: bool = False

    @property
    @override
    def label(self) -> Words | str:
        return words("Add to GM-only note") if self.gm else words("Add to region note")

    @override
    def apply(self, ctx: Context) -> None:
        i, region = find_region(ctx, self.q, self.r)
        text = self.text.strip()
        if not text:
            raise OperationError(words("There is nothing to add"))
        old = region.gm_notes if self.gm else region.notes
        new = long_text(f"{old.rstrip()}\n{text}" if old.strip() else text, "note")
        field = "gm_notes" if self.gm else "notes"
        ctx.campaign.map.regions[i] = replace(region, **{field: new})
        name = region_words(region)
        line = (
            words("Added to the GM-only note of {region}.", region=name)
            if self.gm
            else words("Added to {region}: {text}", region=name, text=text)
        )
        log_about(ctx, "region", line, {"number": region.number}, regions=[region.number])


@dataclass(frozen=True)
class SetRegionRisk(Operation):
    """Set a region's risk rating (within the campaign's bounds)."""

    q: int
    r: int
    risk: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Set risk rating")

    @override
    def apply(self, ctx: Context) -> None:
        i, region = find_region(ctx, self.q, self.r)
        low, high = risk_bounds(ctx)
        if not low <= self.risk <= high:
            raise OperationError(
                words("A risk rating lies between {low} and {high}", low=low, high=high)
            )
        if self.risk == region.risk:
            raise OperationError(words("The risk rating is already {risk}", risk=self.risk))
        ctx.campaign.map.regions[i] = replace(region, risk=self.risk)
        log_about(
            ctx,
            "risk",
            words(
                "Risk of {region} set: {before} → {after}.",
                region=region_words(region),
                before=region.risk,
                after=self.risk,
            ),
            {"number": region.number, "before": region.risk, "after": self.risk},
            regions=[region.number],
        )


@dataclass(frozen=True)
class StepRegionRisk(Operation):
    """Step a region's risk rating up (``steps`` > 0) or down, as the GM sees fit."""

    q: int
    r: int
    steps: int = 1

    @property
    @override
    def label(self) -> Words | str:
        return words("Step risk up") if self.steps > 0 else words("Step risk down")

    @override
    def apply(self, ctx: Context) -> None:
        i, region = find_region(ctx, self.q, self.r)
        if self.steps == 0:
            raise OperationError(words("Step the risk rating up or down by at least one"))
        low, high = risk_bounds(ctx)
        before = region.risk
        after = max(low, min(high, before + self.steps))
        if after == before:
            raise OperationError(
                words("The risk rating is already at its highest ({risk})", risk=region.risk)
                if self.steps > 0
                else words("The risk rating is already at its lowest ({risk})", risk=region.risk)
            )
        ctx.campaign.map.regions[i] = replace(region, risk=after)
        capped = after - before != self.steps
        values: dict[str, Value] = {
            "before": before,
            "after": after,
            "region": region_words(region),
        }
        if self.steps > 0 and capped:
            said = words(
                "Risk stepped up: {before} → {after} (at its limit) in {region}.", **values
            )
        elif self.steps > 0:
            said = words("Risk stepped up: {before} → {after} in {region}.", **values)
        elif capped:
            said = words(
                "Risk stepped down: {before} → {after} (at its limit) in {region}.", **values
            )
        else:
            said = words("Risk stepped down: {before} → {after} in {region}.", **values)
        log_about(
            ctx,
            "risk",
            said,
            {"number": region.number, "before": before, "after": after},
            regions=[region.number],
        )


@dataclass(frozen=True)
class SetRegionHidden(Operation):
    """Hide a region from the players' view, or show it again."""

    q: int
    r: int
    hidden: bool = True

    @property
    @override
    def label(self) -> Words | str:
        return words("Hide region from players") if self.hidden else words("Show region to players")

    @override
    def apply(self, ctx: Context) -> None:
        i, region = find_region(ctx, self.q, self.r)
        if region.hidden == self.hidden:
            raise OperationError(
                "The region is already hidden" if self.hidden else "The region is already shown"
            )
        ctx.campaign.map.regions[i] = replace(region, hidden=self.hidden)
        remark(ctx, "regions", region.number)  # its lines follow it: the GM's while hidden
        name = region_words(region)
        # That it was hidden is the GM's alone for good: shown again, the players read what the
        # region is, never that it was kept from them.
        log_about(
            ctx,
            "region",
            words("{region} is hidden from the players.", region=name)
            if self.hidden
            else words("{region} is shown to the players.", region=name),
            {"number": region.number, **({GM_ONLY: True} if self.hidden else {})},
            regions=[region.number],
        )


@dataclass(frozen=True)
class DeleteRegion(Operation):
    """Remove a region from the map (its number becomes free; undo brings it back)."""

    q: int
    r: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Delete region")

    @override
    def apply(self, ctx: Context) -> None:
        i, region = find_region(ctx, self.q, self.r)
        log_about(
            ctx,
            "region",
            words("{region} was removed from the map.", region=region_words(region)),
            {"number": region.number},
            regions=[region.number],
        )
        del ctx.campaign.map.regions[i]
        retire(ctx, "regions", region.number, region.hidden)
