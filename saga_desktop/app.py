"""Starting the app: the Qt application, the first campaign, crash recovery, the self-test."""

from __future__ import annotations

import atexit
import os
import sys
import tempfile
import traceback
from pathlib import Path

from PySide6.QtCore import QEvent, QLockFile, QObject, QSettings, QTimer
from PySide6.QtGui import QFileOpenEvent, QGuiApplication, QIcon
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QDialog, QWidget

from saga_desktop import APP_NAME, ORG_NAME, app_version
from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.fresh import fresh_luck
from saga_desktop.model.session import Session
from saga_desktop.resources import SAMPLE_CAMPAIGN, resource
from saga_desktop.startup import settle_collector
from saga_desktop.storage import encode, load_campaign, paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.errors import CampaignFileError
from saga_desktop.storage.recovery import RecoveryEntry, RecoveryStore
from saga_desktop.ui.appearance import appearance_manager, saved_appearance
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dialogs import RecoveryDialog
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.language import install_language
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import show_error
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.wheel_guard import install_wheel_guard


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with the app's names and icon (reused if one exists, as in tests)."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(argv or sys.argv[:1])
    app.setOrganizationName(ORG_NAME)
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(app_version())
    QGuiApplication.setDesktopFileName("saga-desktop")
    icon = resource("icons", "saga-desktop.svg")
    if icon.is_file():
        app.setWindowIcon(QIcon(str(icon)))
    install_wheel_guard(app, when_running=True)
    install_language(app, QSettings())  # before any window has words
    # The remembered light or dark look, before any widget exists (View > Appearance).
    appearance_manager().set_choice(saved_appearance(QSettings()))
    if existing is None:
        atexit.register(_hide_windows)
    return app


def _hide_windows() -> None:
    """Before Python shuts down, hide the windows still shown (a script that never closed them).

    Hiding a window moves the focus, and the focus events reach the widgets' Python handlers
    (the map's focus ring): they must run while Python still can, not during its finalisation.
    """
    app = QApplication.instance()
    if isinstance(app, QApplication):
        for widget in QApplication.topLevelWidgets():
            if widget.isVisible():
                widget.hide()


def sample_session() -> Session:
    """The built-in sample campaign, opened as a new unsaved campaign (the original stays)."""
    result = load_campaign(resource(*SAMPLE_CAMPAIGN))
    fresh_luck(result.campaign)  # each copy its own dice and deck order
    return Session(result.campaign)


def initial_session(file: Path | None, settings: QSettings) -> tuple[Session, Path | None, str]:
    """What to open at start: the file asked for, else the last campaign, else the sample.

    Returns the session, its path, and a problem to tell the player about (or "").
    """
    problem = ""
    candidates: list[Path] = []
    if file is not None:
        candidates.append(file)
    elif settings.value("files/last"):
        candidates.append(Path(str(settings.value("files/last"))))
    for candidate in candidates:
        try:
            return Session(load_campaign(candidate).campaign), candidate, ""
        except CampaignFileError as exc:
            if file is not None:
                problem = tr(
                    "{file} could not be opened: {problem}", file=candidate.name, problem=exc
                )
    try:
        return sample_session(), None, problem
    except CampaignFileError as exc:  # a damaged install: still give the player a table
        problem = problem or tr("The sample campaign could not be read: {problem}", problem=exc)
        return Session(new_campaign(tr("Untitled campaign"))), None, problem


def orphaned_recoveries(store: RecoveryStore) -> list[tuple[RecoveryEntry, QLockFile]]:
    """Recovery slots whose session is gone (its lock is free). Their locks are held on return."""
    found = []
    for entry in store.entries():
        lock = QLockFile(str(store.slot(entry.slot_id).lock_path))
        lock.setStaleLockTime(0)
        if lock.tryLock(0):
            found.append((entry, lock))
    return found


def offer_recovery(window: MainWindow, store: RecoveryStore) -> list[RecoveryEntry]:
    """After a crash, offer the work that was autosaved; returns what the GM put off (Later)."""
    orphans = orphaned_recoveries(store)
    if not orphans:
        return []
    dialog = RecoveryDialog([e for e, _ in orphans], window)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    chosen = dialog.entry() if accepted else None
    postponed = []
    for entry, lock in orphans:
        if dialog.discarded or (chosen is not None and entry == chosen):
            if entry == chosen and not _recover(window, entry, store):
                lock.unlock()
                postponed.append(entry)
                continue
            store.slot(entry.slot_id).discard()
        elif not accepted:
            postponed.append(entry)
        lock.unlock()
    return postponed


HOSTING_WAITS = tr_noop(
    "Not hosting again yet: the unsaved work from before Saga Desktop stopped is still waiting "
    "(it is offered again at the next start). Session › Host this campaign… hosts this file "
    "as it is, with the same codes; the players' windows then get back in by themselves."
)


def resume_hosting(
    window: MainWindow, session_menu: SessionMenu, postponed: list[RecoveryEntry]
) -> None:
    """After a crash while hosting: host again, once the recovery offer is settled.

    Hosting again at once from the file on disk while the GM put the unsaved work of that
    same file off would hand the returning players the state from before it; then hosting
    waits for the GM (the Session menu hosts with the same codes and seats).
    """
    if session_menu.kept() is None:
        return
    here = window.document.path
    if any(_same_file(entry.source, here) for entry in postponed):
        window.statusBar().showMessage(tr(HOSTING_WAITS))
        return
    session_menu.host_again()


def _same_file(a: Path | None, b: Path | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


def _recover(window: MainWindow, entry: RecoveryEntry, store: RecoveryStore) -> bool:
    try:
        result = store.recover(entry)
    except (CampaignFileError, OSError) as exc:
        show_error(
            window,
            tr("Recover unsaved work"),
            tr("The autosaved copy cannot be read."),
            str(exc),
        )
        return False
    if not window.files.maybe_save():
        return False
    window.document.replace(Session(result.campaign), entry.source)
    window.document.session.mark_unsaved()
    if result.problem:
        show_error(
            window,
            tr("Recover unsaved work"),
            trn(
                "Recovered the first {n} change of the unsaved work; what came after it could "
                "not be brought back.",
                "Recovered the first {n} changes of the unsaved work; what came after them could "
                "not be brought back.",
                result.replayed,
            ),
            result.problem,
        )
    # The recovered work is safe in this session's slot before the old slot is dropped.
    window.document.flush()
    window.statusBar().showMessage(tr("Recovered the unsaved work; save it to keep it."), 10000)
    return True


def build_window(file: Path | None = None) -> tuple[MainWindow, str]:
    """The main window with the first campaign; returns it and a problem to report (or "")."""
    settings = QSettings()
    session, path, problem = initial_session(file, settings)
    bridge = SessionBridge(session)
    document = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir()), path
    )
    window = MainWindow(document, settings)
    bridge.setParent(window)
    document.setParent(window)
    document.pathChanged.connect(lambda p: settings.setValue("files/last", str(p)) if p else None)
    if path is not None:
        settings.setValue("files/last", str(path))
    return window, problem


QUIT_AFTER_FIRST_FRAME = "SAGA_DESKTOP_QUIT_AFTER_FIRST_FRAME"
"""Hidden hook for start-up benchmarks: when this environment variable is ``1``, the app quits as
soon as the centre of the window (the map) has painted its first frame."""


class _QuitAfterFirstFrame(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, QApplication.quit)  # once this paint (and the frame) is done
        return False


class FileOpenHandler(QObject):
    """Opens ``.saga`` files the system hands to a running app (macOS Finder, double-click).

    Only macOS sends these FileOpen events; other systems start the app with the file's path.
    """

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Catch the application's FileOpen events."""
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            if event.file():
                self.window.files.open_path(Path(event.file()))
            return True
        return super().eventFilter(watched, event)


def run(file: Path | None = None, join_link: str | None = None) -> int:
    """Run the app until the main window closes; ``join_link`` opens the Join dialog on it."""
    app = make_application()
    window, problem = build_window(file)
    session_menu = SessionMenu(window, window.bridge)
    if sys.platform == "darwin":  # elsewhere a double-clicked file comes on the command line
        # An application-wide filter sees every event of every widget, so only where needed.
        app.installEventFilter(FileOpenHandler(window))
    if os.environ.get(QUIT_AFTER_FIRST_FRAME) == "1":
        centre: QWidget | None = window.centralWidget()
        if isinstance(centre, QAbstractScrollArea):
            centre = centre.viewport()
        (centre or window).installEventFilter(_QuitAfterFirstFrame(app))
    window.show()
    store = RecoveryStore(paths.recovery_dir())

    def after_start() -> None:
        settle_collector()
        if problem:
            show_error(window, tr("Cannot open campaign"), problem)
        postponed = offer_recovery(window, store)
        resume_hosting(window, session_menu, postponed)  # the players may be waiting
        if join_link:
            session_menu.join(join_link)

    QTimer.singleShot(0, after_start)
    return app.exec()


def self_test() -> int:
    """Build the window with the sample campaign, render it, save and reload it in a temp folder."""
    with tempfile.TemporaryDirectory(prefix="saga-self-test-") as tmp:
        os.environ["SAGA_DESKTOP_DATA"] = str(Path(tmp) / "data")
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(Path(tmp) / "cfg")
        )
        try:
            app = make_application()
            session = sample_session()
            bridge = SessionBridge(session)
            store = RecoveryStore(paths.recovery_dir())
            document = CampaignDocument(bridge, BackupStore(paths.backups_dir()), store, None)
            window = MainWindow(document, QSettings())
            window.resize(1280, 800)
            window.show()
            app.processEvents()
            frame = window.grab()
            settle_collector()
            if frame.isNull() or frame.width() < 100:
                raise RuntimeError("the window did not render")
            if not paths.platform_data_dir().is_absolute():
                raise RuntimeError("the user data folder cannot be found on this system")
            target = Path(tmp) / "self-test.saga"
            document.save(target)
            reloaded = load_campaign(target).campaign
            if encode(reloaded) != encode(session.export()):
                raise RuntimeError("the campaign changed between saving and loading")
            document.session.mark_saved()
            window.close()
            app.processEvents()
        except Exception as exc:
            sys.stderr.write(f"Self-test failed: {type(exc).__name__}: {exc}\n")
            sys.stderr.write(traceback.format_exc(limit=3) if os.environ.get("SAGA_DEBUG") else "")
            return 1
    c = session.campaign
    sys.stdout.write(
        f"Self-test passed: {APP_NAME} {app_version()}, '{c.name}' with "
        f"{len(c.map.regions)} regions and {len(c.characters)} characters rendered at "
        f"{frame.width()}x{frame.height()}, "
        "saved and reloaded.\n"
    )
    return 0
