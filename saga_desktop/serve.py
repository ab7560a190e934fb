"""``saga-desktop --serve FILE [--port N] [--no-announce]``: host a campaign without a window.

The headless host prints where to connect, the join code, the GM code, the join link and whether
it announces the game on the local network (one line each), then serves until SIGTERM or SIGINT.
Every change reaches a recovery log at once (one line, whatever the campaign's size); the whole
file is written every :data:`SAVE_EVERY_MS` and when stopped. Killed at any moment, the next
serve of the same file replays that log first, so a crashed host loses nothing it acknowledged.
Its port, codes and seats are kept in the user data folder (by campaign id), so serving the same
file again, after a crash or a stop, gives the same codes and seats: the players' apps get back
to their seats with their reconnect tokens.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import TextIO

from PySide6.QtCore import QCoreApplication, QTimer

from saga_desktop.i18n import tr, trn
from saga_desktop.i18n.words import words
from saga_desktop.model.changes import Changes
from saga_desktop.model.session import Session
from saga_desktop.network.codes import DEFAULT_PORT
from saga_desktop.storage import CampaignFileError, load_campaign, paths, save_campaign
from saga_desktop.storage.backups import file_key
from saga_desktop.storage.hosting import HostingStore
from saga_desktop.storage.oplog import recover
from saga_desktop.storage.recorder import RecoveryRecorder
from saga_desktop.storage.recovery import RecoverySlot
from saga_desktop.ui.network.endpoints import RelayChoice
from saga_desktop.ui.network.hosting import Hosting, HostingError

SIGNAL_POLL_MS = 200  # Python runs signal handlers only between bytecodes: wake up that often
SAVE_EVERY_MS = 30_000
"""How often the whole file is written (each change is in the recovery log at once)."""


def serve_slot(path: Path) -> RecoverySlot:
    """The recovery slot of a served file (apart from the app's: the app never offers these)."""
    return RecoverySlot(paths.recovery_dir() / "serve", file_key(path))


def open_served(path: Path, err: TextIO) -> Session:
    """The campaign to serve: the file, with what a killed earlier serve logged replayed.

    Raises CampaignFileError when the file cannot be read.
    """
    campaign = load_campaign(path).campaign
    slot = serve_slot(path)
    if not slot.meta_path.is_file():
        return Session(campaign)
    try:
        found = recover(slot.path.read_bytes(), slot.log_path)
    except (CampaignFileError, OSError) as exc:
        err.write(
            tr("The changes of the last run could not be read ({why}); serving the file.", why=exc)
        )
        err.write("\n")
        return Session(campaign)
    if found.campaign.id != campaign.id:
        err.write(
            tr("The changes of the last run belong to another campaign; serving the file.") + "\n"
        )
        return Session(campaign)
    if found.problem:
        err.write(f"{found.problem}\n")
    err.write(
        trn(
            "Brought back {n} change the last run had not written to the file.",
            "Brought back {n} changes the last run had not written to the file.",
            found.replayed,
        )
        + "\n"
    )
    session = Session(found.campaign)
    session.mark_unsaved()
    return session


class Server:
    """One served campaign file: the hosting, the saving, the stopping."""

    def __init__(self, path: Path, session: Session, hosting: Hosting, err: TextIO) -> None:
        self.path, self.session, self.hosting, self.err = path, session, hosting, err
        self.recorder: RecoveryRecorder | None = RecoveryRecorder(serve_slot(path))
        try:
            self.recorder.attach(session, path)
        except (OSError, CampaignFileError) as exc:
            self._lost_log(exc)
        self._timer = QTimer()
        self._timer.setInterval(SAVE_EVERY_MS)
        self._timer.timeout.connect(self.save)
        self._timer.start()
        session.subscribe(self._changed)
        if session.modified:
            self.save()  # brought back from the log: into the file at once

    def _changed(self, changes: Changes) -> None:
        """Log the change before it counts as done; the timer writes the file later."""
        if self.recorder is None:
            QTimer.singleShot(0, self.save)  # no log: every batch of changes goes to the file
            return
        try:
            self.recorder.record(changes)
        except (OSError, CampaignFileError) as exc:
            self._lost_log(exc)
            QTimer.singleShot(0, self.save)

    def _lost_log(self, exc: Exception) -> None:
        self.recorder = None
        self._tell(
            tr("The recovery log cannot be written ({why}): saving after every change.", why=exc)
        )

    def _tell(self, line: str) -> None:
        self.err.write(f"{line}\n")
        self.err.flush()

    def save(self) -> bool:
        """Write the campaign atomically; a failure is reported and the previous file stays."""
        if not self.session.modified:
            return True
        try:
            save_campaign(self.session.export(), self.path)
        except CampaignFileError as exc:
            self._tell(tr("Not saved: {why}", why=exc))
            return False
        self.session.mark_saved()
        if self.recorder is not None:
            try:
                self.recorder.saved(self.path)
            except (OSError, CampaignFileError) as exc:
                self._lost_log(exc)
        return True

    def stop(self) -> None:
        """Say goodbye to the players, save, and leave the event loop."""
        self._timer.stop()
        served_again = words("The host was stopped.")  # each player's app words it
        self.hosting.stop(served_again, forget=False)  # served again: same codes
        if self.save() and self.recorder is not None:
            self.recorder.discard()
        QCoreApplication.quit()


def serve(
    path: Path,
    port: int = DEFAULT_PORT,
    out: TextIO = sys.stdout,
    *,
    announce: bool = True,
    relay: str | None = None,
) -> int:
    """Serve ``path`` on ``port`` until stopped; returns the exit code (2 when it cannot start).

    A campaign served before comes back on its kept port (``port`` is then ignored; another
    port if it is taken, and a line says so) with its kept codes and seats.

    With ``announce``, copies of the app on the local network list the game by themselves; how
    the announcement goes (the name it got, or why it failed) is written to ``out`` as it happens.
    ``relay`` is ``none`` (no internet play), ``default`` (the public relays), ``off`` (internet
    play without a relay), a relay's ``https://`` address, or None for the settings' choice.
    """
    internet = _internet(relay)
    if isinstance(internet, str):
        sys.stderr.write(f"{internet}\n")
        return 2
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    try:
        session = open_served(path, sys.stderr)
    except CampaignFileError as exc:
        sys.stderr.write(tr("{file} could not be opened: {why}", file=path.name, why=exc) + "\n")
        return 2
    store = HostingStore(paths.hosting_dir() / "serve")  # apart: the app never hosts these
    restore = store.load(session.campaign.id)
    try:
        hosting = Hosting(
            session, port, announce=announce, store=store, restore=restore, internet=internet
        )
    except HostingError as exc:
        sys.stderr.write(f"{exc}\n")
        return 2
    server = Server(path, session, hosting, sys.stderr)
    # Before the codes are printed: whoever reads them may stop the server at once.
    previous = {
        sig: signal.signal(sig, lambda *_: QTimer.singleShot(0, server.stop))
        for sig in (signal.SIGTERM, signal.SIGINT)
    }
    addresses = ", ".join(f"{address}:{hosting.port}" for address in hosting.addresses())
    out.write(tr("Address: {addresses}", addresses=addresses) + "\n")
    out.write(tr("Join code: {code}", code=hosting.join_code.text) + "\n")
    out.write(tr("GM code: {code}", code=hosting.gm_code.text) + "\n")
    out.write(tr("Link: {link}", link=hosting.links()[0]) + "\n")
    out.write(f"{hosting.announce_status()}\n")
    if hosting.notice:
        out.write(f"{hosting.notice}\n")
    internet_link = hosting.internet_link()
    if internet_link is not None:
        out.write(tr("Internet link: {link}", link=internet_link) + "\n")
    out.write(f"{hosting.internet_status}\n")
    out.flush()
    hosting.announceChanged.connect(lambda line: (out.write(f"{line}\n"), out.flush()))
    poll = QTimer()
    poll.timeout.connect(lambda: None)
    poll.start(SIGNAL_POLL_MS)
    try:
        app.exec()
    finally:
        poll.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    out.write(tr("Stopped; the campaign is saved.") if not session.modified else tr("Stopped."))
    out.write("\n")
    out.flush()
    return 0


def _internet(relay: str | None) -> RelayChoice | str | None:
    """The relays for ``--relay`` (None: no internet play), or a line saying what is wrong."""
    from saga_desktop.ui.network.endpoints import InternetError
    from saga_desktop.ui.network.internet import internet_enabled, parse_relay, relay_choice

    try:
        if relay is None:
            return relay_choice() if internet_enabled() else None
        if relay.strip().lower() == "none":
            return None
        return parse_relay(relay)
    except InternetError as exc:
        return f"--relay: {exc}"
