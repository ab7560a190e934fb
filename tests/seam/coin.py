"""A small game of the tests' own, plugged in through the seam: every character flips a coin.

Rules, model and interface in one module (a real game has one package per layer). Nothing of
the core knows it: the tests register it, play it, save it and show it, then unregister it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QLabel
from typing_extensions import override

from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.ruleset import Face, PileSpec, PlayBase, Ruleset, SheetBase
from saga_desktop.rules.cards import FULL_DECK
from saga_desktop.ui.registry import Installed, RulesetUi

ID = "coin-flip"

# -- rules ------------------------------------------------------------------


def flip(rng: random.Random) -> str:
    """Heads or tails, fairly."""
    return "heads" if rng.random() < 0.5 else "tails"


# -- model ------------------------------------------------------------------


class CoinSheet(SheetBase):
    """One attribute: luck."""

    ruleset: Literal["coin-flip"] = ID
    luck: Annotated[int, Field(ge=0, le=5)] = 1


class CoinPlay(PlayBase):
    """How many heads came up in a row, and the GM's secret call."""

    ruleset: Literal["coin-flip"] = ID
    streak: Annotated[int, Field(ge=0)] = 0
    secret_call: str = ""


class CoinFlip(Ruleset):
    """Flip a coin; luck is how many flips you may take back."""

    id: ClassVar[str] = ID
    title: ClassVar[str] = "Coin flip"
    sheet_type: ClassVar[type[SheetBase]] = CoinSheet
    play_type: ClassVar[type[PlayBase]] = CoinPlay
    journal_kinds: ClassVar[dict[str, str]] = {"flip": "Coin flip"}

    def new_piles(self, rng: random.Random) -> dict[str, list[str]]:
        """A deck of cards, face down, for the sake of a pile."""
        cards = [c.code for c in FULL_DECK]
        rng.shuffle(cards)
        return {"stack": cards}

    def piles(self, campaign: Campaign) -> list[PileSpec]:
        """One face-down stack."""
        return [PileSpec("stack", "Stack", Face.DOWN)]

    def redact_play(self, play: dict, viewer) -> dict:  # type: ignore[no-untyped-def, type-arg]
        """The GM's secret call stays the GM's."""
        return play if viewer.is_gm else {**play, "secret_call": ""}

    def character_removed(self, ctx: Context, character: Character) -> tuple[str, dict]:  # type: ignore[type-arg]
        """Nothing to tidy."""
        return "", {}


@dataclass(frozen=True)
class FlipCoin(Operation):
    """A character flips the coin."""

    character: str

    @property
    @override
    def label(self) -> str:
        return "Flip the coin"

    @override
    def apply(self, ctx: Context) -> str:
        who = ctx.character(self.character)
        play = ctx.campaign.play
        if not isinstance(play, CoinPlay):
            raise OperationError("Not a coin-flip campaign")
        side = flip(ctx.rng)
        play.streak = play.streak + 1 if side == "heads" else 0
        ctx.log("flip", f"{who.name} flips {side}.", {"side": side}, character=who.id)
        return side


# -- interface ------------------------------------------------------------------


class CoinUi(RulesetUi):
    """A sheet dock per character and a Coin menu."""

    ruleset_id: ClassVar[str] = ID

    def install(self, window, installed: Installed) -> None:  # type: ignore[no-untyped-def]
        """Docks and a menu, through the window's ordinary methods."""
        bridge = installed.bridge
        for character in bridge.session.campaign.characters:
            dock = QDockWidget(character.name, window)
            dock.setObjectName(f"sheet-{character.id}")
            sheet = character.sheet
            assert isinstance(sheet, CoinSheet)
            label = QLabel(f"Luck {sheet.luck}")
            label.setObjectName("coin-luck")
            dock.setWidget(label)
            window.add_dock(dock)
        menu = window.menu("&Coin")
        act = QAction("&Flip", window)
        act.setObjectName("coin_flip")
        first = next(iter(bridge.session.campaign.characters), None)
        if first is not None:
            act.triggered.connect(lambda _c=False: bridge.apply(FlipCoin(first.id)))
        menu.addAction(act)


COIN = CoinFlip()
COIN_UI = CoinUi()
