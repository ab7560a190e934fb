"""The app's language: the computer's, or the one chosen in *View › Language*.

At start the app picks the language (the setting, else the first of the system's languages that
has a catalog, else English), loads its catalog into :mod:`saga_desktop.i18n`, Qt's own
translations (``qtbase_<code>.qm``: the buttons and dialogs Qt draws) and the locale that words
numbers. A catalog a translator drops into ``resources/i18n/`` appears in the menu. A change
takes effect when the app starts again, which the menu offers to do at once (the campaign is
saved or kept as the player chooses first, as at any close).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QProcess, QSettings, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox, QWidget

from saga_desktop import i18n
from saga_desktop.i18n import catalogs, tr
from saga_desktop.resources import resources_dir

SETTING = "language"
"""The chosen language's code; absent or "" follows the system."""

_NBSP_PERCENT = {"fr", "de", "es", "it", "pt", "sv", "nb", "da", "fi", "cs", "pl", "ru", "uk"}
"""Languages that put a space before the per cent sign ("25 %")."""


class LocaleFormatter:
    """Numbers and percentages as ``locale`` writes them (for :func:`saga_desktop.i18n.number`)."""

    def __init__(self, locale: QLocale) -> None:
        self.locale = locale
        self.spaced = locale.name().split("_")[0] in _NBSP_PERCENT

    def number(self, value: float, decimals: int) -> str:
        """``value`` with the locale's decimal mark and digit groups."""
        if decimals == 0:
            return self.locale.toString(round(value))
        return self.locale.toString(float(value), "f", decimals)

    def percent(self, fraction: float, decimals: int) -> str:
        """``fraction`` as a percentage: "25%", "25 %"."""
        space = "\u202f" if self.spaced else ""
        return f"{self.number(fraction * 100, decimals)}{space}{self.locale.percent()}"


def offered() -> list[str]:
    """Codes of the languages the app can speak (English and every catalog found)."""
    return catalogs.languages(resources_dir())


def system_choice() -> str:
    """The system's language, if a catalog has it (else English)."""
    return catalogs.best_language(QLocale.system().uiLanguages(), offered())


ENVIRONMENT = "SAGA_DESKTOP_LANGUAGE"
"""A language code that beats the setting for one run (a translator trying a catalog)."""


def chosen(settings: QSettings) -> str:
    """The language the app speaks: the environment's, the setting's, else the system's."""
    for code in (os.environ.get(ENVIRONMENT, ""), str(settings.value(SETTING, "") or "")):
        if code in offered():
            return code
    return system_choice()


_installed: list[QTranslator] = []


def install_language(app: QCoreApplication, settings: QSettings) -> str:
    """Word the app in its language: our catalog, Qt's own, the locale. Returns the code."""
    code = chosen(settings)
    i18n.use(catalogs.load(resources_dir(), code), code)
    locale = QLocale(code) if code != catalogs.SOURCE else QLocale(QLocale.Language.English)
    QLocale.setDefault(locale)
    i18n.set_formatter(LocaleFormatter(locale))
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    if code != catalogs.SOURCE:
        qt = QTranslator(app)
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt.load(f"qtbase_{code}", folder):
            app.installTranslator(qt)
            _installed.append(qt)
    return code


def language_name(code: str) -> str:
    """A language's name in that language ("Français"), for the menu."""
    if code == catalogs.SOURCE:
        return "English"
    name = QLocale(code).nativeLanguageName()
    return name[:1].upper() + name[1:] if name else code


class LanguageMenu(QMenu):
    """*View › Language*: follow the system, or one of the languages offered."""

    def __init__(self, window: QMainWindow, settings: QSettings) -> None:
        super().__init__(tr("&Language"), window)
        self.setObjectName("language-menu")
        self.window_ = window
        self.settings = settings
        self.group = QActionGroup(self)
        self.by_code: dict[str, QAction] = {}
        system = language_name(system_choice())
        self._add("", tr("Follow the system ({language})", language=system))
        self.addSeparator()
        for code in offered():
            self._add(code, language_name(code))
        current = str(settings.value(SETTING, "") or "")
        self.by_code.get(current if current in self.by_code else "", self.by_code[""]).setChecked(
            True
        )

    def _add(self, code: str, title: str) -> None:
        action = QAction(title, self, checkable=True)
        action.setObjectName(f"language_{code or 'system'}")
        action.triggered.connect(lambda _c=False, c=code: self.choose(c))
        self.group.addAction(action)
        self.addAction(action)
        self.by_code[code] = action

    def choose(self, code: str) -> None:
        """Remember ``code`` ("" follows the system) and offer to start again in it."""
        before = chosen(self.settings)
        self.settings.setValue(SETTING, code)
        self.settings.sync()
        after = chosen(self.settings)
        if after == before or after == i18n.language():
            return
        ask = QMessageBox(self.window_)
        ask.setIcon(QMessageBox.Icon.Question)
        ask.setWindowTitle(tr("Language"))
        ask.setText(
            tr(
                "Saga Desktop speaks {language} from its next start. Start it again now?",
                language=language_name(after),
            )
        )
        ask.setInformativeText(
            tr(
                "The campaign stays open: you are asked about unsaved changes first, as when "
                "you close the window."
            )
        )
        now = ask.addButton(tr("Start again now"), QMessageBox.ButtonRole.AcceptRole)
        ask.addButton(tr("Later"), QMessageBox.ButtonRole.RejectRole)
        ask.exec()
        if ask.clickedButton() is now:
            restart(self.window_)


def restart_command(file: Path | None) -> tuple[str, list[str]]:
    """The program and arguments that start this app again (on ``file`` if there is one)."""
    args = [] if file is None else [str(file)]
    if getattr(sys, "frozen", False):  # the installed app
        return sys.executable, args
    return sys.executable, ["-m", "saga_desktop", *args]


def restart(window: QWidget) -> bool:
    """Close ``window`` as usual (it may ask to save); if it closed, start the app again."""
    document = getattr(window, "document", None)
    if not window.close():
        return False
    path = getattr(document, "path", None)
    program, args = restart_command(path if isinstance(path, Path) else None)
    QProcess.startDetached(program, args)
    return True


def install_language_menu(window: QMainWindow, view_menu: QMenu, before: QAction) -> LanguageMenu:
    """Add *View › Language* before ``before``."""
    settings = getattr(window, "settings", None)
    menu = LanguageMenu(window, settings if isinstance(settings, QSettings) else QSettings())
    view_menu.insertMenu(before, menu)
    return menu
