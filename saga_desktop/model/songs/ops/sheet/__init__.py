"""Operations on a Songs & Sagas character sheet: every edit a player makes at the table.

Each operation borrows the character as a rules-engine sheet (:func:`songs_character`), lets the
engine check and make the change, and journals the engine's own explanation under the character.
Inventory entries are named by their position in the inventory (``entry``: 0 for the first), so
two entries with the same name are never confused. Tending wounds is
:class:`saga_desktop.model.songs.ops.combat.TendWounds`, shared with the combat panel.

The operations live in sibling modules (``traits``, ``gear``, ``xp``); every public name is
importable from here.
"""

from __future__ import annotations

from saga_desktop.model.songs.ops.creation import VanoriSpec as VanoriSpec
from saga_desktop.model.songs.ops.sheet.common import log_record as log_record
from saga_desktop.model.songs.ops.sheet.gear import (
    AddCondition as AddCondition,
)
from saga_desktop.model.songs.ops.sheet.gear import (
    AddItem as AddItem,
)
from saga_desktop.model.songs.ops.sheet.gear import (
    AddWeapon as AddWeapon,
)
from saga_desktop.model.songs.ops.sheet.gear import (
    ClearCondition as ClearCondition,
)
from saga_desktop.model.songs.ops.sheet.gear import (
    DamageGear as DamageGear,
)
from saga_desktop.model.songs.ops.sheet.gear import (
    DropEntry as DropEntry,
)
from saga_desktop.model.songs.ops.sheet.gear import (
    EditEntry as EditEntry,
)
from saga_desktop.model.songs.ops.sheet.gear import (
    EquipArmor as EquipArmor,
)
from saga_desktop.model.songs.ops.sheet.gear import (
    RepairGear as RepairGear,
)
from saga_desktop.model.songs.ops.sheet.traits import (
    EditDetails as EditDetails,
)
from saga_desktop.model.songs.ops.sheet.traits import (
    EditNotes as EditNotes,
)
from saga_desktop.model.songs.ops.sheet.traits import (
    SetAttribute as SetAttribute,
)
from saga_desktop.model.songs.ops.sheet.traits import (
    SetMaxResilience as SetMaxResilience,
)
from saga_desktop.model.songs.ops.sheet.traits import (
    SetResilience as SetResilience,
)
from saga_desktop.model.songs.ops.sheet.traits import (
    SetVanori as SetVanori,
)
from saga_desktop.model.songs.ops.sheet.xp import (
    ClearXp as ClearXp,
)
from saga_desktop.model.songs.ops.sheet.xp import (
    MarkXp as MarkXp,
)

__all__ = [
    "AddCondition",
    "AddItem",
    "AddWeapon",
    "ClearCondition",
    "ClearXp",
    "DamageGear",
    "DropEntry",
    "EditDetails",
    "EditEntry",
    "EditNotes",
    "EquipArmor",
    "MarkXp",
    "RepairGear",
    "SetAttribute",
    "SetMaxResilience",
    "SetResilience",
    "SetVanori",
    "VanoriSpec",
]
