"""What the GM does with tokens on the map: place, drag, move, rename, hide and remove them.

Every gesture ends in one token operation, applied through :class:`MapFlows` (a refusal goes to
the status bar and the token glides back). "Move…" in a token's menu waits for the next click on
the map; dragging the token does the same in one gesture.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QLineEdit, QMenu

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Token, TokenKind
from saga_desktop.model.ops.tokens import (
    EditToken,
    MoveToken,
    PlaceToken,
    RemoveToken,
    SetTokenHidden,
)
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.announce import announce

if TYPE_CHECKING:
    from saga_desktop.ui.map.flows import MapFlows


def _menu_text(text: str) -> str:
    """User text for a menu entry: an ``&`` is shown, never taken as a shortcut key."""
    return text.replace("&", "&&")


class TokenFlows:
    """The token entries of a hex's menu, dragging, and "Move…" by a click."""

    def __init__(self, flows: MapFlows) -> None:
        self.flows = flows
        self.view = flows.view
        self.moving: str | None = None
        """The token "Move…" is waiting to put down (None: no move under way)."""
        self.view.tokenDropped.connect(self.dropped)
        self.view.hexClicked.connect(self._clicked)
        self.view.tokenKeyed.connect(self.pick_or_drop)
        self.view.cancelKeyed.connect(self.cancel_move)
        self.view.move_pending = lambda: self.moving is not None

    def _tokens_at(self, h: Hex) -> list[Token]:
        tokens = self.flows.bridge.session.campaign.map.tokens
        return [t for t in tokens if (t.q, t.r) == (h.q, h.r)]

    def name_of(self, token: Token) -> str:
        """The name the map shows a token by."""
        return self.view.tokens.name_of(token)

    # -- gestures ------------------------------------------------------------------------------

    def dropped(self, token_id: str, h: Hex) -> None:
        """A token was dragged onto a hex: move it there (or let it glide back)."""
        token = self.flows.bridge.session.campaign.map.token(token_id)
        if token is None or (token.q, token.r) == (h.q, h.r):
            self.view.tokens.settle()
            return
        if self.flows.bridge.remote:  # it waits where it was dropped for the host's answer
            self.view.tokens.hold(token_id)
        if not self.flows.apply(self._move(token, h))[0]:
            self.view.tokens.settle()

    def move(self, token_id: str, h: Hex) -> None:
        """Move a token to a hex."""
        token = self.flows.bridge.session.campaign.map.token(token_id)
        self.flows.apply(self._move(token, h) if token else MoveToken(token_id, h.q, h.r))

    def _move(self, token: Token, h: Hex) -> MoveToken:
        """The move, named as this window sees it: whose token, and where to."""
        region = self.flows.region_at(h)
        name = self.name_of(token)
        if region is None:
            words = tr("Move {name} to hex ({q}, {r})", name=name, q=h.q, r=h.r)
        elif region.title:
            words = tr(
                "Move {name} to region {number} ({title})",
                name=name,
                number=region.number,
                title=region.title,
            )
        else:
            words = tr("Move {name} to region {number}", name=name, number=region.number)
        return MoveToken(token.id, h.q, h.r).worded(words)

    def start_move(self, token_id: str) -> None:
        """Wait for a click on the hex the token should move to."""
        token = self.flows.bridge.session.campaign.map.token(token_id)
        if token is None:
            return
        self.moving = token_id
        name = self.name_of(token)
        self.flows.statusMessage.emit(
            tr(
                "Click the hex to move {name} to (or press M on it; Escape calls it off).",
                name=name,
            )
        )
        announce(
            self.view,
            tr("Moving {name}: go to the hex and press M, or Escape to cancel.", name=name),
        )

    def pick_or_drop(self, h: Hex) -> None:
        """M at the cursor: pick up a token this window may move there, or put one down."""
        if self.moving is not None:
            token_id, self.moving = self.moving, None
            token = self.flows.bridge.session.campaign.map.token(token_id)
            if token is None:
                announce(self.view, tr("That token is gone."))
            elif (token.q, token.r) == (h.q, h.r):
                announce(self.view, tr("{name} stays where it was.", name=self.name_of(token)))
            else:
                op = self._move(token, h)
                ok = self.flows.apply(op)[0]
                announce(self.view, f"{op.label}." if ok else tr("The token did not move."))
            return
        mine = [t for t in self._tokens_at(h) if self.view.tokens.movable(t)]
        if not mine:
            announce(self.view, tr("No token here that you can move."))
            return
        token = mine[0]
        self.moving = token.id
        announce(
            self.view,
            tr(
                "Picked up {name}. Move the cursor and press M to put it down, "
                "or Escape to cancel.",
                name=self.name_of(token),
            ),
        )

    def cancel_move(self) -> None:
        """Escape: a move under way is called off (the token stays)."""
        token_id, self.moving = self.moving, None
        token = self.flows.bridge.session.campaign.map.token(token_id) if token_id else None
        if token is not None:
            announce(
                self.view,
                tr("Move cancelled: {name} stays where it was.", name=self.name_of(token)),
            )

    def _clicked(self, h: Hex) -> None:
        token_id, self.moving = self.moving, None
        if token_id is None:
            return
        token = self.flows.bridge.session.campaign.map.token(token_id)
        if token is not None and (token.q, token.r) != (h.q, h.r):
            self.flows.apply(self._move(token, h))

    def place(
        self, h: Hex, kind: TokenKind, character: str | None = None, hidden: bool = False
    ) -> None:
        """Put a new token on a hex."""
        self.flows.apply(PlaceToken(kind, h.q, h.r, character=character, hidden=hidden))

    def rename(self, token_id: str) -> QInputDialog | None:
        """Ask for a token's new name (empty: call it by its default name)."""
        token = self.flows.bridge.session.campaign.map.token(token_id)
        if token is None:
            return None
        dialog = QInputDialog(self.flows.parent_widget)
        dialog.setWindowTitle(tr("Rename token"))
        dialog.setLabelText(tr("Name (leave empty for the default name):"))
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dialog.setTextValue(token.name)
        line = dialog.findChild(QLineEdit)
        if line is not None:
            line.setMaxLength(NAME_MAX)

        def done(text: str) -> None:
            if text.strip() != token.name:
                self.flows.apply(EditToken(token_id, name=text))

        dialog.textValueSelected.connect(done)
        dialog.finished.connect(lambda _code: dialog.deleteLater())
        self.flows.dialogOpened.emit(dialog)
        dialog.open()
        return dialog

    # -- the menu --------------------------------------------------------------------------------

    def add_to_menu(self, menu: QMenu, h: Hex) -> None:
        """Add "Place a token here" and a section for each token on the hex."""
        campaign = self.flows.bridge.session.campaign
        menu.addSeparator()
        place = menu.addMenu(tr("Place a to&ken here"))
        place.setObjectName("placeTokenMenu")
        has_token = {t.character: t for t in campaign.map.tokens if t.character is not None}
        for character in campaign.characters:
            name = _menu_text(character.name)
            own = has_token.get(character.id)
            if own is None:
                place.addAction(name, partial(self.place, h, "character", character.id))
            else:
                act = place.addAction(
                    tr("{name} (move their token here)", name=name), partial(self.move, own.id, h)
                )
                act.setEnabled((own.q, own.r) != (h.q, h.r))
        if campaign.characters:
            place.addSeparator()
        place.addAction(tr("&Enemy"), lambda: self.place(h, "enemy"))
        place.addAction(
            tr("Enemy, &hidden from players"), lambda: self.place(h, "enemy", hidden=True)
        )
        place.addAction(tr("&Marker"), lambda: self.place(h, "marker"))
        for token in self._tokens_at(h):
            self._token_section(menu, token)

    def _token_section(self, menu: QMenu, token: Token) -> None:
        menu.addSection(tr("Token: {name}", name=_menu_text(self.name_of(token))))
        tid = token.id
        menu.addAction(tr("&Move…"), lambda: self.start_move(tid))
        menu.addAction(tr("&Rename…"), lambda: self.rename(tid))
        hide = menu.addAction(tr("Hide token from players"))
        hide.setCheckable(True)
        hide.setChecked(token.hidden)
        hide.toggled.connect(lambda on: self.flows.apply(SetTokenHidden(tid, on)))
        menu.addAction(tr("Remove token"), lambda: self.flows.apply(RemoveToken(tid)))
