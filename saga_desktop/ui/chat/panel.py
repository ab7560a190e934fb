"""The Table talk dock's panel: the chat (with whispers) and the Handouts list.

Lines are plain text items; a whisper says so in words ("whispers to GM"), not by colour alone.
Enter sends; the GM may delete the selected line (Delete) and make, show and hide handouts.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.chat import ChatMessage, Handout
from saga_desktop.ui.chat.talk import TableTalk

ID_ROLE = Qt.ItemDataRole.UserRole


def line_text(message: ChatMessage) -> str:
    """One chat line as every window words it (and a screen reader speaks it)."""
    when = message.at.astimezone().strftime("%H:%M")
    if message.whisper:
        to = ", ".join(message.to) or tr("GM")
        return tr(
            "{time} {speaker} whispers to {whom}: {text}",
            time=when,
            speaker=message.speaker,
            whom=to,
            text=message.text,
        )
    return tr("{time} {speaker}: {text}", time=when, speaker=message.speaker, text=message.text)


def handout_text(handout: Handout, gm: bool) -> str:
    """One handout in the list: its title and, for the GM, who has it."""
    if not gm:
        if handout.picture:
            return tr("{title} (with a picture)", title=handout.title)
        return handout.title
    if not handout.shown:
        return tr("{title} (hidden)", title=handout.title)
    if handout.everyone:
        return tr("{title} (shown to everyone)", title=handout.title)
    return tr("{title} (shown to {whom})", title=handout.title, whom=", ".join(handout.to))


class ChatPanel(QWidget):
    """The chat and the handouts of one window's talk."""

    openHandout = Signal(int)
    """The reader asked to open the handout with this id."""
    newHandout = Signal()
    """The GM asked to make a new handout."""
    toPlayerView = Signal(int, bool)
    """The GM put the handout with this id on the Player View (True) or took it off (False)."""

    def __init__(self, talk: TableTalk, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.talk = talk
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName(tr("Table talk"))
        self.tabs.tabBar().setAccessibleName(tr("Chat or handouts"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.tabs)
        self._build_chat()
        self._build_handouts()
        self.bind(talk)

    # -- building -------------------------------------------------------------------------------

    def _build_chat(self) -> None:
        page = QWidget()
        box = QVBoxLayout(page)
        box.setContentsMargins(2, 2, 2, 2)
        self.lines = QListWidget()
        self.lines.setAccessibleName(tr("Chat messages"))
        self.lines.setWordWrap(True)
        self.lines.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.lines.itemSelectionChanged.connect(self._selection)
        box.addWidget(self.lines, 1)
        row = QHBoxLayout()
        self.speaker = QComboBox()
        self.speaker.setAccessibleName(tr("Speak as"))
        speak_label = QLabel(tr("&As:"))
        speak_label.setBuddy(self.speaker)
        row.addWidget(speak_label)
        row.addWidget(self.speaker, 1)
        self.to_button = QToolButton()
        self.to_button.setAccessibleName(tr("Whisper to"))
        self.to_button.setToolTip(tr("Say it to everyone, or whisper it to chosen seats"))
        self.to_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.to_menu = QMenu(self.to_button)
        self.to_button.setMenu(self.to_menu)
        self.more_names: Callable[[], list[str]] = list
        """Seat names besides the characters' players (the host's window: every seat)."""
        self.to_menu.aboutToShow.connect(self._fill_recipients)
        to_label = QLabel(tr("&To:"))
        to_label.setBuddy(self.to_button)
        row.addWidget(to_label)
        row.addWidget(self.to_button, 1)
        box.addLayout(row)
        send_row = QHBoxLayout()
        self.entry = QLineEdit()
        self.entry.setAccessibleName(tr("Message"))
        self.entry.setPlaceholderText(tr("Say something to the table"))
        self.entry.returnPressed.connect(self.send)
        self.send_button = QPushButton(tr("&Send"))
        self.send_button.setAccessibleName(tr("Send the message"))
        self.send_button.clicked.connect(self.send)
        self.delete_button = QPushButton(tr("&Delete"))
        self.delete_button.setAccessibleName(tr("Delete the selected message"))
        self.delete_button.clicked.connect(self.delete_selected)
        self.delete_button.setEnabled(False)
        send_row.addWidget(self.entry, 1)
        send_row.addWidget(self.send_button)
        send_row.addWidget(self.delete_button)
        box.addLayout(send_row)
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.status.setAccessibleName(tr("Chat status"))
        box.addWidget(self.status)
        delete = QAction(tr("Delete message"), self.lines)
        delete.setShortcut(QKeySequence.StandardKey.Delete)
        delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        delete.triggered.connect(self.delete_selected)
        self.lines.addAction(delete)
        self.tabs.addTab(page, tr("&Chat"))
        self.setTabOrder(self.lines, self.speaker)
        self.setTabOrder(self.speaker, self.to_button)
        self.setTabOrder(self.to_button, self.entry)
        self.setTabOrder(self.entry, self.send_button)
        self.setTabOrder(self.send_button, self.delete_button)

    def _build_handouts(self) -> None:
        page = QWidget()
        box = QVBoxLayout(page)
        box.setContentsMargins(2, 2, 2, 2)
        self.handout_list = QListWidget()
        self.handout_list.setAccessibleName(tr("Handouts"))
        self.handout_list.itemActivated.connect(lambda _item: self._open())
        self.handout_list.itemSelectionChanged.connect(self._selection)
        box.addWidget(self.handout_list, 1)
        row = QGridLayout()
        self.open_button = QPushButton(tr("&Open"))
        self.open_button.setAccessibleName(tr("Open the selected handout"))
        self.open_button.clicked.connect(self._open)
        self.new_button = QPushButton(tr("&New handout…"))
        self.new_button.setAccessibleName(tr("Show a new handout"))
        self.new_button.clicked.connect(self.newHandout)
        self.all_button = QPushButton(tr("Show to &all"))
        self.all_button.setAccessibleName(tr("Show the selected handout to everyone"))
        self.all_button.clicked.connect(self.show_to_all)
        self.hide_button = QPushButton(tr("&Hide"))
        self.hide_button.setAccessibleName(tr("Hide the selected handout from the players"))
        self.hide_button.clicked.connect(self.hide_selected)
        self.screen_button = QPushButton(tr("On the Player &View"))
        self.screen_button.setAccessibleName(
            tr("Show the selected handout full screen to the table")
        )
        self.screen_button.setToolTip(tr("A handout shown to everyone, on the players' screen"))
        self.screen_button.setCheckable(True)
        self.screen_button.clicked.connect(self._to_player_view)
        # Two short rows, so the dock stays narrow (1366x768, 200%).
        self.remove_button = QPushButton(tr("&Remove"))
        self.remove_button.setAccessibleName(tr("Remove the selected hidden handout for good"))
        self.remove_button.setToolTip(tr("Hide a handout first; then it can be removed for good"))
        self.remove_button.clicked.connect(self.remove_selected)
        buttons = (self.open_button, self.new_button, self.all_button, self.hide_button)
        for index, button in enumerate((*buttons, self.screen_button, self.remove_button)):
            row.addWidget(button, index // 3, index % 3)
        box.addLayout(row)
        self.tabs.addTab(page, tr("&Handouts"))

    # -- following the talk ---------------------------------------------------------------------

    def bind(self, talk: TableTalk) -> None:
        """Show ``talk`` (another session was opened)."""
        self.talk = talk
        gm = talk.is_gm
        gm_only = (self.new_button, self.all_button, self.hide_button, self.delete_button)
        for button in (*gm_only, self.remove_button):
            button.setVisible(gm)
        self.screen_button.setVisible(gm)
        self.speaker.clear()
        self.speaker.addItems(talk.speakers())
        self.speaker.setEditable(gm)  # the GM speaks as anyone they play (an NPC's name)
        typed = self.speaker.lineEdit()
        if typed is not None:
            typed.setAccessibleName(tr("Speak as"))
        self.speaker.setToolTip(
            tr("Your name or a character's, or type one")
            if gm
            else tr("Your name or a character's")
        )
        self._fill_recipients()
        self.refresh()

    def _fill_recipients(self) -> None:
        """The seats to whisper to, read again each time the menu opens (ticks kept)."""
        ticked = {name.casefold() for name in self.recipients()}
        names: list[str] = []
        for name in [*self.talk.players(), *self.more_names()]:
            folded = name.casefold()
            if folded != self.talk.seat_name.casefold() and folded not in map(str.casefold, names):
                names.append(name)
        self.to_menu.clear()
        everyone = self.to_menu.addAction(tr("Everyone"))
        everyone.triggered.connect(self._to_everyone)
        self.to_menu.addSeparator()
        for name in names:
            action = self.to_menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(name.casefold() in ticked)
            action.toggled.connect(self._to_changed)
        self._to_changed()

    def recipients(self) -> list[str]:
        """The seats ticked to whisper to (none: said to everyone)."""
        return [a.text() for a in self.to_menu.actions() if a.isCheckable() and a.isChecked()]

    def set_recipients(self, names: list[str]) -> None:
        """Tick exactly these seats (a test's or a keyboard user's shortcut)."""
        folded = {n.casefold() for n in names}
        for action in self.to_menu.actions():
            if action.isCheckable():
                action.setChecked(action.text().casefold() in folded)
        self._to_changed()

    def _to_everyone(self) -> None:
        self.set_recipients([])

    def _to_changed(self) -> None:
        chosen = self.recipients()
        if chosen:
            self.to_button.setText(tr("Whisper: {whom}", whom=", ".join(chosen)))
        else:
            self.to_button.setText(tr("Everyone"))

    def refresh(self) -> None:
        """Read the whole chat and the handouts again."""
        self.lines.clear()
        for message in self.talk.chat:
            self._add_line(message)
        self.lines.scrollToBottom()
        self.refresh_handouts()

    def refresh_handouts(self) -> None:
        """Read the handouts again, keeping the selection."""
        current = self.selected_handout()
        self.handout_list.clear()
        for handout in self.talk.handouts:
            item = QListWidgetItem(handout_text(handout, self.talk.is_gm))
            item.setData(ID_ROLE, handout.id)
            self.handout_list.addItem(item)
            if current is not None and handout.id == current:
                self.handout_list.setCurrentItem(item)
        self._selection()

    def _add_line(self, message: ChatMessage) -> None:
        item = QListWidgetItem(line_text(message))
        item.setData(ID_ROLE, message.id)
        if message.whisper:
            font = QFont(self.lines.font())
            font.setItalic(True)
            item.setFont(font)
        self.lines.addItem(item)

    def said(self, message: ChatMessage) -> None:
        """A new line arrived: add it at the end (or read all again if it is not the newest)."""
        last = self.lines.item(self.lines.count() - 1) if self.lines.count() else None
        if last is not None and int(last.data(ID_ROLE)) > message.id:
            self.refresh()
            return
        bottom = self.lines.verticalScrollBar()
        at_end = bottom.value() >= bottom.maximum() - 4
        self._add_line(message)
        if at_end:
            self.lines.scrollToBottom()

    def unsaid(self, message_id: int) -> None:
        """A line was deleted: take it out."""
        for row in range(self.lines.count()):
            item = self.lines.item(row)
            if item is not None and int(item.data(ID_ROLE)) == message_id:
                self.lines.takeItem(row)
                return

    # -- asking ---------------------------------------------------------------------------------

    def send(self) -> None:
        """Say what is typed, to whom the To button names."""
        text = self.entry.text()
        if not text.strip():
            return
        if self.talk.say(self.speaker.currentText(), text, self.recipients()):
            self.entry.clear()
            self.status.setText("")

    def say_status(self, text: str) -> None:
        """Show a refusal or note under the chat."""
        self.status.setText(text)

    def selected_message(self) -> int | None:
        """The id of the selected chat line, if any."""
        item = self.lines.currentItem()
        return int(item.data(ID_ROLE)) if item is not None and item.isSelected() else None

    def selected_handout(self) -> int | None:
        """The id of the selected handout, if any."""
        item = self.handout_list.currentItem()
        return int(item.data(ID_ROLE)) if item is not None else None

    def delete_selected(self) -> None:
        """The GM deletes the selected line from every view."""
        message_id = self.selected_message()
        if self.talk.is_gm and message_id is not None:
            self.talk.unsay(message_id)

    def _open(self) -> None:
        handout_id = self.selected_handout()
        if handout_id is not None:
            self.openHandout.emit(handout_id)

    def show_to_all(self) -> None:
        """The GM shows the selected handout to everyone."""
        handout = self._handout(self.selected_handout())
        if handout is not None:
            self.talk.show(handout.model_copy(update={"everyone": True}))

    def hide_selected(self) -> None:
        """The GM takes the selected handout back from every player."""
        handout_id = self.selected_handout()
        if handout_id is not None:
            self.talk.hide(handout_id)

    def remove_selected(self) -> None:
        """The GM removes the selected handout for good (only once it is hidden)."""
        handout = self._handout(self.selected_handout())
        if handout is not None and not handout.shown:
            self.talk.forget(handout.id)

    def _to_player_view(self, on: bool) -> None:
        handout_id = self.selected_handout()
        if handout_id is not None:
            self.toPlayerView.emit(handout_id, on)
        else:
            self.screen_button.setChecked(False)

    def _handout(self, handout_id: int | None) -> Handout | None:
        return next((h for h in self.talk.handouts if h.id == handout_id), None)

    def _selection(self) -> None:
        self.delete_button.setEnabled(self.selected_message() is not None)
        handout = self._handout(self.selected_handout())
        for button in (self.open_button, self.all_button, self.hide_button):
            button.setEnabled(handout is not None)
        self.remove_button.setEnabled(handout is not None and not handout.shown)
        public = handout is not None and handout.shown and handout.everyone
        self.screen_button.setEnabled(public or self.screen_button.isChecked())
