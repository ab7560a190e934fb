"""The ruleset seam of the model: what a game adds to the shared campaign.

A campaign is shared parts (characters' names, the map, named card piles, the journal) plus the
ruleset's parts: each character's *sheet*, the campaign's *play* state, and the piles of cards the
game uses. A ruleset is one :class:`Ruleset` registered in :mod:`saga_desktop.model.registry`;
the core (campaign, session, journal, map, storage) calls it through the hooks below and imports no
ruleset package.

The defaults describe a game with no cards and no map rules of its own, so a small ruleset
overrides only what it has.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel, JsonValue, ValidationError

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Words
from saga_desktop.model.ruleset_types import Charting as Charting
from saga_desktop.model.ruleset_types import ChartRisk as ChartRisk
from saga_desktop.model.ruleset_types import Face as Face
from saga_desktop.model.ruleset_types import OptionField as OptionField
from saga_desktop.model.ruleset_types import PileSpec as PileSpec
from saga_desktop.model.ruleset_types import TravelMode as TravelMode
from saga_desktop.model.types import Model
from saga_desktop.rules.errors import RulesError

if TYPE_CHECKING:
    from saga_desktop.model.campaign import Campaign, Character, JournalEntry
    from saga_desktop.model.operation import Context


class SheetBase(Model):
    """The ruleset part of a character. Subclasses set ``ruleset`` to a literal id."""

    ruleset: str


class PlayBase(Model):
    """The ruleset part of a campaign (options, enemies, a roll in progress, ...)."""

    ruleset: str


PROMPT_LIMIT = 100
"""At most this many prompted checks wait at once in a campaign, in every game."""


def check_prompt_numbers(prompts: Sequence[Any], next_prompt: int, what: str) -> None:
    """Each waiting prompt has its own number, below the next one to give (ValueError if not).

    ``what`` names them in the message: "roll", "check".
    """
    ids = [p.id for p in prompts]
    if len(set(ids)) != len(ids) or any(i >= next_prompt for i in ids):
        raise ValueError(f"prompts: each prompted {what} has its own number")


_Part = TypeVar("_Part")


def game_part(owner: object, attribute: str, kind: type[_Part], game: str) -> _Part:
    """A character's sheet or a campaign's play state of one game (TypeError for another's).

    ``game`` names the game in the message ("Songs & Sagas").
    """
    part = getattr(owner, attribute, None)
    if not isinstance(part, kind):
        whose = "character" if attribute == "sheet" else "campaign"
        raise TypeError(f"that {whose} does not play {game}")
    return part


class PlayerRule(enum.Enum):
    """How the host checks an operation a player's seat asks for over the network.

    - ``OWN``: every field naming a character (``character``, ``roller``, ``by``, ...) names one
      of the seat's characters, and at least one is there;
    - ``PENDING``: the roll waiting to be settled (:meth:`Ruleset.pending_roller`) is one of the
      seat's characters', and any character named is theirs;
    - ``NEW``: a new character whose ``player`` is the seat's own name, with no ready-made sheet,
      sent to the GM for approval (``submit``);
    - ``MOVE``: the ``token`` field names a shown token of one of the seat's characters;
    - ``SEAT``: a step of the seat's own character creation: ``player`` is the seat's name.
    - ``PROMPTED``: the request's ``prompt`` names a check the GM sent to one of the seat's
      characters (:meth:`Ruleset.prompted`); dice typed in by hand only for a prompt the GM sent
      to be rolled with physical dice.
    """

    OWN = "own"
    PENDING = "pending"
    NEW = "new"
    MOVE = "move"
    SEAT = "seat"
    PROMPTED = "prompted"


@dataclass(frozen=True, slots=True)
class PromptSeat:
    """Who a waiting prompted check is for, and whether its roller types physical dice."""

    character: str
    physical: bool = False


class Viewer:
    """Who is looking: the GM, the table (the Player View), or one player's seat.

    ``characters`` are the characters a player's seat plays; the table and the GM have none.
    """

    __slots__ = ("characters", "role")

    def __init__(self, role: str, characters: frozenset[str] = frozenset()) -> None:
        if role not in ("gm", "table", "player"):
            raise ValueError(f"unknown viewer role {role!r}")
        self.role = role
        self.characters = characters

    GM: ClassVar[Viewer]
    TABLE: ClassVar[Viewer]

    @classmethod
    def player(cls, *characters: str) -> Viewer:
        """A player's seat, playing the given characters."""
        return cls("player", frozenset(characters))

    @property
    def is_gm(self) -> bool:
        """True for the game master, who sees everything but the order of face-down piles."""
        return self.role == "gm"

    def owns(self, character_id: str | None) -> bool:
        """True when the viewer may see what belongs to that character alone."""
        return self.is_gm or (character_id is not None and character_id in self.characters)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Viewer) and (self.role, self.characters) == (
            other.role,
            other.characters,
        )

    def __hash__(self) -> int:
        return hash((self.role, self.characters))

    def __repr__(self) -> str:
        extra = f", {sorted(self.characters)}" if self.characters else ""
        return f"Viewer({self.role!r}{extra})"


Viewer.GM = Viewer("gm")
Viewer.TABLE = Viewer("table")


class Ruleset:
    """A game the table can play. Subclass it and register an instance.

    Class attributes name the game and its saved parts; the methods are the hooks the core calls.
    Every hook has a default fit for a game without cards or map rules.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    """The game in a sentence, for the New campaign dialog (the English of a catalog entry)."""
    version: ClassVar[int] = 1
    """The ruleset's rules version; players over the network must agree on it."""
    sheet_type: ClassVar[type[SheetBase]]
    play_type: ClassVar[type[PlayBase]]
    journal_kinds: ClassVar[dict[str, str]] = {}
    """Journal entry kinds this ruleset writes, with a title for each (for filters)."""
    secret_journal_kinds: ClassVar[frozenset[str]] = frozenset()
    """Journal kinds only the GM may read (enemy secrets, GM rolls)."""
    result_kinds: ClassVar[frozenset[str]] = frozenset()
    """Journal kinds that are results to show large on the players' screen (rolls, checks)."""
    help_topics: ClassVar[tuple[tuple[str, str], ...]] = ()
    """Rules help pages as ``(title, resource file under resources/help/)``."""
    player_operations: ClassVar[dict[str, PlayerRule]] = {}
    """The game's operations (by kind tag) a player's seat may ask for, each with its check;
    every other operation of the game is the GM's alone."""

    # -- making parts ---------------------------------------------------------------------------

    def new_sheet(self) -> SheetBase:
        """A blank character sheet."""
        return self.sheet_type(ruleset=self.id)

    def new_play(self, rng: random.Random) -> PlayBase:
        """The play state of a new campaign."""
        return self.play_type(ruleset=self.id)

    def new_piles(self, rng: random.Random) -> dict[str, list[str]]:
        """The piles of a new campaign, with no characters yet (card codes, bottom to top)."""
        return {}

    # -- cards ------------------------------------------------------------------------------------

    def piles(self, campaign: Campaign) -> list[PileSpec]:
        """Every pile the campaign must hold now (the core checks that each deck is whole)."""
        return []

    # -- characters -------------------------------------------------------------------------------

    def character_added(self, ctx: Context, character: Character) -> None:
        """A character joined: make their piles (a hand, a deck of their own, ...)."""

    def character_removed(
        self, ctx: Context, character: Character
    ) -> tuple[Words | str, dict[str, JsonValue]]:
        """A character is leaving: refuse (OperationError) or tidy up their piles.

        Returns a sentence for the journal (may be empty; best as words) and details to record
        with it.
        """
        return "", {}

    # -- the map ----------------------------------------------------------------------------------

    charting: ClassVar[Charting] = Charting()
    """How the map is charted in this game (a plain map unless the game has rules for it)."""

    def risk_bounds(self, campaign: Campaign) -> tuple[int, int]:
        """The lowest and highest risk rating a region may have."""
        return 0, 5

    def chart_risk(self, ctx: Context) -> ChartRisk | None:
        """Set a new region's risk (say, from a revealed card); None: the risk starts at 1."""
        return None

    def travel_modes(self) -> tuple[TravelMode, ...]:
        """The ways to travel, the first being the usual one."""
        return (TravelMode("foot", tr_noop("on foot"), 1),)

    hex_miles: ClassVar[int | None] = None
    """Miles across one hex, where the game's text gives its map a scale (None: no scale)."""

    # -- the players' screen ----------------------------------------------------------------------

    def headline(self, entry: JournalEntry) -> str | None:
        """A result entry (one of :attr:`result_kinds`) in plain words for the players' screen.

        E.g. "Kael beats the guard by 3". The Player View asks only for entries the table may
        read (:mod:`saga_desktop.model.visibility`), so the words may use what the entry holds.
        None: the core's own short words.
        """
        return None

    # -- checks and secrets -----------------------------------------------------------------------

    def check(self, campaign: Campaign) -> None:
        """Raise ValueError naming the problem if the ruleset's parts break an invariant.

        Runs on load and after every operation that touched the play state or the characters,
        so a loaded campaign keeps every rule the operations keep.
        """

    def redact_play(self, play: dict[str, JsonValue], viewer: Viewer) -> dict[str, JsonValue]:
        """The play state (as plain data) as ``viewer`` may know it; the GM sees everything.

        Must give the same result when given its own result again.
        """
        return play

    def unmet(self, campaign: Campaign) -> frozenset[str]:
        """Ids of the game's creatures the players have not met.

        Journal lines naming one are the GM's alone until the players have met it.
        """
        return frozenset()

    def redact_sheet(
        self, sheet: dict[str, JsonValue], owner: str, viewer: Viewer
    ) -> dict[str, JsonValue]:
        """A character's sheet (plain data) as ``viewer`` may know it; ``owner`` is its id."""
        return sheet

    def player_targets(self, play: dict[str, JsonValue]) -> frozenset[str] | None:
        """The ids a player may name as a request's ``target`` (None: the game has no targets).

        Given the play state as that player sees it (redacted), so a player never targets what
        is hidden from them; the host refuses any other target.
        """
        return None

    def pending_roller(self, campaign: Campaign) -> str | None:
        """The character whose roll waits to be settled (for ``PlayerRule.PENDING``), if any."""
        return None

    def prompted(self, campaign: Campaign, prompt: object) -> PromptSeat | None:
        """The prompted check numbered ``prompt`` still waiting (for ``PlayerRule.PROMPTED``)."""
        return None

    def describe(self, campaign: Campaign) -> str:
        """A few words on the campaign for ``--check`` and the title bar (optional)."""
        return ""

    sample_file: ClassVar[str | None] = None
    """The file name of the game's sample campaign under ``resources/sample/``, if it has one."""

    def sample_campaign(self) -> Campaign | None:
        """The sample campaign, played through real operations (rebuilt exactly each time)."""
        return None

    def options_of(self, campaign: Campaign) -> Any:
        """The campaign's options model, if the ruleset has options (None otherwise)."""
        return None

    def _options_model(self) -> type[BaseModel] | None:
        """The pydantic model of ``play.options``, when the play state has one."""
        info = self.play_type.model_fields.get("options")
        kind = info.annotation if info is not None else None
        return kind if isinstance(kind, type) and issubclass(kind, BaseModel) else None

    def option_choices(self) -> Mapping[str, Mapping[str, Words]]:
        """Per option with choices, each saved value's words (else the value itself is shown)."""
        return {}

    def option_fields(self) -> tuple[OptionField, ...]:
        """The campaign options a table may set, with their rulings.

        By default, the fields of a pydantic ``play.options`` model: a bool is a switch, a whole
        number a number within its bounds, a literal a choice; the field's ``description`` is
        its ruling. A game with options of another shape says so itself.
        """
        model = self._options_model()
        if model is None:
            return ()
        out = []
        for name, info in model.model_fields.items():
            title = info.title or name.replace("_", " ").capitalize()
            ruling = info.description or ""
            kind = info.annotation
            if kind is bool:
                out.append(OptionField(name, title, ruling, "bool"))
            elif kind is int:
                low = next((m.ge for m in info.metadata if getattr(m, "ge", None) is not None), 0)
                high = next((m.le for m in info.metadata if getattr(m, "le", None) is not None), 99)
                out.append(OptionField(name, title, ruling, "int", int(low), int(high)))
            elif get_origin(kind) is Literal:
                said = self.option_choices().get(name, {})
                choices = tuple(
                    (str(v), said.get(str(v), str(v).replace("_", " "))) for v in get_args(kind)
                )
                out.append(OptionField(name, title, ruling, "choice", choices=choices))
        return tuple(out)

    def options_data(self, campaign: Campaign) -> dict[str, JsonValue]:
        """The campaign's options as plain data, keyed by :attr:`OptionField.name`."""
        options = getattr(campaign.play, "options", None)
        if isinstance(options, BaseModel):
            data: dict[str, JsonValue] = options.model_dump(mode="json")
            return data
        return {}

    def set_options_data(self, ctx: Context, data: dict[str, JsonValue]) -> None:
        """Replace the campaign's options; ValueError (or RulesError) refuses a bad combination."""
        model = self._options_model()
        if model is None:
            if data:
                raise ValueError("This game has no options")
            return
        try:
            new = model.model_validate(data)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in err.get("loc", ()))
            message = str(err.get("msg", "is not valid")).removeprefix("Value error, ")
            raise ValueError(f"{where}: {message}" if where else message) from None
        ctx.campaign.play.options = new  # type: ignore[attr-defined]


HeadlineWords = Mapping[str, Callable[[Mapping[str, Any]], str]]
"""A game's words for its result entries, by journal kind (see :meth:`Ruleset.headline`)."""


def headline_by_kind(words: HeadlineWords, entry: JournalEntry) -> str | None:
    """``entry`` in a game's plain words for its kind.

    None when the game has no words for that kind, or the entry was written some other way (an
    older file): then the core's own words show.
    """
    say = words.get(entry.kind)
    if say is None:
        return None
    try:
        return say(entry.details)
    except (RulesError, KeyError, TypeError):
        return None
