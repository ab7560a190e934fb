"""Operations on the hex map: the d20 drop, charting, editing regions, risk, travel.

Regions are frozen: an operation replaces a list entry with a validated copy and never edits one
in place. Every operation writes a journal entry; the session makes each one undoable (cards and
generator included), so none of them carries undo code. Hexes are addressed by axial ``(q, r)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from typing_extensions import override

from saga_desktop.model.campaign import REGION_LIMIT, Region
from saga_desktop.model.journal_marks import log_about, remark, retire
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.rolling_tables import PlannedRoll, TableRoll, replay_rolls
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Ruleset, TravelMode
from saga_desktop.model.types import COORD_LIMIT, NAME_MAX, TEXT_MAX, HexCoord, replace
from saga_desktop.rules.hexgrid import Hex, Layout, Orientation
from saga_desktop.rules.mapdrop import drop_d20

SHEET_COLUMNS = 13
"""The d20 drop sheet is this many hexes wide..."""
SHEET_ROWS = 9
"""...and this many rows tall, centred on the hex the drop is aimed at."""
MAX_PATH = 1000

OrientationName = Literal["pointy", "flat"]


# -- helpers -------------------------------------------------------------------------------------


def _game(ctx: Context) -> Ruleset:
    return find_ruleset(ctx.campaign.ruleset)


def risk_bounds(ctx: Context) -> tuple[int, int]:
    """The lowest and highest risk rating a region may have in this campaign (its rulings)."""
    return _game(ctx).risk_bounds(ctx.campaign)


def _check_coord(q: int, r: int) -> None:
    if not (-COORD_LIMIT <= q <= COORD_LIMIT and -COORD_LIMIT <= r <= COORD_LIMIT):
        raise OperationError(f"Hex ({q}, {r}) lies beyond the edge of the map")


def _find(ctx: Context, q: int, r: int) -> tuple[int, Region]:
    i = ctx.campaign.map.region_position(q, r)
    if i is None:
        raise OperationError(f"Hex ({q}, {r}) is not charted")
    return i, ctx.campaign.map.regions[i]


def _label(value: str, what: str) -> str:
    value = value.strip()
    if "\n" in value or "\r" in value:
        raise OperationError(f"The {what} must fit on one line")
    if len(value) > NAME_MAX:
        raise OperationError(f"The {what} has at most {NAME_MAX} characters")
    return value


def _text(value: str, what: str) -> str:
    if len(value) > TEXT_MAX:
        raise OperationError(f"The {what} has at most {TEXT_MAX} characters")
    return value


def _name(region: Region) -> str:
    return f"region {region.number}" + (f" ({region.title})" if region.title else "")


def _numbers(region: Region | None) -> list[int]:
    return [] if region is None else [region.number]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _layout(ctx: Context) -> Layout:
    orientation = Orientation(ctx.campaign.map.orientation)
    return Layout(orientation, 1.0)


def _visit(ctx: Context, q: int, r: int) -> Region | None:
    """Mark a charted hex visited; returns its region (None when uncharted)."""
    regions = ctx.campaign.map.regions
    i = ctx.campaign.map.region_position(q, r)
    if i is None:
        return None
    if not regions[i].visited:
        regions[i] = replace(regions[i], visited=True)
    return regions[i]


def travel_days(hexes: int, mode: TravelMode) -> int:
    """Whole days to cross ``hexes`` hexes by a travel mode (a part day counts as a day)."""
    return -(-hexes // mode.hexes_per_day) if hexes > 0 else 0


def straight_path(start: Hex, end: Hex) -> list[Hex]:
    """The hexes entered walking from ``start`` to ``end`` in a straight line (start excluded)."""
    return start.line_to(end)[1:]


# -- the d20 drop --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DropResult:
    """Where the d20 came to rest: the point in hex-size units, its hex, the face it shows."""

    x: float
    y: float
    q: int
    r: int
    face: int
    region: int | None

    @property
    def drop_point(self) -> tuple[float, float]:
        """The resting point in units of a hex's size (multiply by the drawn hex size)."""
        return self.x, self.y


@dataclass(frozen=True)
class DropD20(Operation):
    """Drop the d20 on a sheet of hexes centred on a hex; the party starts where it lands."""

    centre_q: int = 0
    centre_r: int = 0
    columns: int = SHEET_COLUMNS
    rows: int = SHEET_ROWS

    @property
    @override
    def label(self) -> str:
        return "Drop the d20"

    @override
    def apply(self, ctx: Context) -> DropResult:
        if not (1 <= self.columns <= 200 and 1 <= self.rows <= 200):
            raise OperationError("The map sheet is between 1 and 200 hexes on a side")
        _check_coord(self.centre_q, self.centre_r)
        layout = _layout(ctx)
        cx, cy = layout.to_point(Hex(self.centre_q, self.centre_r))
        pointy = layout.orientation is Orientation.POINTY
        col_step = layout.width if pointy else layout.width * 0.75
        row_step = layout.height * 0.75 if pointy else layout.height
        half_w, half_h = self.columns * col_step / 2, self.rows * row_step / 2
        record = drop_d20(ctx.rng, layout, cx - half_w, cy - half_h, cx + half_w, cy + half_h)
        h = record.hex
        _check_coord(h.q, h.r)
        m = ctx.campaign.map
        m.party = HexCoord(q=h.q, r=h.r)
        region = _visit(ctx, h.q, h.r)
        where = (
            f"in {_name(region)}"
            if region
            else f"in uncharted hex ({h.q}, {h.r}); describe the region"
        )
        log_about(
            ctx,
            "map",
            f"The d20 lands showing {record.face}, {where}. The party starts here.",
            {"q": h.q, "r": h.r, "x": record.x, "y": record.y, "face": record.face},
            regions=_numbers(region),
        )
        return DropResult(
            record.x, record.y, h.q, h.r, record.face, region.number if region else None
        )


# -- charting ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChartResult:
    """A newly charted region and the card that set its risk."""

    q: int
    r: int
    number: int
    card: str | None
    card_name: str
    risk: int
    mood: str
    prompt: str
    rolls: tuple[TableRoll, ...] = ()


@dataclass(frozen=True)
class ChartRegion(Operation):
    """Describe an uncharted hex, number it, and reveal one card for its risk rating.

    ``rolls`` are the table rolls the player made while describing it (on a copy of the
    generator); they are replayed and journaled first, then the card is revealed.
    """

    q: int
    r: int
    title: str = ""
    notes: str = ""
    gm_notes: str = ""
    terrain: str = ""
    rolls: tuple[PlannedRoll, ...] = ()

    @property
    @override
    def label(self) -> str:
        return f"Chart {self.title.strip() or f'hex ({self.q}, {self.r})'}"

    @override
    def apply(self, ctx: Context) -> ChartResult:
        _check_coord(self.q, self.r)
        m = ctx.campaign.map
        existing = m.region_at(self.q, self.r)
        if existing is not None:
            raise OperationError(
                f"Hex ({self.q}, {self.r}) is already charted as {_name(existing)}"
            )
        if len(m.regions) >= REGION_LIMIT:
            raise OperationError(f"A map holds at most {REGION_LIMIT} regions")
        title = _label(self.title, "title")
        terrain = _label(self.terrain, "terrain")
        notes = _text(self.notes.rstrip(), "public note")
        gm_notes = _text(self.gm_notes, "GM-only note")
        rolls = replay_rolls(ctx, self.rolls)
        low, high = risk_bounds(ctx)
        chart = _game(ctx).chart_risk(ctx)
        risk = max(low, min(high, chart.risk if chart else 1))
        line = chart.line if chart else ""
        if line:
            notes = _text(f"{notes}\n\n{line}" if notes else line, "public note")
        number = m.next_number()
        party_here = m.party is not None and (m.party.q, m.party.r) == (self.q, self.r)
        m.regions.append(
            Region(
                q=self.q,
                r=self.r,
                number=number,
                title=title,
                notes=notes,
                gm_notes=gm_notes,
                terrain=terrain,
                risk=risk,
                risk_card=chart.card if chart else None,
                visited=party_here,
            )
        )
        log_about(
            ctx,
            "region",
            f"Region {number} charted{': ' + title if title else ''}."
            + (f" {line}." if line else ""),
            {
                "q": self.q,
                "r": self.r,
                "number": number,
                "risk": risk,
                **(chart.details if chart else {}),
            },
            regions=[number],
        )
        return ChartResult(
            self.q,
            self.r,
            number,
            chart.card if chart else None,
            chart.card_name if chart else "",
            risk,
            chart.mood if chart else "",
            chart.prompt if chart else "",
            tuple(rolls),
        )


# -- editing regions -----------------------------------------------------------------------------


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
    def label(self) -> str:
        return "Edit region"

    @override
    def apply(self, ctx: Context) -> None:
        i, region = _find(ctx, self.q, self.r)
        replay_rolls(ctx, self.rolls)
        changes: dict[str, object] = {}
        if self.title is not None:
            changes["title"] = _label(self.title, "title")
        if self.terrain is not None:
            changes["terrain"] = _label(self.terrain, "terrain")
        if self.notes is not None:
            changes["notes"] = _text(self.notes, "public note")
        if self.gm_notes is not None:
            changes["gm_notes"] = _text(self.gm_notes, "GM-only note")
        if self.visited is not None:
            changes["visited"] = self.visited
        changes = {k: v for k, v in changes.items() if getattr(region, k) != v}
        if not changes:
            raise OperationError("Nothing to change")
        ctx.campaign.map.regions[i] = replace(region, **changes)
        names = {"title": "title", "notes": "notes", "gm_notes": "GM-only notes"}
        names |= {"terrain": "terrain", "visited": "visited mark"}
        what = ", ".join(names[k] for k in changes)
        log_about(
            ctx,
            "region",
            f"Edited {_name(ctx.campaign.map.regions[i])}: {what}.",
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
    def label(self) -> str:
        return "Add to GM-only note" if self.gm else "Add to region note"

    @override
    def apply(self, ctx: Context) -> None:
        i, region = _find(ctx, self.q, self.r)
        text = self.text.strip()
        if not text:
            raise OperationError("There is nothing to add")
        old = region.gm_notes if self.gm else region.notes
        new = _text(f"{old.rstrip()}\n{text}" if old.strip() else text, "note")
        field = "gm_notes" if self.gm else "notes"
        ctx.campaign.map.regions[i] = replace(region, **{field: new})
        line = f"the GM-only note of {_name(region)}." if self.gm else f"{_name(region)}: {text}"
        log_about(
            ctx, "region", f"Added to {line}", {"number": region.number}, regions=[region.number]
        )


@dataclass(frozen=True)
class SetRegionRisk(Operation):
    """Set a region's risk rating (within the campaign's bounds)."""

    q: int
    r: int
    risk: int

    @property
    @override
    def label(self) -> str:
        return "Set risk rating"

    @override
    def apply(self, ctx: Context) -> None:
        i, region = _find(ctx, self.q, self.r)
        low, high = risk_bounds(ctx)
        if not low <= self.risk <= high:
            raise OperationError(f"A risk rating lies between {low} and {high}")
        if self.risk == region.risk:
            raise OperationError(f"The risk rating is already {self.risk}")
        ctx.campaign.map.regions[i] = replace(region, risk=self.risk)
        log_about(
            ctx,
            "risk",
            f"Risk of {_name(region)} set: {region.risk} → {self.risk}.",
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
    def label(self) -> str:
        return "Step risk up" if self.steps > 0 else "Step risk down"

    @override
    def apply(self, ctx: Context) -> None:
        i, region = _find(ctx, self.q, self.r)
        if self.steps == 0:
            raise OperationError("Step the risk rating up or down by at least one")
        low, high = risk_bounds(ctx)
        before = region.risk
        after = max(low, min(high, before + self.steps))
        if after == before:
            edge = "highest" if self.steps > 0 else "lowest"
            raise OperationError(f"The risk rating is already at its {edge} ({region.risk})")
        ctx.campaign.map.regions[i] = replace(region, risk=after)
        way = "up" if self.steps > 0 else "down"
        capped = " (at its limit)" if after - before != self.steps else ""
        log_about(
            ctx,
            "risk",
            f"Risk stepped {way}: {before} → {after}{capped} in {_name(region)}.",
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
    def label(self) -> str:
        return "Hide region from players" if self.hidden else "Show region to players"

    @override
    def apply(self, ctx: Context) -> None:
        i, region = _find(ctx, self.q, self.r)
        if region.hidden == self.hidden:
            raise OperationError(
                "The region is already hidden" if self.hidden else "The region is already shown"
            )
        ctx.campaign.map.regions[i] = replace(region, hidden=self.hidden)
        remark(ctx, "regions", region.number)  # its lines follow it: the GM's while hidden
        verb = "hidden from" if self.hidden else "shown to"
        log_about(
            ctx,
            "region",
            f"{_cap(_name(region))} is {verb} the players.",
            {"number": region.number},
            regions=[region.number],
        )


@dataclass(frozen=True)
class DeleteRegion(Operation):
    """Remove a region from the map (its number becomes free; undo brings it back)."""

    q: int
    r: int

    @property
    @override
    def label(self) -> str:
        return "Delete region"

    @override
    def apply(self, ctx: Context) -> None:
        i, region = _find(ctx, self.q, self.r)
        log_about(
            ctx,
            "region",
            f"{_cap(_name(region))} was removed from the map.",
            {"number": region.number},
            regions=[region.number],
        )
        del ctx.campaign.map.regions[i]
        retire(ctx, "regions", region.number, region.hidden)


# -- the party and the map itself ------------------------------------------------------------------


@dataclass(frozen=True)
class MoveParty(Operation):
    """Put the party on a hex without travelling (the GM's correction; no days pass)."""

    q: int
    r: int

    @property
    @override
    def label(self) -> str:
        return "Move party"

    @override
    def apply(self, ctx: Context) -> None:
        _check_coord(self.q, self.r)
        m = ctx.campaign.map
        if m.party is not None and (m.party.q, m.party.r) == (self.q, self.r):
            raise OperationError("The party is already there")
        m.party = HexCoord(q=self.q, r=self.r)
        region = _visit(ctx, self.q, self.r)
        where = _name(region) if region else f"hex ({self.q}, {self.r})"
        log_about(
            ctx,
            "travel",
            f"The party is placed in {where}.",
            {"q": self.q, "r": self.r},
            regions=_numbers(region),
        )


@dataclass(frozen=True, slots=True)
class TravelResult:
    """A journey: hexes entered, days taken, and which of them are still uncharted."""

    hexes: int
    days: int
    miles: int | None
    mode: str
    uncharted: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Travel(Operation):
    """Travel along a path of neighbouring hexes (the party's hex excluded) by a travel mode.

    The days the journey takes are added to the campaign's count; every charted hex entered on the
    way is marked visited. The interface charts uncharted hexes one at a time before travelling.
    """

    path: tuple[tuple[int, int], ...]
    mode: str = "foot"

    @property
    @override
    def label(self) -> str:
        return f"Travel {len(self.path)} hex{'es' if len(self.path) != 1 else ''}"

    @override
    def apply(self, ctx: Context) -> TravelResult:
        m = ctx.campaign.map
        if m.party is None:
            raise OperationError("The party is not on the map yet: drop the d20 first")
        game = _game(ctx)
        mode = next((m for m in game.travel_modes() if m.id == self.mode), None)
        if mode is None:
            raise OperationError(f"'{self.mode[:40]}' is not a way to travel")
        if not self.path:
            raise OperationError("Choose where to travel")
        if len(self.path) > MAX_PATH:
            raise OperationError(f"A journey has at most {MAX_PATH} hexes; travel in stages")
        here = m.party.hex
        for q, r in self.path:
            _check_coord(q, r)
            step = Hex(q, r)
            if here.distance(step) != 1:
                raise OperationError(f"Hex ({q}, {r}) is not next to hex ({here.q}, {here.r})")
            here = step
        days = travel_days(len(self.path), mode)
        m.days += days
        uncharted = tuple((q, r) for q, r in self.path if _visit(ctx, q, r) is None)
        m.party = HexCoord(q=here.q, r=here.r)
        arrival = m.region_at(here.q, here.r)
        where = _name(arrival) if arrival else f"hex ({here.q}, {here.r})"
        miles = len(self.path) * game.hex_miles if game.hex_miles else None
        plural = "es" if len(self.path) != 1 else ""
        scale = f" ({miles} miles)" if miles is not None else ""
        log_about(
            ctx,
            "travel",
            f"The party travels {len(self.path)} hex{plural}{scale} {mode.text} in "
            f"{days} day{'s' if days != 1 else ''}, to {where}.",
            {"path": [[q, r] for q, r in self.path], "mode": mode.id, "days": days},
            regions=_numbers(arrival),
        )
        return TravelResult(len(self.path), days, miles, mode.id, uncharted)


def pointy_to_flat(q: int, r: int) -> tuple[int, int]:
    """The flat-topped coordinate of a pointy-topped hex, the map turned by 30 degrees.

    Axial ``(q, r)`` becomes ``(q + r, -q)``: every hex keeps its neighbours and its distance to
    every other hex, so the map keeps its shape instead of shearing.
    """
    return q + r, -q


def flat_to_pointy(q: int, r: int) -> tuple[int, int]:
    """The inverse of :func:`pointy_to_flat`: ``(q, r)`` becomes ``(-r, q + r)``."""
    return -r, q + r


@dataclass(frozen=True)
class SetOrientation(Operation):
    """Draw the map with pointy- or flat-topped hexes (a campaign option).

    The map is turned by 30 degrees rather than redrawn on the same coordinates (which would shear
    it): every region, token and the party move to the coordinate of the same place on the
    turned grid.
    """

    orientation: OrientationName

    @property
    @override
    def label(self) -> str:
        return f"{self.orientation.capitalize()}-topped hexes"

    @override
    def apply(self, ctx: Context) -> None:
        if self.orientation not in ("pointy", "flat"):
            raise OperationError("Hexes are either pointy- or flat-topped")
        m = ctx.campaign.map
        if m.orientation == self.orientation:
            raise OperationError(f"The hexes are already {self.orientation}-topped")
        turn = pointy_to_flat if self.orientation == "flat" else flat_to_pointy
        moved = []
        for region in m.regions:
            q, r = turn(region.q, region.r)
            _check_coord(q, r)
            moved.append(replace(region, q=q, r=r))
        tokens = []
        for token in m.tokens:
            q, r = turn(token.q, token.r)
            _check_coord(q, r)
            tokens.append(replace(token, q=q, r=r))
        party = None
        if m.party is not None:
            pq, pr = turn(m.party.q, m.party.r)
            _check_coord(pq, pr)
            party = HexCoord(q=pq, r=pr)
        m.regions = moved
        m.tokens = tokens
        m.party = party
        m.orientation = self.orientation
        ctx.log(
            "map",
            f"The map now uses {self.orientation}-topped hexes (turned by 30 degrees).",
            {"orientation": self.orientation},
        )
