"""Combat: initiative, attacks, enemy attacks defended, consequences, morale and falling to 0.

Every operation wraps a rules-engine procedure (``saga_desktop.rules.songs``), journals the
engine's explanation and is undone exactly by the session's snapshots. A fight lives in
``SongsPlay.combat`` (:class:`~saga_desktop.model.songs.Combat`): the enemies in it, the group
order from the initiative card and whose turn it is.

Rolls come in two steps, like at the table. :class:`Attack`, :class:`EnemyAttack`,
:class:`CombatTrial` and :class:`ResilienceTrial` roll the d20 and reveal the risk cards, which
wait on the table as the *pending* roll; :class:`BurnForRoll` may add burns once the die is
seen; :class:`ResolveAttack`, :class:`ResolveDefence` and :class:`ResolveCombatTrial` settle it
(a card kept on success, XP on a setback, Turn the Table, then the damage). Consequences
(:class:`DamageCharacterGear`, :class:`DamageEnemyGear`, :class:`AddCondition`) are separate
operations the GM picks after a roll. A typical round::

    session.apply(StartCombat(("wolves",)))                       # initiative card
    session.apply(Attack("pc1", "wolves", RollSetup("strength", risk=2), weapon="Axe"))
    session.apply(ResolveAttack())                                # card or XP, damage - armor
    session.apply(EndTurn())                                      # the enemies' turn
    session.apply(EnemyAttack("wolves", "pc1", RollSetup("dexterity", risk=2)))
    session.apply(ResolveDefence())                               # avoided, or hit - armor
    session.apply(EndCombat())

The operations live in sibling modules by the moment of the fight they belong to (``setup``,
``turns``, ``settle``, ``aftermath``); every public name is importable from here.
"""

from __future__ import annotations

from saga_desktop.model.songs.ops.combat.aftermath import (
    AddCondition as AddCondition,
)
from saga_desktop.model.songs.ops.combat.aftermath import (
    CheckMorale as CheckMorale,
)
from saga_desktop.model.songs.ops.combat.aftermath import (
    DamageCharacterGear as DamageCharacterGear,
)
from saga_desktop.model.songs.ops.combat.aftermath import (
    DamageEnemyGear as DamageEnemyGear,
)
from saga_desktop.model.songs.ops.combat.aftermath import (
    RavenWeaken as RavenWeaken,
)
from saga_desktop.model.songs.ops.combat.aftermath import (
    WolfMorale as WolfMorale,
)
from saga_desktop.model.songs.ops.combat.settle import (
    BurnForRoll as BurnForRoll,
)
from saga_desktop.model.songs.ops.combat.settle import (
    ResilienceTrial as ResilienceTrial,
)
from saga_desktop.model.songs.ops.combat.settle import (
    ResolveAttack as ResolveAttack,
)
from saga_desktop.model.songs.ops.combat.settle import (
    ResolveCombatTrial as ResolveCombatTrial,
)
from saga_desktop.model.songs.ops.combat.settle import (
    ResolveDefence as ResolveDefence,
)
from saga_desktop.model.songs.ops.combat.settle import (
    TendWounds as TendWounds,
)
from saga_desktop.model.songs.ops.combat.setup import (
    SIDE_TURNS as SIDE_TURNS,
)
from saga_desktop.model.songs.ops.combat.setup import (
    BurnKindName as BurnKindName,
)
from saga_desktop.model.songs.ops.combat.setup import (
    BurnSpec as BurnSpec,
)
from saga_desktop.model.songs.ops.combat.setup import (
    Change as Change,
)
from saga_desktop.model.songs.ops.combat.setup import (
    GearPart as GearPart,
)
from saga_desktop.model.songs.ops.combat.setup import (
    RollSetup as RollSetup,
)
from saga_desktop.model.songs.ops.combat.setup import (
    combat_of as combat_of,
)
from saga_desktop.model.songs.ops.combat.setup import (
    make_burn as make_burn,
)
from saga_desktop.model.songs.ops.combat.turns import (
    Attack as Attack,
)
from saga_desktop.model.songs.ops.combat.turns import (
    CombatTrial as CombatTrial,
)
from saga_desktop.model.songs.ops.combat.turns import (
    EndCombat as EndCombat,
)
from saga_desktop.model.songs.ops.combat.turns import (
    EndTurn as EndTurn,
)
from saga_desktop.model.songs.ops.combat.turns import (
    EnemyAttack as EnemyAttack,
)
from saga_desktop.model.songs.ops.combat.turns import (
    StartCombat as StartCombat,
)
