"""A sheet's identity, notes, attributes, Vanori and resilience."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Value, Words, words, words_c
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.songs.access import songs_character
from saga_desktop.model.songs.ops.creation import VanoriSpec
from saga_desktop.model.songs.ops.sheet.common import _attribute, _parts, log_record
from saga_desktop.model.types import NAME_MAX, TEXT_MAX
from saga_desktop.rules import songs
from saga_desktop.rules.songs.character import MAX_RESILIENCE_LIMIT
from saga_desktop.rules.songs.inventory import clean_name
from saga_desktop.rules.songs.roll_words import attribute_words, vanori_words

# -- identity and notes -------------------------------------------------------------------------


FIELD_WORDS = {
    "player": words_c("sheet field", "player"),
    "pronouns": words_c("sheet field", "pronouns"),
}
"""The sheet's fields a refusal names."""


@dataclass(frozen=True)
class EditDetails(Operation):
    """Change a character's name, player or pronouns (``None`` leaves a field as it is)."""

    character: str
    name: str | None = None
    player: str | None = None
    pronouns: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit character details")

    @override
    def apply(self, ctx: Context) -> None:
        c = ctx.character(self.character)
        changes: list[Words] = []
        if self.name is not None:
            name = clean_name(self.name, "A character")
            if name != c.name:
                changes.append(words("now called {name} (was {old})", name=name, old=c.name))
                c.name = name
        for field, value in (("player", self.player), ("pronouns", self.pronouns)):
            if value is None:
                continue
            value = " ".join(value.split())
            if len(value) > NAME_MAX:
                raise OperationError(
                    words(
                        "The {field} field has at most {name_max} characters",
                        field=FIELD_WORDS[field],
                        name_max=NAME_MAX,
                    )
                )
            target = c if field == "player" else c.sheet
            if value != getattr(target, field):
                setattr(target, field, value)
                changes.append(_detail(field, value))
        if not changes:
            raise OperationError(words("Nothing to change"))
        said = words("{name}: {changes}", name=c.name, changes=_parts(changes))
        ctx.log("sheet", said, character=c.id)


def _detail(field: str, value: str) -> Words:
    if field == "player":
        return words("player {value}", value=value) if value else words("player (none)")
    return words("pronouns {value}", value=value) if value else words("pronouns (none)")


@dataclass(frozen=True)
class EditNotes(Operation):
    """Replace a character's notes."""

    character: str
    notes: str

    @property
    @override
    def label(self) -> Words | str:
        return words("Edit notes")

    @override
    def apply(self, ctx: Context) -> None:
        c = ctx.character(self.character)
        if len(self.notes) > TEXT_MAX:
            raise OperationError(
                words("Notes hold at most {text_max} characters", text_max=TEXT_MAX)
            )
        if self.notes == c.notes:
            raise OperationError(words("Nothing to change"))
        c.notes = self.notes
        ctx.log("sheet", words("{name}: notes edited", name=c.name), character=c.id)


# -- attributes, Vanori, resilience -------------------------------------------------------------


@dataclass(frozen=True)
class SetAttribute(Operation):
    """Set one attribute modifier (from -5 to +10)."""

    character: str
    attribute: str
    value: int

    @property
    @override
    def label(self) -> Words | str:
        try:
            return words(
                "Set {attribute}", attribute=attribute_words(songs.Attribute(self.attribute))
            )
        except ValueError:
            return words("Set {attribute}", attribute=self.attribute.capitalize())

    @override
    def apply(self, ctx: Context) -> None:
        attribute = _attribute(self.attribute)
        sc = songs_character(ctx, self.character)
        if not songs.ATTRIBUTE_MIN <= self.value <= songs.ATTRIBUTE_MAX:
            raise OperationError(
                words(
                    "{title} lies between {attribute_min} and {attribute_max}",
                    title=attribute.title,
                    attribute_min=format(songs.ATTRIBUTE_MIN, "+d"),
                    attribute_max=format(songs.ATTRIBUTE_MAX, "+d"),
                )
            )
        before = sc.attributes[attribute]
        if before == self.value:
            raise OperationError(words("Nothing to change"))
        sc.attributes[attribute] = self.value
        ctx.log(
            "sheet",
            words(
                "{name}: {attribute} {before} → {after}",
                name=sc.name,
                attribute=attribute_words(attribute),
                before=format(before, "+d"),
                after=format(self.value, "+d"),
            ),
            {"attribute": attribute.value, "before": before, "after": self.value},
            character=sc.id,
        )


@dataclass(frozen=True)
class SetVanori(Operation):
    """Change the guardian spirit (attributes and max resilience stay as they are)."""

    character: str
    vanori: VanoriSpec

    @property
    @override
    def label(self) -> Words | str:
        return words("Change Vanori")

    @override
    def apply(self, ctx: Context) -> None:
        sc = songs_character(ctx, self.character)
        vanori = self.vanori.to_rules()
        if vanori == sc.vanori:
            raise OperationError(words("Nothing to change"))
        before = sc.vanori.name
        sc.vanori = vanori
        ctx.log(
            "sheet",
            words(
                "{name} is now guarded by the {vanori} (was the {before}); attributes and "
                "max resilience are unchanged",
                name=sc.name,
                vanori=vanori_words(vanori.name),
                before=vanori_words(before),
            ),
            {"vanori": self.vanori.to_data()},
            character=sc.id,
        )


@dataclass(frozen=True)
class SetResilience(Operation):
    """Set current resilience (0 to max). At 0 the resilience trial is due (see the record)."""

    character: str
    value: int
    reason: str = ""

    @property
    @override
    def label(self) -> Words | str:
        return words("Change resilience")

    @override
    def apply(self, ctx: Context) -> songs.ResilienceRecord:
        sc = songs_character(ctx, self.character)
        if sc.incapacitated:
            raise OperationError(
                words("{name} is incapacitated: tend their wounds first", name=sc.name)
            )
        if not 0 <= self.value <= sc.max_resilience:
            raise OperationError(
                words(
                    "Resilience lies between 0 and {max_resilience} (the max)",
                    max_resilience=sc.max_resilience,
                )
            )
        if self.value == sc.resilience:
            raise OperationError(words("Nothing to change"))
        record = songs.change_resilience(sc, self.value - sc.resilience, self.reason[:NAME_MAX])
        log_record(ctx, sc.id, "sheet", record)
        return record


@dataclass(frozen=True)
class SetMaxResilience(Operation):
    """Set max resilience (1 to 99); current resilience comes down with it if it was higher."""

    character: str
    value: int

    @property
    @override
    def label(self) -> Words | str:
        return words("Change max resilience")

    @override
    def apply(self, ctx: Context) -> None:
        sc = songs_character(ctx, self.character)
        if not 1 <= self.value <= MAX_RESILIENCE_LIMIT:
            raise OperationError(
                words(
                    "Max resilience lies between 1 and {max_resilience_limit}",
                    max_resilience_limit=MAX_RESILIENCE_LIMIT,
                )
            )
        before = sc.max_resilience
        if before == self.value:
            raise OperationError(words("Nothing to change"))
        sc.max_resilience = self.value
        values: dict[str, Value] = {"name": sc.name, "before": before, "after": self.value}
        said = words("{name}: max resilience {before} → {after}", **values)
        if sc.resilience > self.value:
            said = words(
                "{name}: max resilience {before} → {after} (resilience {current} → {after})",
                current=sc.resilience,
                **values,
            )
            sc.resilience = self.value
        ctx.log("sheet", said, {"before": before, "after": self.value}, character=sc.id)
