"""Operations on character cards: creation within the budget, and edits within the ranges.

Every edit names a *card* by id, a character's or a monster's: monsters use the same card. An edit
is checked against the rulings' ranges (:func:`~saga_desktop.rules.dicepool.check_character` with
the campaign's options); a new character also against the creation budget. A card in the fight
in progress is not edited by hand: the fight itself writes its injuries back.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from typing_extensions import override

from saga_desktop.i18n.words import Words, words
from saga_desktop.model.dicepool.access import (
    card_of,
    dicepool_play,
    fields_from_card,
    name_of,
    store_card,
)
from saga_desktop.model.dicepool.state import DicePoolSheet
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.dicepool.wording import TRAIT_KINDS, attribute_words, looked_up

Traits = tuple[tuple[str, int], ...]
KINDS = {"skill": "skills", "proficiency": "proficiencies", "vocation": "vocations"}


@dataclass(frozen=True, slots=True)
class CardSpec:
    """Everything on a card but its id and name, as entered."""

    strength: int = 0
    reflexes: int = 0
    intellect: int = 0
    skills: Traits = ()
    proficiencies: Traits = ()
    vocations: Traits = ()
    weapons: tuple[dp.Weapon, ...] = ()
    armor: dp.Armor | None = None
    shield: dp.Armor | None = None

    def card(self, card_id: str, name: str) -> dp.CharacterCard:
        """The engine's card (names trimmed)."""
        return dp.CharacterCard(
            card_id, name.strip(), self.strength, self.reflexes, self.intellect,
            _trim(self.skills), _trim(self.proficiencies), _trim(self.vocations),
            self.weapons, self.armor, self.shield,
        )  # fmt: skip


def _trim(traits: Traits) -> Traits:
    return tuple((n.strip(), v) for n, v in traits)


def not_fighting(ctx: Context, card_id: str) -> None:
    """Refuse a hand edit of a card that is in the fight in progress."""
    play = dicepool_play(ctx.campaign)
    if play.encounter is None:
        return
    ids = [c["card"]["id"] for c in play.encounter["combatants"]]  # type: ignore[index,call-overload,union-attr]
    if card_id in ids:
        raise OperationError(
            words(
                "{campaign} is in the fight: end the encounter to edit the card",
                campaign=name_of(ctx.campaign, card_id),
            )
        )


def _store(ctx: Context, before: dp.CharacterCard, after: dp.CharacterCard, text: Words) -> None:
    if after == before:
        raise OperationError(words("Nothing to change"))
    dp.check_character(after, dicepool_play(ctx.campaign).options.to_rules())
    store_card(ctx.campaign, after)
    kind = "monster" if dicepool_play(ctx.campaign).monster(after.id) else "card"
    said = words("{name}: {change}", name=after.name, change=text)
    ctx.log(kind, said, {"card": after.id}, character=_pc(ctx, after.id))


def _with(card: dp.CharacterCard, field: str, value: Any) -> dp.CharacterCard:
    changed: dp.CharacterCard = dataclasses.replace(card, **{field: value})
    return changed


def _pc(ctx: Context, card_id: str) -> str | None:
    return card_id if any(c.id == card_id for c in ctx.campaign.characters) else None


@dataclass(frozen=True)
class CreateCharacter(Operation):
    """A new character card within the creation budget; returns the character's id.

    ``submit`` and ``replaces``: a player's character waiting for the GM (see
    :class:`~saga_desktop.model.ops.characters.AddCharacter`).
    """

    name: str
    spec: CardSpec = field(default_factory=CardSpec)
    player: str = ""
    submit: bool = False
    replaces: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return (
            words("Create {name}", name=self.name.strip())
            if self.name.strip()
            else words("Create character")
        )

    @override
    def apply(self, ctx: Context) -> str:
        rules = dicepool_play(ctx.campaign).options.to_rules()
        card = dp.create_character(self.spec.card("new", self.name or "?"), rules)
        sheet = DicePoolSheet.model_validate(
            {k: _plain(v) for k, v in fields_from_card(card).items()}
        )
        add = AddCharacter(self.name, self.player, sheet, self.submit, self.replaces)
        cid: str = add.apply(ctx)
        said = words("New card: {card}", card=card.words())
        ctx.log("card", said, {"card": cid}, character=cid)
        return cid


def _plain(value: object) -> object:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    dump = getattr(value, "model_dump", None)
    return dump() if callable(dump) else value


@dataclass(frozen=True)
class SetAttribute(Operation):
    """Set STR, REF or INT (``"str"``, ``"ref"``, ``"int"``) on a card."""

    card: str
    attribute: str
    value: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Set {attribute}", attribute=attribute_words(self.attribute.upper()))

    @override
    def apply(self, ctx: Context) -> None:
        not_fighting(ctx, self.card)
        try:
            attribute = dp.Attribute(self.attribute)
        except ValueError:
            raise OperationError(words("Name STR, REF or INT")) from None
        field = {"str": "strength", "ref": "reflexes", "int": "intellect"}[attribute.value]
        before = card_of(ctx.campaign, self.card)
        after = _with(before, field, self.value)
        label = attribute_words(attribute.label)
        _store(ctx, before, after, words("{attribute} {value}", attribute=label, value=self.value))


@dataclass(frozen=True)
class SetTrait(Operation):
    """Add or change a skill, proficiency or vocation (``remove``: take it off the card)."""

    card: str
    kind: str
    name: str
    value: int = 1
    remove: bool = False

    @property
    @override
    def label(self) -> Words | str:
        what = looked_up(TRAIT_KINDS, self.kind)
        return words("Remove {what}", what=what) if self.remove else words("Set {what}", what=what)

    @override
    def apply(self, ctx: Context) -> None:
        not_fighting(ctx, self.card)
        if self.kind not in KINDS:
            raise OperationError(words("Name a skill, a proficiency or a vocation"))
        field, kind = KINDS[self.kind], looked_up(TRAIT_KINDS, self.kind)
        name = self.name.strip()
        if not name:
            raise OperationError(words("The {kind} needs a name", kind=kind))
        before = card_of(ctx.campaign, self.card)
        traits: Traits = getattr(before, field)
        key = name.casefold()
        kept = tuple((n, v) for n, v in traits if n.casefold() != key)
        if self.remove:
            if len(kept) == len(traits):
                raise OperationError(
                    words(
                        "{name} has no {kind} called '{name2}'",
                        name=before.name,
                        kind=kind,
                        name2=name,
                    )
                )
            text = words("{kind} {name} removed", kind=kind, name=name)
        else:
            at = next((i for i, (n, _) in enumerate(traits) if n.casefold() == key), len(kept))
            kept = (*kept[:at], (name, self.value), *kept[at:])
            text = words("{kind} {name} {value}", kind=kind, name=name, value=self.value)
        _store(ctx, before, _with(before, field, kept), text)


@dataclass(frozen=True)
class SetWeapon(Operation):
    """Add or replace a weapon by name (``remove``: take it off the card)."""

    card: str
    weapon: dp.Weapon
    remove: bool = False

    @property
    @override
    def label(self) -> Words | str:
        return words("Remove weapon") if self.remove else words("Set weapon")

    @override
    def apply(self, ctx: Context) -> None:
        not_fighting(ctx, self.card)
        before = card_of(ctx.campaign, self.card)
        w = dataclasses.replace(
            self.weapon, name=self.weapon.name.strip(), proficiency=self.weapon.proficiency.strip()
        )
        key = w.name.casefold()
        kept = tuple(x for x in before.weapons if x.name.casefold() != key)
        if self.remove:
            if len(kept) == len(before.weapons):
                raise OperationError(
                    words(
                        "{name} carries no weapon called '{name2}'", name=before.name, name2=w.name
                    )
                )
            weapons, text = kept, words("weapon {name} removed", name=w.name)
        else:
            at = next(
                (i for i, x in enumerate(before.weapons) if x.name.casefold() == key), len(kept)
            )
            weapons, text = (*kept[:at], w, *kept[at:]), words("weapon {weapon}", weapon=w.words())
        _store(ctx, before, dataclasses.replace(before, weapons=weapons), text)


@dataclass(frozen=True)
class SetArmor(Operation):
    """Put on (or, with ``None``, take off) worn armor (``slot="armor"``) or a shield."""

    card: str
    slot: str
    armor: dp.Armor | None

    @property
    @override
    def label(self) -> Words | str:
        return words("Set shield") if self.slot == "shield" else words("Set armor")

    @override
    def apply(self, ctx: Context) -> None:
        not_fighting(ctx, self.card)
        if self.slot not in ("armor", "shield"):
            raise OperationError(words("Name the armor or the shield"))
        before = card_of(ctx.campaign, self.card)
        armor = self.armor
        if armor is not None:
            armor = dp.Armor(armor.name.strip(), armor.level)
        if self.slot == "armor":
            text = (
                words("armor {armor}", armor=armor.words()) if armor else words("armor taken off")
            )
        else:
            text = (
                words("shield {armor}", armor=armor.words()) if armor else words("shield taken off")
            )
        _store(ctx, before, _with(before, self.slot, armor), text)


@dataclass(frozen=True)
class AddInjury(Operation):
    """Note an injury by hand (outside a fight); a level 4 injury incapacitates."""

    card: str
    level: int
    note: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Add injury")

    @override
    def apply(self, ctx: Context) -> None:
        not_fighting(ctx, self.card)
        before = card_of(ctx.campaign, self.card)
        injury = dp.Injury(self.level, self.note.strip())
        after = dataclasses.replace(before, injuries=(*before.injuries, injury))
        _store(ctx, before, after, injury.words())


@dataclass(frozen=True)
class HealInjury(Operation):
    """Heal (remove) the injury at ``index`` on a card."""

    card: str
    index: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Heal injury")

    @override
    def apply(self, ctx: Context) -> None:
        not_fighting(ctx, self.card)
        before = card_of(ctx.campaign, self.card)
        if not 0 <= self.index < len(before.injuries):
            raise OperationError(words("There is no such injury on the card"))
        healed = before.injuries[self.index]
        injuries = before.injuries[: self.index] + before.injuries[self.index + 1 :]
        after = dataclasses.replace(before, injuries=injuries)
        _store(ctx, before, after, words("{injury} healed", injury=healed.words()))
