"""Handouts in a window: the GM's dialog to make one, and the window that shows one.

Every text is plain text (QLabel with Qt.PlainText, a read-only QPlainTextEdit); a picture is a
pixmap decoded from the campaign's re-encoded bytes (:mod:`saga_desktop.ui.chat.picture`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import number, tr, tr_noop
from saga_desktop.model.chat import Handout, TalkError, new_handout
from saga_desktop.ui.chat.picture import import_picture, picture_pixmap

PICTURE_FILTER = tr_noop("Pictures (*.png *.jpg *.jpeg *.gif *.bmp *.webp);;All files (*)")


def _plain_label(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class HandoutView(QDialog):
    """One handout, as its reader sees it: title, picture (scaled to fit) and text."""

    def __init__(self, handout: Handout, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Handout: {title}", title=handout.title))
        self.setAccessibleName(tr("Handout {title}", title=handout.title))
        self.handout_id = handout.id
        layout = QVBoxLayout(self)
        self.title = _plain_label(handout.title)
        self.title.setAccessibleName(tr("Handout title"))
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.title.setFont(font)
        layout.addWidget(self.title)
        self.picture = QLabel()
        self.picture.setAccessibleName(tr("Handout picture"))
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setMinimumSize(1, 1)
        self._pixmap = picture_pixmap(handout.picture)
        self.picture.setVisible(self._pixmap is not None)
        layout.addWidget(self.picture, 4)
        self.text = QPlainTextEdit(handout.text)
        self.text.setReadOnly(True)
        self.text.setAccessibleName(tr("Handout text"))
        self.text.setVisible(bool(handout.text))
        if self._pixmap is not None:  # a short text under a picture takes only its lines
            lines = min(12, handout.text.count("\n") + 3 + len(handout.text) // 80)
            self.text.setMaximumHeight(self.text.fontMetrics().lineSpacing() * lines + 12)
        layout.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 560 if self._pixmap is not None else 360)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the picture fitted to the window."""
        super().resizeEvent(event)
        if self._pixmap is not None:
            keep = Qt.AspectRatioMode.KeepAspectRatio
            smooth = Qt.TransformationMode.SmoothTransformation
            self.picture.setPixmap(self._pixmap.scaled(self.picture.size(), keep, smooth))


class HandoutEditor(QDialog):
    """The GM makes a handout: a title, a text, a picture from a file, and who it is shown to."""

    def __init__(self, players: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Show a handout"))
        self.picture, self.picture_type = "", ""
        form = QFormLayout()
        self.title = QLineEdit()
        self.title.setMaxLength(120)
        self.title.setAccessibleName(tr("Handout title"))
        form.addRow(tr("&Title:"), self.title)
        self.text = QPlainTextEdit()
        self.text.setAccessibleName(tr("Handout text"))
        self.text.setTabChangesFocus(True)
        text_label = QLabel(tr("Te&xt:"))
        text_label.setBuddy(self.text)
        form.addRow(text_label, self.text)
        row = QHBoxLayout()
        self.choose = QPushButton(tr("Choose &picture…"))
        self.choose.setAccessibleName(tr("Choose a picture file"))
        self.choose.clicked.connect(self._choose)
        self.clear = QPushButton(tr("&No picture"))
        self.clear.setAccessibleName(tr("Remove the picture"))
        self.clear.clicked.connect(self._clear)
        self.clear.setEnabled(False)
        row.addWidget(self.choose)
        row.addWidget(self.clear)
        form.addRow(tr("Picture:"), row)
        self.status = _plain_label(tr("No picture."))
        self.status.setAccessibleName(tr("Picture status"))
        form.addRow("", self.status)
        self.everyone = QCheckBox(tr("Show to &everyone"))
        self.everyone.setChecked(True)
        form.addRow("", self.everyone)
        self.players = QListWidget()
        self.players.setAccessibleName(tr("Show to these players"))
        for name in players:
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.players.addItem(item)
        self.players.setMaximumHeight(120)
        self.players.setEnabled(False)
        self.everyone.toggled.connect(lambda on: self.players.setEnabled(not on))
        players_label = QLabel(tr("Or &only to:"))
        players_label.setBuddy(self.players)
        form.addRow(players_label, self.players)
        self.error = _plain_label()
        self.error.setAccessibleName(tr("Problem"))
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("&Show"))
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.handout: Handout | None = None
        self.resize(max(self.sizeHint().width(), 520), self.sizeHint().height())

    def chosen(self) -> list[str]:
        """The players ticked in the list."""
        out = []
        for row in range(self.players.count()):
            item = self.players.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.text())
        return out

    def load_picture(self, path: Path) -> bool:
        """Take the picture at ``path`` (re-encoded); False, saying why, when it cannot be."""
        try:
            self.picture, self.picture_type = import_picture(path)
        except TalkError as exc:
            self.status.setText(str(exc))
            self.picture, self.picture_type = "", ""
            self.clear.setEnabled(False)
            return False
        kb = len(self.picture) * 3 // 4 // 1024
        self.status.setText(
            tr(
                "{file}: re-encoded as {format}, {size} KB.",
                file=path.name,
                format=self.picture_type.upper(),
                size=number(kb),
            )
        )
        self.clear.setEnabled(True)
        return True

    def _choose(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, tr("Choose a picture"), "", tr(PICTURE_FILTER))
        if name:
            self.load_picture(Path(name))

    def _clear(self) -> None:
        self.picture, self.picture_type = "", ""
        self.status.setText(tr("No picture."))
        self.clear.setEnabled(False)

    def _accept(self) -> None:
        everyone = self.everyone.isChecked()
        chosen = self.chosen()
        if not everyone and not chosen:
            self.error.setText(tr("Tick the players to show it to, or show it to everyone."))
            return
        if not self.title.text().strip():
            self.error.setText(tr("Give the handout a title."))
            return
        try:
            self.handout = new_handout(
                self.title.text(),
                self.text.toPlainText(),
                picture=self.picture,
                picture_type=self.picture_type,  # type: ignore[arg-type]
                everyone=everyone,
                to=chosen,
            )
        except TalkError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
