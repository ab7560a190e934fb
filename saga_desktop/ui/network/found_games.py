"""The list of games found on the local network, live, for the Join dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QHideEvent, QPalette, QShowEvent
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from saga_desktop import app_version
from saga_desktop.i18n import tr, trn
from saga_desktop.model.registry import UnknownRulesetError, find_ruleset, rulesets
from saga_desktop.network.discovery import MAX_FOUND, FoundGame
from saga_desktop.network.interface import Versions
from saga_desktop.ui.network import named
from saga_desktop.ui.network.lan import GameBrowser

NOTHING_YET_MS = 4000  # a host answers within about a second; after this, say nothing was found
_KEY = Qt.ItemDataRole.UserRole


def _game_title(ruleset: str) -> str:
    try:
        return tr(find_ruleset(ruleset).title)
    except UnknownRulesetError:
        return ruleset or tr("unknown game")


def describe(game: FoundGame, problem: str | None) -> str:
    """One line for the list: name, game, host computer, address, and why it cannot be joined."""
    parts = [game.game_name, _game_title(game.ruleset)]
    if game.host_name:
        parts.append(game.host_name)
    parts.append(f"{game.address}:{game.port}")
    line = " — ".join(parts)
    if problem:
        return tr("{line}\n    cannot join it from this app: {problem}", line=line, problem=problem)
    return line


class FoundGames(QWidget):
    """Games announced on this network, updated as they come and go; choosing one emits it."""

    chosen = Signal(object)
    """The :class:`~saga_desktop.network.discovery.FoundGame` picked in the list."""
    activated = Signal(object)
    """The same, on a double click or Enter: the player means to join it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.versions = Versions(app_version(), {g.id: str(g.version) for g in rulesets()})
        self.games: dict[str, FoundGame] = {}
        self.looking = False
        self.list = named(QListWidget(), "joinGames")
        self.list.setMinimumHeight(90)
        self.list.setWordWrap(True)  # a long name wraps instead of hiding the address
        self.list.setSpacing(2)
        self.list.setSortingEnabled(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.status = named(QLabel(""), "joinGamesStatus")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list)
        layout.addWidget(self.status)
        self.list.currentItemChanged.connect(lambda item, _old: self._emit(self.chosen, item))
        self.list.itemActivated.connect(lambda item: self._emit(self.activated, item))
        self._quiet = QTimer(self)
        self._quiet.setSingleShot(True)
        self._quiet.setInterval(NOTHING_YET_MS)
        self._quiet.timeout.connect(self._nothing_yet)
        self.browser = GameBrowser(self)
        self.browser.gameFound.connect(self.add)
        self.browser.gameLost.connect(self.remove)

    def showEvent(self, event: QShowEvent) -> None:
        """Look for games only while the list can be seen."""
        super().showEvent(event)
        if not self.looking:
            self.start()

    def hideEvent(self, event: QHideEvent) -> None:
        """Stop looking when the dialog closes, whichever way."""
        super().hideEvent(event)
        if self.looking and not self.isVisible():
            self.stop()

    def start(self) -> None:
        """Start looking afresh (or say in one line why that is not possible)."""
        self.list.clear()
        self.games.clear()
        self.looking = True
        problem = self.browser.start()
        if problem is not None:
            self.status.setText(tr("{problem} Type the GM's address below.", problem=problem))
            self.list.hide()
            return
        self.status.setText(tr("Looking for games on this network…"))
        self._quiet.start()

    def stop(self) -> None:
        """Stop looking (the list keeps what it shows)."""
        self.looking = False
        self._quiet.stop()
        self.browser.stop()

    def problem(self, game: FoundGame) -> str | None:
        """Why this app cannot join ``game`` (its versions differ), or None."""
        return game.mismatch(self.versions)

    def add(self, game: FoundGame) -> None:
        """Show a game that was announced (or update it when its announcement changed)."""
        item = self._item(game.service_name)
        if item is None:
            if len(self.games) >= MAX_FOUND:
                return
            item = QListWidgetItem()
            item.setData(_KEY, game.service_name)
            self.list.addItem(item)
        self.games[game.service_name] = game
        problem = self.problem(game)
        item.setText(describe(game, problem))
        if problem:
            item.setForeground(self.palette().color(QPalette.ColorRole.PlaceholderText))
            item.setToolTip(tr("This app cannot join it: its versions differ from the host's."))
        else:
            item.setData(Qt.ItemDataRole.ForegroundRole, None)
            item.setToolTip(tr("Choose it, then type the join code the GM reads out."))
        self._counted()

    def remove(self, service_name: str) -> None:
        """Take away a game that is no longer announced."""
        item = self._item(service_name)
        if item is not None:
            self.list.takeItem(self.list.row(item))
        self.games.pop(service_name, None)
        self._counted()

    def _counted(self) -> None:
        if self.games:
            self._quiet.stop()
            self.status.setText(
                trn(
                    "{n} game on this network. Or type the address below.",
                    "{n} games on this network. Or type the address below.",
                    len(self.games),
                )
            )
        elif not self._quiet.isActive():
            self._nothing_yet()

    def _nothing_yet(self) -> None:
        if not self.games:
            self.status.setText(
                tr(
                    "No game found on this network yet. Over the internet or a VPN "
                    "(Tailscale, ZeroTier, WireGuard), type the GM's address below."
                )
            )

    def _item(self, service_name: str) -> QListWidgetItem | None:
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(_KEY) == service_name:
                return item
        return None

    def _emit(self, signal: SignalInstance, item: QListWidgetItem | None) -> None:
        game = self.games.get(item.data(_KEY)) if item is not None else None
        if game is not None:
            signal.emit(game)
