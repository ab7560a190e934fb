"""Who may see what: the one place that decides what a viewer of a campaign may know.

The GM sees everything but the order of a face-down pile (nobody at a table knows that). The
table (the Player View on the second screen) and every player see no GM-only notes, no hidden
regions or tokens, no GM notes in the journal, no enemy secrets, no random generator state, and of a
face-down pile only how many cards it holds; a player also sees what belongs to their own
characters alone (a hand the ruleset keeps hidden, their sheet's private parts).

:func:`view_for` gives the whole view, as plain data a screen, an export or the network can use;
the ``visible_*`` functions give one part of it, for views that follow changes part by part (the
Player View's map redraws one region, not ten thousand). Both are the same rules: ``view_for`` is
built from the parts. Redacting a view again changes nothing.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, JsonValue

from saga_desktop.model.campaign import (
    Campaign,
    Character,
    CharacterStatus,
    JournalEntry,
    MapState,
    Region,
    Token,
)
from saga_desktop.model.chat import ChatMessage, Handout, same_seat
from saga_desktop.model.hiding import hides_region, hides_token
from saga_desktop.model.journal_marks import OWN_ONLY, is_veiled, unplaced
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Face, PileSpec, Ruleset, Viewer
from saga_desktop.model.types import CardCode, FrozenModel, Id, Label, Model, Name, Text

GM_JOURNAL_KINDS = frozenset({"note"})
"""Journal kinds of the core that only the GM reads (the GM's own notes)."""


class PileView(FrozenModel):
    """A pile as a viewer sees it: always its size, its cards only when they show."""

    name: str
    label: str
    face: Literal["down", "up", "hidden"]
    deck: str
    owner: Id | None = None
    kind: str = "stack"
    count: Annotated[int, Field(ge=0)]
    cards: list[CardCode] | None = None
    """Bottom to top; None when the viewer may not see them (then only ``count`` is known)."""


class CharacterView(Model):
    """A character as a viewer sees them."""

    id: Id
    name: Name
    player: Label = ""
    notes: Text = ""
    status: CharacterStatus = "accepted"
    review: Text = ""
    sheet: dict[str, JsonValue]


class CampaignView(Model):
    """Everything one viewer may know of a campaign (no generator state, ever)."""

    viewer: Literal["gm", "table", "player"]
    id: Id
    name: Name
    description: Text = ""
    ruleset: str
    characters: list[CharacterView]
    map: MapState
    piles: list[PileView]
    journal: list[JournalEntry]
    play: dict[str, JsonValue]
    chat: list[ChatMessage] = Field(default_factory=list)
    handouts: list[Handout] = Field(default_factory=list)


# -- the parts ------------------------------------------------------------------------------------


def visible_region(region: Region, viewer: Viewer) -> Region | None:
    """A region as the viewer may see it: None when hidden from them, no GM-only note."""
    if viewer.is_gm:
        return region
    if hides_region(region, viewer):
        return None
    return region.model_copy(update={"gm_notes": ""}) if region.gm_notes else region


def visible_token(token: Token, viewer: Viewer) -> Token | None:
    """A token if the viewer may see it: a hidden token is the GM's alone."""
    return None if hides_token(token, viewer) else token


def visible_tokens(tokens: list[Token], viewer: Viewer) -> list[Token]:
    """The tokens the viewer may see, in map order."""
    return tokens if viewer.is_gm else [t for t in tokens if not t.hidden]


def visible_entry(entry: JournalEntry, viewer: Viewer, game: Ruleset) -> JournalEntry | None:
    """A journal entry as the viewer may read it, or None.

    Players never read the GM's notes and secret kinds, lines marked GM-only, nor lines naming a
    region, token or monster hidden from them (:mod:`saga_desktop.model.journal_marks`); a line
    stamped with a hidden region reaches them without the stamp. A line that is words reaches
    every viewer as its words only (each window words it in its own language: ``said``), never
    as the English sentence the file keeps beside them.
    """
    if entry.words is not None and entry.text:
        entry = entry.model_copy(update={"text": ""})  # no need to check again: only emptied
    if viewer.is_gm:
        return entry
    if entry.kind in GM_JOURNAL_KINDS or entry.kind in game.secret_journal_kinds:
        return None
    if is_veiled(entry.details):
        return None
    if entry.details.get(OWN_ONLY) is True and not viewer.owns(entry.character):
        return None  # a character waiting for the GM is in nobody else's journal
    return unplaced(entry)


def visible_line(campaign: Campaign, entry_id: int, viewer: Viewer) -> JournalEntry | None:
    """Journal line ``entry_id`` as the viewer may read it now, or None (withheld, or gone).

    For a window that keeps showing a line after it was written (the card table's action line,
    the Player View's headline): asked again on every change, it answers None the moment the
    line names something hidden from the viewer, and the line again once it is shown. At a
    player's seat a withheld line is absent from the seat's campaign, so this answers None too.
    """
    entry = campaign.indexed_journal().entry(entry_id)
    return None if entry is None else visible_entry(entry, viewer, find_ruleset(campaign.ruleset))


def visible_journal(campaign: Campaign, viewer: Viewer) -> list[JournalEntry]:
    """The journal entries the viewer may read, oldest first."""
    game = find_ruleset(campaign.ruleset)
    out = []
    for entry in campaign.journal:
        shown = visible_entry(entry, viewer, game)
        if shown is not None:
            out.append(shown)
    return out


def in_play(campaign: Campaign) -> list[Character]:
    """The characters who take part in play: every one the GM has accepted, in campaign order.

    A character a player sent waits outside play until the GM accepts it: no cards on the table,
    no place in the Player View, in a fight or in a prompt.
    """
    return [c for c in campaign.characters if c.accepted]


def piles_in_play(campaign: Campaign) -> list[PileSpec]:
    """The ruleset's piles on the table: the shared ones and those of characters in play."""
    playing = {c.id for c in in_play(campaign)}
    specs = find_ruleset(campaign.ruleset).piles(campaign)
    return [s for s in specs if s.owner is None or s.owner in playing]


def visible_characters(campaign: Campaign, viewer: Viewer) -> list[Character]:
    """The characters a viewer knows of: those in play, and a player's own sent ones too."""
    if viewer.is_gm:
        return list(campaign.characters)
    return [c for c in campaign.characters if c.accepted or viewer.owns(c.id)]


def visible_piles(campaign: Campaign, viewer: Viewer) -> list[PileView]:
    """Every pile on the table, in the ruleset's order, with only the cards the viewer may see.

    The piles of a character not yet accepted are on nobody's table, the GM's neither.
    """
    out = []
    for spec in piles_in_play(campaign):
        cards = campaign.piles.get(spec.name, [])
        shows = spec.face is Face.UP or (spec.face is Face.HIDDEN and viewer.owns(spec.owner))
        out.append(
            PileView(
                name=spec.name,
                label=spec.label,
                face=spec.face.value,
                deck=spec.deck,
                owner=spec.owner,
                kind=spec.kind,
                count=len(cards),
                cards=list(cards) if shows else None,
            )
        )
    return out


def visible_character(character: Character, viewer: Viewer, game: Ruleset) -> CharacterView:
    """A character's name, player, notes (their own and the GM's only) and redacted sheet."""
    return CharacterView(
        id=character.id,
        name=character.name,
        player=character.player,
        notes=character.notes if viewer.owns(character.id) else "",
        status=character.status,
        review=character.review,
        sheet=game.redact_sheet(character.sheet.model_dump(mode="json"), character.id, viewer),
    )


def visible_map(campaign: Campaign, viewer: Viewer) -> MapState:
    """The map with only the regions and tokens the viewer may see."""
    m = campaign.map
    regions = [r for r in (visible_region(x, viewer) for x in m.regions) if r is not None]
    return MapState.model_construct(
        orientation=m.orientation,
        regions=regions,
        party=m.party,
        days=m.days,
        tokens=visible_tokens(m.tokens, viewer),
    )


def visible_message(message: ChatMessage, viewer: Viewer, seat: str = "") -> bool:
    """Whether ``viewer`` (at the seat named ``seat``) may read a chat line.

    Everyone reads what is said aloud; a whisper only its sender, the seats it names and the GM,
    never the table (the Player View) nor any other seat.
    """
    if viewer.is_gm or not message.whisper:
        return True
    if viewer.role != "player" or not seat:
        return False
    return same_seat(seat, message.seat) or any(same_seat(seat, to) for to in message.to)


def visible_chat(campaign: Campaign, viewer: Viewer, seat: str = "") -> list[ChatMessage]:
    """The chat lines ``viewer`` at ``seat`` may read, oldest first."""
    return [m for m in campaign.chat if visible_message(m, viewer, seat)]


def visible_handout(handout: Handout, viewer: Viewer, seat: str = "") -> bool:
    """Whether ``viewer`` (at ``seat``) has a handout: the GM always; others while it is shown.

    The table (the Player View) has those shown to everyone; a player those shown to everyone
    and those naming their seat.
    """
    if viewer.is_gm:
        return True
    if not handout.shown:
        return False
    if handout.everyone:
        return True
    return viewer.role == "player" and any(same_seat(seat, to) for to in handout.to)


def visible_handouts(campaign: Campaign, viewer: Viewer, seat: str = "") -> list[Handout]:
    """The handouts ``viewer`` at ``seat`` has, in the order they were first shown."""
    return [h for h in campaign.handouts if visible_handout(h, viewer, seat)]


# -- the whole ------------------------------------------------------------------------------------


def view_for(campaign: Campaign, viewer: Viewer, seat: str = "") -> CampaignView:
    """Everything ``viewer`` may know of ``campaign``: the one answer to "who sees what".

    ``seat`` names a player's seat, for the whispers and handouts that name it.
    """
    game = find_ruleset(campaign.ruleset)
    return CampaignView(
        viewer=viewer.role,
        id=campaign.id,
        name=campaign.name,
        description=campaign.description,
        ruleset=campaign.ruleset,
        characters=[
            visible_character(c, viewer, game) for c in visible_characters(campaign, viewer)
        ],
        map=visible_map(campaign, viewer),
        piles=visible_piles(campaign, viewer),
        journal=visible_journal(campaign, viewer),
        play=game.redact_play(campaign.play.model_dump(mode="json"), viewer),
        chat=visible_chat(campaign, viewer, seat),
        handouts=visible_handouts(campaign, viewer, seat),
    )


def redact_view(view: CampaignView, viewer: Viewer, seat: str = "") -> CampaignView:
    """A view narrowed to what ``viewer`` may know (a view already for them comes back equal).

    ``seat`` names a player's seat, whose own whispers and handouts stay in the view.
    """
    game = find_ruleset(view.ruleset)
    narrower = view.viewer if view.viewer != "gm" else viewer.role
    if viewer.is_gm:
        return view
    regions = [r for r in (visible_region(x, viewer) for x in view.map.regions) if r is not None]
    piles = [
        p
        if p.cards is None or p.face == "up" or (p.face == "hidden" and viewer.owns(p.owner))
        else p.model_copy(update={"cards": None})
        for p in view.piles
    ]
    return CampaignView(
        viewer=narrower if narrower != "gm" else viewer.role,
        id=view.id,
        name=view.name,
        description=view.description,
        ruleset=view.ruleset,
        characters=[
            c.model_copy(
                update={
                    "notes": c.notes if viewer.owns(c.id) else "",
                    "sheet": game.redact_sheet(c.sheet, c.id, viewer),
                }
            )
            for c in view.characters
            if c.status == "accepted" or viewer.owns(c.id)
        ],
        map=MapState.model_construct(
            orientation=view.map.orientation,
            regions=regions,
            party=view.map.party,
            days=view.map.days,
            tokens=visible_tokens(view.map.tokens, viewer),
        ),
        piles=piles,
        journal=[
            e for e in (visible_entry(x, viewer, game) for x in view.journal) if e is not None
        ],
        play=game.redact_play(view.play, viewer),
        chat=[m for m in view.chat if visible_message(m, viewer, seat)],
        handouts=[h for h in view.handouts if visible_handout(h, viewer, seat)],
    )
