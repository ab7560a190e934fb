"""Rules help (our own summaries and rulings, from ``resources/help/``) and the About box."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTextBrowser,
    QWidget,
)

from saga_desktop import APP_NAME, app_version, i18n
from saga_desktop.i18n import tr
from saga_desktop.model.registry import rulesets
from saga_desktop.resources import resource

ATTRIBUTION = (
    "This work is based on Songs and Sagas, product of Fari RPGs (https://farirpgs.com), "
    "developed and authored by René-Pier Deshaies-Gélinas, and licensed for our use under the "
    "Creative Commons Attribution 4.0 License (https://creativecommons.org/licenses/by/4.0/)."
)
"""The attribution the Songs & Sagas licence asks for (CC BY 4.0 option)."""

ORC_NOTICE = (
    "Songs and Sagas is also offered under the ORC License "
    "(www.azoralaw.com/orclicense); all warranties are disclaimed as set forth therein."
)
"""The ORC licence's notice, in its own words."""


def help_topics() -> list[tuple[str, Path]]:
    """The help pages shipped with the app: (title, file), in the order of ``index.txt``."""
    folder = resource("help")
    if not folder.is_dir():
        return []
    index = folder / "index.txt"
    listed = index.read_text("utf-8").split() if index.is_file() else []
    pages = [folder / name for name in listed if (folder / name).is_file()]
    pages += sorted(p for p in folder.glob("*.md") if p not in pages)
    # Each game's own pages come from its ruleset, after the welcome page.
    games = [
        folder / page
        for game in rulesets()
        for _title, page in game.help_topics
        if (folder / page).is_file()
    ]
    pages[1:1] = [p for p in games if p not in pages]
    pages = [in_language(folder, page) for page in pages]
    licences = folder.parent / "licenses" / "README.md"
    if licences.is_file():
        pages.append(licences)
    topics = []
    for page in pages:
        first = page.read_text("utf-8").lstrip().splitlines()[:1]
        title = first[0].lstrip("# ").strip() if first else page.stem
        topics.append((title, page))
    return topics


def in_language(folder: Path, page: Path, code: str | None = None) -> Path:
    """``page`` as written in the app's language (``help/<code>/<same path>``), if it exists."""
    code = i18n.language() if code is None else code
    if code == "en":
        return page
    translated = folder / code / page.relative_to(folder)
    return translated if translated.is_file() else page


class RulesHelp(QDialog):
    """A non-modal window with the help topics on the left and the page on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RulesHelp")
        self.setWindowTitle(tr("{app} — Rules help", app=APP_NAME))
        self.topics = QListWidget()
        self.topics.setAccessibleName(tr("Help topics"))
        self.topics.setMaximumWidth(260)
        self.page = QTextBrowser()
        self.page.setOpenExternalLinks(True)
        self.page.setAccessibleName(tr("Help page"))
        layout = QHBoxLayout(self)
        layout.addWidget(self.topics)
        layout.addWidget(self.page, 1)
        for title, path in help_topics():
            item = QListWidgetItem(title)
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.topics.addItem(item)
        self.topics.currentItemChanged.connect(self._show)
        if self.topics.count():
            self.topics.setCurrentRow(0)
        self.resize(900, 640)

    def show_topic(self, stem: str) -> None:
        """Open the page whose file name (without .md) is ``stem``."""
        for row in range(self.topics.count()):
            if Path(self.topics.item(row).data(Qt.ItemDataRole.UserRole)).stem == stem:
                self.topics.setCurrentRow(row)
                return

    def _show(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        path = Path(item.data(Qt.ItemDataRole.UserRole))
        self.page.setMarkdown(path.read_text("utf-8"))


ACCESS_TOPIC = "keyboard-and-screen-readers"
"""The help page *Playing with a screen reader or the keyboard*."""


def add_access_help(window: QMainWindow) -> QAction | None:
    """Help › Playing with a screen reader or the keyboard (opens that help page)."""
    menu = getattr(window, "help_menu", None)
    show = getattr(window, "show_help", None)
    if not isinstance(menu, QMenu) or not callable(show):
        return None
    act = QAction(tr("Playing with a &screen reader or the keyboard"), window)
    act.setObjectName("help_access")
    act.setStatusTip(tr("The keys of the card table and the map, and what a screen reader is told"))
    act.triggered.connect(lambda _c=False: show(ACCESS_TOPIC))
    actions = menu.actions()
    if len(actions) > 1:
        menu.insertAction(actions[1], act)  # after Rules help
    else:
        menu.addAction(act)
    return act


def show_about(parent: QWidget | None) -> None:
    """The About box: version, licence and the Songs & Sagas attribution."""
    box = QMessageBox(parent)
    box.setWindowTitle(tr("About {app}", app=APP_NAME))
    box.setTextFormat(Qt.TextFormat.MarkdownText)
    # The licence notices stay in English, as the licences word them; in another language a
    # sentence beside them says what they are.
    notices = [ATTRIBUTION, ORC_NOTICE]
    if i18n.language() != "en":
        notices.append(
            tr(
                "The two sentences above are the attribution and the notice the licences of "
                "Songs and Sagas ask for; they stay in English, as the licences word them."
            )
        )
    paragraphs = [
        f"## {APP_NAME} {app_version()}",
        tr(
            "A desktop table for card-and-dice hexcrawl roleplaying: a living hex map, character "
            "sheets, an animated card table and the exact odds of every roll."
        ),
        tr(
            "Saga Desktop is free software under the MIT licence. It uses Qt for Python (PySide6, "
            "LGPL v3), pydantic (MIT) and more: their licences are listed in *Rules help › "
            "Third-party software* and shipped in the `licenses` folder of the resources."
        ),
        *notices,
    ]
    box.setText("\n\n".join(paragraphs))
    box.setIcon(QMessageBox.Icon.Information)
    box.exec()
