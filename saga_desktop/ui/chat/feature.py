"""Installing Table talk in a main window: the dock, handout windows, and what is spoken.

``install_chat(window, bridge)`` adds the "Table talk" dock (objectName ``chat``) through
``window.add_dock`` and follows the open session's talk (the GM's own, a GM seat's or a player's):
new lines are added and announced (a whisper to this seat assertively), a handout shown to this
seat opens in its own window and stays in the Handouts list, one hidden again closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDockWidget, QWidget

from saga_desktop.i18n import tr
from saga_desktop.model.chat import Handout, TalkChange
from saga_desktop.ui.actions import make_action
from saga_desktop.ui.announce import announce
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.chat.handouts import HandoutEditor, HandoutView
from saga_desktop.ui.chat.panel import ChatPanel, line_text
from saga_desktop.ui.chat.talk import TableTalk, talk_of

if TYPE_CHECKING:
    from saga_desktop.ui.main_window import MainWindow
    from saga_desktop.ui.player.handout_screen import HandoutScreen


class ChatFeature(QObject):
    """The Table talk dock of one window, following whichever session the window runs on."""

    def __init__(self, window: QWidget, bridge: SessionBridge) -> None:
        super().__init__(window)
        self.window, self.bridge = window, bridge
        self.talk: TableTalk = talk_of(bridge.session)
        self.dock = QDockWidget(tr("Table talk"), window)
        self.dock.setObjectName("chat")
        self.panel = ChatPanel(self.talk, self.dock)
        self.dock.setWidget(self.panel)
        self.panel.openHandout.connect(self.open_handout)
        self.panel.newHandout.connect(self.new_handout)
        self.panel.toPlayerView.connect(self.to_player_view)
        self.panel.more_names = self.hosted_seats
        self.windows: dict[int, HandoutView] = {}
        self.talk_action: QAction | None = None
        self._off = self._follow(self.talk)
        bridge.sessionReplaced.connect(self._replaced)

    def _follow(self, talk: TableTalk) -> Any:
        talk.refused.connect(self.panel.say_status)
        talk.noted.connect(self.panel.say_status)
        talk.refused.connect(self._speak_refusal)
        return talk.subscribe(self._talked)

    def _speak_refusal(self, text: str) -> None:
        announce(self.panel.status, text, assertive=True)

    def _replaced(self, session: object) -> None:
        self._off()
        self.talk.refused.disconnect(self.panel.say_status)
        self.talk.noted.disconnect(self.panel.say_status)
        self.talk.refused.disconnect(self._speak_refusal)
        for view in list(self.windows.values()):
            view.close()
        self.windows.clear()
        self.talk = talk_of(session)
        self._off = self._follow(self.talk)
        self.panel.bind(self.talk)

    def hosted_seats(self) -> list[str]:
        """The names of the seats at the table this window hosts (none when it hosts nothing)."""
        for child in self.window.children():  # the Session menu, found without importing it
            hosting = (
                getattr(child, "hosting", None) if type(child).__name__ == "SessionMenu" else None
            )
            if hosting is not None:
                return [seat.name for seat in hosting.seats() if seat.role == "player"]
        return []

    # -- following ------------------------------------------------------------------------------

    def _talked(self, change: TalkChange) -> None:
        talk, panel = self.talk, self.panel
        if change.id == 0:  # the whole view came again
            panel.refresh()
            return
        if change.kind == "said":
            message = next((m for m in reversed(talk.chat) if m.id == change.id), None)
            if message is None:
                return
            panel.said(message)
            mine = message.seat.casefold() == talk.seat_name.casefold()
            if not mine:
                to_me = message.whisper and (
                    (talk.is_gm and not message.to)
                    or any(t.casefold() == talk.seat_name.casefold() for t in message.to)
                )
                announce(panel.lines, line_text(message), assertive=to_me)
        elif change.kind == "unsaid":
            panel.unsaid(change.id)
        else:
            panel.refresh_handouts()
            handout = next((h for h in talk.handouts if h.id == change.id), None)
            open_view = self.windows.get(change.id)
            if handout is None or (not handout.shown and not talk.is_gm):
                self._follow_screen(change.id, handout)
                if open_view is not None:
                    open_view.close()
                return
            self._follow_screen(change.id, handout)
            if change.kind == "shown" and not talk.is_gm:
                announce(
                    panel.handout_list,
                    tr("The GM shows you a handout: {title}", title=handout.title),
                )
                self.open_handout(handout.id)

    # -- handouts -------------------------------------------------------------------------------

    def open_handout(self, handout_id: int) -> HandoutView | None:
        """Open (or bring forward, fresh) the window of one handout."""
        handout = next((h for h in self.talk.handouts if h.id == handout_id), None)
        if handout is None:
            return None
        old = self.windows.pop(handout_id, None)
        if old is not None:
            old.close()
        view = HandoutView(handout, self.window)
        view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        view.destroyed.connect(lambda _=None, i=handout_id, v=view: self._closed(i, v))
        self.windows[handout_id] = view
        view.show()
        view.raise_()
        return view

    def _closed(self, handout_id: int, view: HandoutView) -> None:
        if self.windows.get(handout_id) is view:
            del self.windows[handout_id]

    # -- the Player View ------------------------------------------------------------------------

    def _screen(self, make: bool) -> HandoutScreen | None:
        feature = getattr(self.window, "player_feature", None)
        if feature is None or (feature.player is None and not make):
            return None
        from saga_desktop.ui.player.handout_screen import handout_screen

        return handout_screen(feature.ensure_window())

    def to_player_view(self, handout_id: int, on: bool) -> bool:
        """Put a handout shown to everyone full screen on the Player View, or take it off."""
        screen = self._screen(make=on)
        handout = next((h for h in self.talk.handouts if h.id == handout_id), None)
        if screen is None:
            if on:
                self.panel.say_status(tr("This window has no Player View."))
            self.panel.screen_button.setChecked(False)
            return False
        if not on or handout is None:
            screen.leave()
            self.panel.screen_button.setChecked(False)
            return True
        if not screen.show_handout(handout):
            self.panel.say_status(
                tr("Only a handout shown to everyone goes on the players' screen.")
            )
            self.panel.screen_button.setChecked(False)
            return False
        feature = getattr(self.window, "player_feature", None)
        if feature is not None and not screen.player.isVisible():
            feature.set_open(True)
        self.panel.screen_button.setChecked(True)
        return True

    def _follow_screen(self, handout_id: int, handout: Handout | None) -> None:
        screen = self._screen(make=False)
        if screen is not None and screen.handout_id == handout_id:
            screen.follow(handout)
            self.panel.screen_button.setChecked(screen.showing)

    def focus_entry(self) -> None:
        """Bring the chat forward with the message field focused."""
        self.dock.show()
        self.dock.raise_()
        self.panel.tabs.setCurrentIndex(0)
        self.panel.entry.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def new_handout(self) -> None:
        """The GM makes a handout and shows it."""
        if not self.talk.is_gm:
            return
        names: dict[str, str] = {}
        for name in [*self.talk.players(), *self.hosted_seats()]:
            names.setdefault(name.casefold(), name)
        editor = HandoutEditor(list(names.values()), self.window)
        if editor.exec() == QDialog.DialogCode.Accepted and editor.handout is not None:
            self.talk.show(editor.handout)


def install_chat(window: MainWindow, bridge: SessionBridge) -> ChatFeature:
    """Add the Table talk dock to ``window``, tabbed with the journal on the right."""
    feature = ChatFeature(window, bridge)
    journal = window.findChild(QDockWidget, "journal")
    window.add_dock(feature.dock, Qt.DockWidgetArea.RightDockWidgetArea, tab_with=journal)
    # A window-wide key (the dock's own buttons do the rest): the Journal menu stays the journal's.
    talk = make_action(
        window,
        tr("&Talk to the table"),
        feature.focus_entry,
        "Ctrl+Shift+T",
        tip=tr("Write in the Table talk dock (Enter sends)"),
    )
    talk.setObjectName("chat_talk")
    window.addAction(talk)
    feature.talk_action = talk
    return feature
