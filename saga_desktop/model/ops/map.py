"""Operations on the hex map: the d20 drop, charting, editing regions, risk, travel.

Every operation writes a journal entry; the session makes each one undoable (cards and generator
included), so none of them carries undo code. Hexes are addressed by axial ``(q, r)``. The
operations live in one module per seam (:mod:`~saga_desktop.model.ops.charting`,
:mod:`~saga_desktop.model.ops.regions`, :mod:`~saga_desktop.model.ops.travel`,
:mod:`~saga_desktop.model.ops.orientation`); this module gathers them under their old path.
"""

from __future__ import annotations

from saga_desktop.model.ops.charting import (
    SHEET_COLUMNS,
    SHEET_ROWS,
    ChartRegion,
    ChartResult,
    DropD20,
    DropResult,
)
from saga_desktop.model.ops.map_common import risk_bounds
from saga_desktop.model.ops.orientation import (
    OrientationName,
    SetOrientation,
    flat_to_pointy,
    pointy_to_flat,
)
from saga_desktop.model.ops.regions import (
    AppendRegionNote,
    DeleteRegion,
    EditRegion,
    SetRegionHidden,
    SetRegionRisk,
    StepRegionRisk,
)
from saga_desktop.model.ops.travel import (
    MAX_PATH,
    MoveParty,
    Travel,
    TravelResult,
    straight_path,
    travel_days,
)

__all__ = [
    "MAX_PATH",
    "SHEET_COLUMNS",
    "SHEET_ROWS",
    "AppendRegionNote",
    "ChartRegion",
    "ChartResult",
    "DeleteRegion",
    "DropD20",
    "DropResult",
    "EditRegion",
    "MoveParty",
    "OrientationName",
    "SetOrientation",
    "SetRegionHidden",
    "SetRegionRisk",
    "StepRegionRisk",
    "Travel",
    "TravelResult",
    "flat_to_pointy",
    "pointy_to_flat",
    "risk_bounds",
    "straight_path",
    "travel_days",
]
