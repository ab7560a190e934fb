"""At a GM seat: the apps asking to sit down, each with *Let in* and *Refuse*.

The host tells every GM seat who waits for the GM's leave (a character's seat, or a seat another
computer holds): "Ren (new computer) asks for Ren's seat". The GM answers here, as in the host's
own window; the answer goes to the host as a request, and a refusal may say why (the player
reads it). The window asks for attention when someone new asks.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.network.claims import REASON_MAX, answer_claim
from saga_desktop.network.client import NotJoinedError
from saga_desktop.network.client_events import ClaimsChanged, ClientEvent, RequestAnswered
from saga_desktop.network.interface import ClaimInfo
from saga_desktop.ui.network import named
from saga_desktop.ui.network.transport import ClientTransport


def _plain(text: str) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)  # names are the players' own text
    label.setWordWrap(True)
    return label


class ClaimPrompt(QWidget):
    """The claims waiting for this GM seat's answer, one line each, and a reason to refuse."""

    def __init__(self, transport: ClientTransport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claimPrompt")
        self.transport = transport
        self.claims: tuple[ClaimInfo, ...] = ()
        self._asked: set[int] = set()  # our answers' request ids, to show a refusal
        layout = QVBoxLayout(self)
        self._lines = QVBoxLayout()
        layout.addLayout(self._lines)
        self.reason = named(QLineEdit(), "claimReason")
        self.reason.setMaxLength(REASON_MAX)
        self.reason.setPlaceholderText(tr("Why you refuse (optional; the player reads it)"))
        layout.addWidget(self.reason)
        self.problem = named(_plain(""), "claimProblem")
        self.problem.hide()
        layout.addWidget(self.problem)
        # As tall as its lines: the map keeps the room.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        transport.received.connect(self.on_event)
        self.show_claims(transport.protocol.claims)

    def on_event(self, event: ClientEvent) -> None:
        """New claims from the host; the host's word when it could not do an answer."""
        if isinstance(event, ClaimsChanged):
            self.show_claims(event.claims)
        elif isinstance(event, RequestAnswered) and event.request_id in self._asked:
            self._asked.discard(event.request_id)
            self._say("" if event.ok else event.message)

    def show_claims(self, claims: tuple[ClaimInfo, ...]) -> None:
        """One line per claim, oldest first, with Let in and Refuse."""
        self.claims = claims
        while self._lines.count():
            item = self._lines.takeAt(0)
            child = item.widget() if item is not None else None
            if child is not None:
                child.deleteLater()
        for claim in claims:
            line = QWidget()
            row = QHBoxLayout(line)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(_plain(claim.text()), 1)
            for text, accept, name in (
                (tr("Let in"), True, "LetIn"),
                (tr("Refuse"), False, "Refuse"),
            ):
                button = named(QPushButton(text), f"claim{name}{claim.claim_id}")
                button.clicked.connect(
                    lambda _=False, c=claim.claim_id, a=accept: self.answer(c, a)
                )
                row.addWidget(button)
            self._lines.addWidget(line)
        if not claims:
            self._lines.addWidget(_plain(tr("Nobody is waiting to sit down.")))

    def answer(self, claim_id: int, accept: bool) -> None:
        """Send the host this GM's answer to a claim (a refusal with the reason typed)."""
        reason = "" if accept else self.reason.text()
        try:
            self._asked.add(self.transport.request(answer_claim(claim_id, accept, reason)))
        except (NotJoinedError, ValueError) as exc:
            self._say(str(exc))
            return
        if not accept:
            self.reason.clear()
        self._say("")

    def _say(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))


class ClaimDock(QDockWidget):
    """The prompt in a dock of the seat's window: shown while someone waits, hidden after."""

    def __init__(self, window: QMainWindow, transport: ClientTransport) -> None:
        super().__init__(tr("Asking to sit down"), window)
        self.setObjectName("claimsDock")
        # It comes and goes with the claims: no close button to lose it by.
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.window_ = window
        self.prompt = ClaimPrompt(transport, self)
        self.setWidget(self.prompt)
        window.addDockWidget(Qt.DockWidgetArea.TopDockWidgetArea, self)
        self._seen = {claim.claim_id for claim in self.prompt.claims}
        self._said = ""  # the claim the status bar names, cleared once it is answered
        self.setVisible(bool(self._seen))
        transport.received.connect(self._event)

    def _event(self, event: ClientEvent) -> None:
        if not isinstance(event, ClaimsChanged):
            return
        ids = {claim.claim_id for claim in event.claims}
        new = [claim for claim in event.claims if claim.claim_id not in self._seen]
        self._seen = ids
        self.setVisible(bool(ids))
        bar = self.window_.statusBar()
        if self._said and self._said not in {claim.text() for claim in event.claims}:
            if bar.currentMessage() == self._said:  # answered (or gone): no longer asking
                bar.clearMessage()
            self._said = ""
        if new:
            self.raise_()
            self._said = new[-1].text()
            bar.showMessage(self._said, 15000)
            QApplication.alert(self.window_)
