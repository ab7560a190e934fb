"""The hosting window's internet part (the link, how players connect) and its settings dialog."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.ui.network import named
from saga_desktop.ui.network.endpoints import InternetError
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.internet import (
    INTERNET_KEY,
    RELAY_KEY,
    internet_enabled,
    parse_relay,
)


def _plain(text: str, object_name: str) -> QLabel:
    label = named(QLabel(text), object_name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class InternetSection(QWidget):
    """The internet join link with a Copy button, whether and how players connect, and settings."""

    def __init__(self, hosting: Hosting, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 4)
        link = hosting.internet_link()
        self.link = named(QLineEdit(link or ""), "hostInternetLink")
        self.link.setReadOnly(True)
        self.link.setCursorPosition(0)
        self.link.setToolTip(tr("Paste this into the group's chat; the join code is never in it."))
        copy = named(QPushButton(tr("Copy internet link")), "hostCopyInternetLink")
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.link.text()))
        row = QHBoxLayout()
        row.addWidget(QLabel(tr("Internet link:")))
        row.addWidget(self.link, 1)
        row.addWidget(copy)
        self.link_row = QWidget()
        self.link_row.setLayout(row)
        row.setContentsMargins(0, 0, 0, 0)
        self.link_row.setVisible(link is not None)
        layout.addWidget(self.link_row)
        self.status = _plain(hosting.internet_status, "hostInternetStatus")
        layout.addWidget(self.status)
        self.routes = _plain("", "hostInternetRoutes")
        if hosting.internet is not None:
            self.routes.setText(hosting.internet.routes())
            hosting.internet.routesChanged.connect(self.routes.setText)
        self.routes.setVisible(hosting.internet is not None)
        layout.addWidget(self.routes)
        settings = named(QPushButton(tr("Internet settings…")), "hostInternetSettings")
        settings.clicked.connect(lambda: InternetSettingsDialog(self).exec())
        settings_row = QHBoxLayout()
        settings_row.addStretch(1)
        settings_row.addWidget(settings)
        layout.addLayout(settings_row)


class InternetSettingsDialog(QDialog):
    """Internet hosting on or off, and which relay to fall back on (checked before saving)."""

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("internetSettings")
        self.setWindowTitle(tr("Internet settings"))
        self.settings = settings or QSettings()
        layout = QVBoxLayout(self)
        self.enabled = named(
            QCheckBox(tr("Host on the internet too: players anywhere join with the internet link")),
            "internetEnabled",
        )
        self.enabled.setChecked(internet_enabled(self.settings))
        layout.addWidget(self.enabled)
        layout.addWidget(QLabel(tr("Relay, for players a direct connection cannot reach:")))
        self.relay = named(
            QLineEdit(str(self.settings.value(RELAY_KEY, "") or "")), "internetRelay"
        )
        self.relay.setPlaceholderText(tr("empty: the public relays"))
        layout.addWidget(self.relay)
        hint = QLabel(
            tr(
                "Leave it empty to use the free public relays run by iroh's makers (only when a "
                "direct connection cannot be made; they pass sealed bytes and read nothing). "
                "Type off for direct connections only, or the address of your group's own "
                "relay (https://relay.example.org). Changes take effect the next time you host."
            )
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.error = _plain("", "internetError")
        self.error.setStyleSheet("color: #b03030")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(max(self.sizeHint().width(), 480), self.sizeHint().height())

    def accept(self) -> None:
        """Save when the relay setting can be used; otherwise say what is wrong."""
        text = self.relay.text().strip()
        try:
            parse_relay(text)
        except InternetError as exc:
            self.error.setText(str(exc))
            return
        self.settings.setValue(INTERNET_KEY, self.enabled.isChecked())
        self.settings.setValue(RELAY_KEY, text)
        super().accept()
