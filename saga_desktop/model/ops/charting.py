"""Charting the map: the d20 drop that starts it, and describing a new region.

The d20 is dropped once, to start (the rules' "Chart the Map": where it lands, the party is): a
second drop is refused while the party is on the map, so the Map menu's *Drop the d20* and the
model agree. A region may be charted hidden from the players from the start, so its title never
reaches them until the GM shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Words, joined, say, words
from saga_desktop.model.campaign import REGION_LIMIT, Region
from saga_desktop.model.journal_marks import log_about
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.map_common import (
    check_coord,
    game_of,
    long_text,
    named_regions,
    one_line,
    region_words,
    risk_bounds,
    unit_layout,
    visit,
)
from saga_desktop.model.ops.rolling_tables import PlannedRoll, TableRoll, replay_rolls
from saga_desktop.model.types import HexCoord
from saga_desktop.rules.hexgrid import Hex, Orientation
from saga_desktop.rules.mapdrop import drop_d20

SHEET_COLUMNS = 13
"""The d20 drop sheet is this many hexes wide..."""
SHEET_ROWS = 9
"""...and this many rows tall, centred on the hex the drop is aimed at."""


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
    """Drop the d20 on a sheet of hexes centred on a hex; the party starts where it lands.

    The drop starts the map, once: while the party is on the map it is refused (the party moves
    by travelling, or by the GM's *Place the party here*; Undo takes the drop back).
    """

    centre_q: int = 0
    centre_r: int = 0
    columns: int = SHEET_COLUMNS
    rows: int = SHEET_ROWS

    @property
    @override
    def label(self) -> Words | str:
        return words("Drop the d20")

    @override
    def apply(self, ctx: Context) -> DropResult:
        if not (1 <= self.columns <= 200 and 1 <= self.rows <= 200):
            raise OperationError(words("The map sheet is between 1 and 200 hexes on a side"))
        m = ctx.campaign.map
        if m.party is not None:
            raise OperationError(
                words(
                    "The d20 is dropped once, to start: the party is already on the map, in "
                    "hex ({q}, {r}). Travel or move the party instead (Undo takes the drop back).",
                    q=m.party.q,
                    r=m.party.r,
                )
            )
        check_coord(self.centre_q, self.centre_r)
        layout = unit_layout(ctx)
        cx, cy = layout.to_point(Hex(self.centre_q, self.centre_r))
        pointy = layout.orientation is Orientation.POINTY
        col_step = layout.width if pointy else layout.width * 0.75
        row_step = layout.height * 0.75 if pointy else layout.height
        half_w, half_h = self.columns * col_step / 2, self.rows * row_step / 2
        record = drop_d20(ctx.rng, layout, cx - half_w, cy - half_h, cx + half_w, cy + half_h)
        h = record.hex
        check_coord(h.q, h.r)
        m.party = HexCoord(q=h.q, r=h.r)
        region = visit(ctx, h.q, h.r)
        where = (
            words("in {region}", region=region_words(region))
            if region
            else words("in uncharted hex ({q}, {r}); describe the region", q=h.q, r=h.r)
        )
        log_about(
            ctx,
            "map",
            words(
                "The d20 lands showing {face}, {where}. The party starts here.",
                face=record.face,
                where=where,
            ),
            {"q": h.q, "r": h.r, "x": record.x, "y": record.y, "face": record.face},
            regions=named_regions(region),
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
    generator); they are replayed and journaled first, then the card is revealed. A region
    charted ``hidden`` is the GM's alone from the start: its line too, until the GM shows it.
    """

    q: int
    r: int
    title: str = ""
    notes: str = ""
    gm_notes: str = ""
    terrain: str = ""
    rolls: tuple[PlannedRoll, ...] = ()
    hidden: bool = False

    @property
    @override
    def label(self) -> Words | str:
        if self.title.strip():
            return words("Chart {title}", title=self.title.strip())
        return words("Chart hex ({q}, {r})", q=self.q, r=self.r)

    @override
    def apply(self, ctx: Context) -> ChartResult:
        check_coord(self.q, self.r)
        m = ctx.campaign.map
        existing = m.region_at(self.q, self.r)
        if existing is not None:
            raise OperationError(
                words(
                    "Hex ({q}, {r}) is already charted as {existing}",
                    q=self.q,
                    r=self.r,
                    existing=region_words(existing),
                )
            )
        if len(m.regions) >= REGION_LIMIT:
            raise OperationError(
                words("A map holds at most {region_limit} regions", region_limit=REGION_LIMIT)
            )
        title = one_line(self.title, tr_noop("title"))
        terrain = one_line(self.terrain, tr_noop("terrain"))
        notes = long_text(self.notes.rstrip(), tr_noop("public note"))
        gm_notes = long_text(self.gm_notes, tr_noop("GM-only note"))
        rolls = replay_rolls(ctx, self.rolls)
        low, high = risk_bounds(ctx)
        chart = game_of(ctx).chart_risk(ctx)
        risk = max(low, min(high, chart.risk if chart else 1))
        line = chart.line if chart else ""
        if line:  # the note is the table's own text: the line in the charting app's words
            said = say(line)
            notes = long_text(f"{notes}\n\n{said}" if notes else said, tr_noop("public note"))
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
                hidden=self.hidden,
            )
        )
        log_about(
            ctx,
            "region",
            joined(
                words("Region {number} charted: {title}.", number=number, title=title)
                if title
                else words("Region {number} charted.", number=number),
                words("{line}.", line=line) if line else "",
                words("Hidden from the players.") if self.hidden else "",
            ),
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
