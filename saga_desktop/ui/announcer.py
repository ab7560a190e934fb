"""What happens at the table, spoken: one announcer installed in every window.

The GM's window, a GM seat and a player's seat each get one :class:`Announcer`. It follows the
bridge's change reports and speaks, through :func:`saga_desktop.ui.announce.announce`, the new
journal lines this window's viewer may read (:func:`visible_entry`, so a seat never hears a
secret), in the journal's own words, led by the Player View's headline for a result ("Success!
Sigrid: Strength trial …"). A check the GM sends to this seat's character interrupts
(assertive); undo and redo say what they took back. At a seat it also says when the connection
to the host is lost and back; at every window, when a seat joins, drops, comes back or leaves
(the host's own seats at the GM's window; at a seat, the other seats as the host tells it).

How talkative it is (everything, my own characters only, off) is a setting in
*View › Spoken announcements*, remembered in QSettings.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, QSettings, QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMainWindow, QMenu

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.i18n.words import Words, english
from saga_desktop.i18n.words import say as worded
from saga_desktop.model.campaign import Campaign, JournalEntry
from saga_desktop.model.changes import Cause, Changes
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import visible_entry
from saga_desktop.ui.announce import announce
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.help import add_access_help

SETTING = "accessibility/announcements"
LEVELS = {
    "everything": tr_noop("&Everything that happens"),
    "mine": tr_noop("&My own characters only"),
    "off": tr_noop("&Off"),
}
"""The settings and their menu entries, most talkative first."""
TURN_KINDS = frozenset({"combat", "round", "initiative", "declare", "exchange", "encounter"})
"""Journal kinds of a fight's turns and rounds: everyone's news, so "my own characters only"
keeps them too (a turn coming to the party is a turn coming to the seat's character)."""
SEATS_POLL_MS = 1000
"""How often the GM's window looks whether it started or stopped hosting (to follow its seats)."""


def spoken_line(entry: JournalEntry, campaign: Campaign) -> str:
    """A journal line as it is spoken: the Player View's headline for a result, then the line."""
    from saga_desktop.ui.player.panels import headline_of

    game = find_ruleset(campaign.ruleset)
    if entry.kind not in game.result_kinds:
        return entry.said
    head = (game.headline(entry) or headline_of(entry)).strip()
    if not head or head.rstrip("!.") in entry.said:
        return entry.said
    if head.endswith(("!", ".", "?", "…")):
        return tr("{headline} {line}", headline=head, line=entry.said)
    return tr("{headline}. {line}", headline=head, line=entry.said)


def waiting_prompts(campaign: Campaign) -> set[int]:
    """The ids of the checks the GM sent that still wait (every game keeps ``play.prompts``)."""
    prompts = getattr(campaign.play, "prompts", None) or ()
    return {p.id for p in prompts if isinstance(getattr(p, "id", None), int)}


class Announcer(QObject):
    """Speaks the table's news for one window (see the module's description)."""

    def __init__(
        self, window: QMainWindow, bridge: SessionBridge, settings: QSettings | None = None
    ) -> None:
        super().__init__(window)
        self.setObjectName("announcer")
        self.window, self.bridge = window, bridge
        self.settings = settings if settings is not None else QSettings()
        saved = str(self.settings.value(SETTING, "everything"))
        self.level = saved if saved in LEVELS else "everything"
        self._seen = self._last_id()
        self._transport: QObject | None = None
        self._hosting: object = None  # a hosting (the GM's window) or a seat's session
        self._seats: dict[str, tuple[str, str]] | None = {}  # None: a seat not told yet
        self._claims: set[int] = set()
        self.menu = self._make_menu()
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self._replaced())
        self._follow_transport()
        self._follow_seat()
        self._poll = QTimer(self)
        self._poll.setInterval(SEATS_POLL_MS)
        self._poll.timeout.connect(self._follow_hosting)
        if not bridge.limited:
            self._poll.start()

    # -- the setting ------------------------------------------------------------------------------

    def _make_menu(self) -> QMenu:
        menu = QMenu(tr("Spoken &announcements"), self.window)
        menu.setObjectName("announcementsMenu")
        menu.setToolTipsVisible(True)
        self.group = QActionGroup(self)
        self.actions: dict[str, QAction] = {}
        for level, text in LEVELS.items():
            act = QAction(tr(text), self)
            act.setObjectName(f"announce_{level}")
            act.setCheckable(True)
            act.setChecked(level == self.level)
            act.setStatusTip(tr("How much a screen reader is told of what happens at the table"))
            act.triggered.connect(lambda _c=False, name=level: self.set_level(name))
            self.group.addAction(act)
            menu.addAction(act)
            self.actions[level] = act
        view = getattr(self.window, "view_menu", None)
        if isinstance(view, QMenu):
            view.addMenu(menu)
        return menu

    def set_level(self, level: str) -> None:
        """``"everything"``, ``"mine"`` or ``"off"`` (remembered)."""
        if level not in LEVELS:
            raise ValueError(f"no such announcement setting: {level}")
        self.level = level
        self.actions[level].setChecked(True)
        self.settings.setValue(SETTING, level)

    # -- speaking ---------------------------------------------------------------------------------

    def say(self, text: str, *, assertive: bool = False, mine: bool = True) -> None:
        """Speak ``text`` unless the setting keeps it quiet (``mine``: about this seat)."""
        if self.level == "off" or (self.level == "mine" and not mine):
            return
        announce(self.window, text, assertive=assertive)

    @property
    def viewer(self) -> Viewer:
        """Whose eyes this window has: the GM's, or a player's seat's."""
        return self.bridge.viewer

    def _last_id(self) -> int:
        journal = self.bridge.session.campaign.journal
        return journal[-1].id if journal else -1

    def _replaced(self) -> None:
        self._seen = self._last_id()
        self._follow_transport()
        self._follow_seat()

    def _is_mine(self, entry: JournalEntry) -> bool:
        viewer = self.viewer
        if viewer.is_gm or not viewer.characters:
            return True  # the GM's characters are everyone
        if entry.character is None:
            return entry.kind in TURN_KINDS
        return entry.character in viewer.characters

    def _new_lines(self) -> list[JournalEntry]:
        campaign = self.bridge.session.campaign
        seen, self._seen = self._seen, self._last_id()
        game = find_ruleset(campaign.ruleset)
        out = []
        for entry in reversed(campaign.journal):  # the new lines are at the end
            if entry.id <= seen:
                break
            shown = visible_entry(entry, self.viewer, game)
            if shown is not None:
                out.append(shown)
        return out[::-1]

    def _on_changed(self, changes: Changes) -> None:
        if changes.cause is Cause.LOAD:
            self._seen = self._last_id()
            return
        lines = self._new_lines()
        if changes.cause in (Cause.UNDO, Cause.REDO):
            if changes.label and not self.bridge.limited:
                if changes.cause is Cause.UNDO:
                    self.say(tr("Undid: {action}", action=worded(changes.label)))
                else:
                    self.say(tr("Redid: {action}", action=worded(changes.label)))
            return
        self.speak_lines(lines)

    def speak_lines(self, lines: Sequence[JournalEntry]) -> None:
        """Speak new journal lines: a check sent to this seat's character first, assertively."""
        campaign = self.bridge.session.campaign
        waiting = waiting_prompts(campaign)
        urgent, rest = [], []
        for entry in lines:
            arrived = entry.kind == "prompt" and entry.details.get("prompt") in waiting
            if self.bridge.limited and (
                (arrived and self._is_mine(entry)) or self._turn_for_me(entry, campaign)
            ):
                urgent.append(entry)
            else:
                rest.append(entry)
        for entry in urgent:
            line = spoken_line(entry, campaign)
            if entry.kind == "prompt":
                self.say(tr("For you: {line}", line=line), assertive=True)
            else:
                self.say(tr("Your turn: {line}", line=line), assertive=True)
        if self.level == "mine":
            rest = [e for e in rest if self._is_mine(e)]
        text = " ".join(spoken_line(e, campaign) for e in rest)
        if text:
            self.say(text)

    def _turn_for_me(self, entry: JournalEntry, campaign: Campaign) -> bool:
        """A fight's turn line that gives the turn to this seat's character (or the party)."""
        if entry.kind not in TURN_KINDS or not self.viewer.characters:
            return False
        line = in_english(entry)  # a seat receives the words alone: read them in English
        if "the party's turn" in line:
            return True
        names = [c.name for c in campaign.characters if c.id in self.viewer.characters]
        return any(f"{name}'s turn" in line for name in names)

    # -- the network ------------------------------------------------------------------------------

    def _follow_transport(self) -> None:
        """At a seat: say when the connection to the host is lost and when it is back."""
        transport = getattr(self.bridge.session, "transport", None)
        signal = getattr(transport, "connectionStateChanged", None)
        if transport is self._transport or signal is None:
            return
        self._transport = transport
        signal.connect(self._connection)

    def _connection(self, text: str) -> None:
        connecting = tr("Connecting to {where}…", where="").rstrip("…")
        if not text or text == tr("Connecting…") or text.startswith(connecting):
            return
        calm = text in (tr("Connected"), tr("Back at the table."))
        self.say(text if calm else tr("Connection: {state}", state=text), assertive=not calm)

    def _follow_seat(self) -> None:
        """At a seat: follow who is at the table as the host tells it (its session's seats).

        The host's first word is who sat there before this seat did: that is not news.
        """
        session = self.bridge.session
        signal = getattr(session, "seatsChanged", None)
        if signal is None or session is self._hosting:
            return
        self._hosting, self._seats = session, None
        signal.connect(self._seats_changed)
        self._seats_changed()  # told before this window was made

    def _follow_hosting(self) -> None:
        """At the GM's window: follow the seats of the hosting, when there is one."""
        if getattr(self.bridge.session, "seatsChanged", None) is not None:
            return  # a seat: the host tells it who is at the table (_follow_seat)
        menu = self.window.findChild(QObject, "sessionMenu")
        hosting = getattr(menu, "hosting", None)
        if hosting is self._hosting:
            return
        self._hosting, self._seats, self._claims = hosting, {}, set()
        signal = getattr(hosting, "seatsChanged", None)
        if signal is not None:
            signal.connect(self._seats_changed)
            self._seats_changed()  # a seat taken before the first look
        asks = getattr(hosting, "claimsChanged", None)
        if asks is not None:
            asks.connect(self._claims_changed)
            self._claims_changed()

    def _claims_changed(self) -> None:
        """Someone asks for a seat: the GM must answer, so it interrupts."""
        claims = getattr(self._hosting, "claims", None)
        waiting = claims() if callable(claims) else []
        new = [c for c in waiting if c.claim_id not in self._claims]
        self._claims = {c.claim_id for c in waiting}
        if new:
            said = " ".join(tr("{claim}.", claim=c.text()) for c in new)
            self.say(
                tr("{claims} Answer in the Hosting window.", claims=said),
                assertive=True,
                mine=False,
            )

    def _seat_states(self) -> dict[str, tuple[str, str]] | None:
        """Each seat's name and state by id; None at a seat the host has not told yet."""
        if getattr(self._hosting, "presence", True) is None:
            return None
        seats = getattr(self._hosting, "seats", None)
        if not callable(seats):
            return {}
        return {s.seat_id: (s.name, str(s.state)) for s in seats()}

    def _seats_changed(self) -> None:
        now = self._seat_states()
        if now is None:
            return
        before, self._seats = self._seats, now
        if before is None:
            return  # a seat's first word from the host: who was here before it
        said = [  # first: a seat removed (or, at a seat, renamed) while here
            tr("{name} left.", name=name)
            for seat, (name, state) in before.items()
            if seat not in now and state != "gone"
        ]
        for seat, (name, state) in now.items():
            was = before.get(seat)
            if was is None and state != "gone":
                said.append(tr("{name} joined the table.", name=name))
            elif was is not None and was[1] != state:
                if state == "here":
                    said.append(tr("{name} is back.", name=name))
                elif state == "away":
                    said.append(tr("{name} lost the connection.", name=name))
                else:
                    said.append(tr("{name} left.", name=name))
        if said:
            self.say(" ".join(said), mine=False)


def install_announcer(window: QMainWindow, bridge: SessionBridge) -> Announcer:
    """The window's announcer (made on first call)."""
    existing = window.findChild(Announcer, "announcer")
    if isinstance(existing, Announcer):
        return existing
    add_access_help(window)
    settings = getattr(window, "settings", None)
    return Announcer(window, bridge, settings if isinstance(settings, QSettings) else None)


def in_english(entry: JournalEntry) -> str:
    """A journal line in the code's English, whatever the app speaks (to decide, not to show)."""
    if entry.words is None:
        return entry.text
    try:
        return english(Words.from_data(entry.words))
    except ValueError:
        return entry.text
