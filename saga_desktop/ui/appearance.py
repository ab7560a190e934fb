"""The app's appearance: follow the system, or always light, dark or high contrast.

The whole app draws with the Fusion style and one palette: Fusion's own light palette, or the
dark palette below, which keeps text, fields, buttons and selections readable. "Follow System"
reads the platform's colour scheme (``QStyleHints.colorScheme``) and follows it live
(``colorSchemeChanged``), and its high-contrast wish (Qt's accessibility hints,
``contrastPreference``): then a white-on-black or black-on-white palette replaces the usual
one. The choice lives in View > Appearance and in the settings under
``view/appearance``.

Each map whose theme is "Follow System" (Map > Theme) follows the app's appearance, so a dark app
gets a dark map; a map theme picked explicitly (Paper or Dark) stays as picked.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QMenu, QStyleFactory

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.ui.cardtable.motion import shared_motion
from saga_desktop.ui.map.theme import DARK, PAPER, ThemeChoice
from saga_desktop.ui.map.view import MapView
from saga_desktop.ui.palette import restyle
from saga_desktop.ui.widget_walk import every_widget

if TYPE_CHECKING:
    from saga_desktop.ui.main_window import MainWindow

SETTING = "view/appearance"
MANAGER_NAME = "saga-appearance"


class Appearance(enum.Enum):
    """What the player picked in View > Appearance."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"
    HIGH_CONTRAST = "high-contrast"

    @property
    def title(self) -> str:
        """The menu text."""
        titles = {
            "system": tr_noop("Follow &System"),
            "light": tr_noop("&Light"),
            "dark": tr_noop("&Dark"),
            "high-contrast": tr_noop("&High contrast"),
        }
        return tr(titles[self.value])


_R = QPalette.ColorRole
_DARK_COLOURS = {
    _R.Window: "#26292d",
    _R.WindowText: "#e8e6e3",
    _R.Base: "#1c1f22",
    _R.AlternateBase: "#2a2e33",
    _R.ToolTipBase: "#34393f",
    _R.ToolTipText: "#f0eeea",
    _R.PlaceholderText: "#8e959c",
    _R.Text: "#e8e6e3",
    _R.Button: "#33373c",
    _R.ButtonText: "#e8e6e3",
    _R.BrightText: "#ff7b72",
    _R.Light: "#4b5157",
    _R.Midlight: "#3c4146",
    _R.Mid: "#2d3136",
    _R.Dark: "#16181b",
    _R.Shadow: "#0b0c0d",
    _R.Highlight: "#3a78c2",
    _R.HighlightedText: "#ffffff",
    _R.Link: "#7cb7ff",
    _R.LinkVisited: "#c3a6ff",
}
_DARK_DISABLED = {
    _R.WindowText: "#7f868d",
    _R.Text: "#7f868d",
    _R.ButtonText: "#7f868d",
    _R.Base: "#222528",
    _R.Button: "#2b2e32",
    _R.Highlight: "#3f4449",
    _R.HighlightedText: "#b4b9be",
}


INDICATOR_CLASSES = ("QRadioButton", "QCheckBox")
"""Widgets whose round or square indicator Fusion draws from the palette's window and text
(PySide6 takes the class name as text, though its stubs say bytes)."""
_DARK_INDICATOR = {_R.Window: "#9aa2ab", _R.Text: "#8cc4ff"}
"""Fusion outlines an indicator in the window colour made darker (invisible on a dark window)
and marks it in the text colour: a lighter window gives a visible ring, and a bright blue mark
shows which one is on. Neither role paints anything else of these widgets."""


def dark_indicator_palette() -> QPalette:
    """The dark palette for radio buttons and check boxes: a visible ring, a bright mark."""
    palette = dark_palette()
    for role, colour in _DARK_INDICATOR.items():
        for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
            palette.setColor(group, role, QColor(colour))
    return palette


def dark_palette() -> QPalette:
    """A dark palette for the Fusion style: light text on dark grounds, a clear blue selection."""
    palette = QPalette()
    for role, colour in _DARK_COLOURS.items():
        palette.setColor(role, QColor(colour))
    for role, colour in _DARK_DISABLED.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    return palette


_CONTRAST_DARK = {  # white and yellow on black, as the platforms' high-contrast black themes
    _R.Window: "#000000",
    _R.WindowText: "#ffffff",
    _R.Base: "#000000",
    _R.AlternateBase: "#141414",
    _R.ToolTipBase: "#000000",
    _R.ToolTipText: "#ffffff",
    _R.PlaceholderText: "#c8c8c8",
    _R.Text: "#ffffff",
    _R.Button: "#000000",
    _R.ButtonText: "#ffffff",
    _R.BrightText: "#ffff00",
    _R.Light: "#ffffff",
    _R.Midlight: "#c8c8c8",
    _R.Mid: "#808080",
    _R.Dark: "#ffffff",
    _R.Shadow: "#ffffff",
    _R.Highlight: "#ffff00",
    _R.HighlightedText: "#000000",
    _R.Link: "#00ffff",
    _R.LinkVisited: "#ff80ff",
}
_CONTRAST_LIGHT = {  # black and dark blue on white
    _R.Window: "#ffffff",
    _R.WindowText: "#000000",
    _R.Base: "#ffffff",
    _R.AlternateBase: "#eeeeee",
    _R.ToolTipBase: "#ffffff",
    _R.ToolTipText: "#000000",
    _R.PlaceholderText: "#3c3c3c",
    _R.Text: "#000000",
    _R.Button: "#ffffff",
    _R.ButtonText: "#000000",
    _R.BrightText: "#a00000",
    _R.Light: "#000000",
    _R.Midlight: "#3c3c3c",
    _R.Mid: "#5a5a5a",
    _R.Dark: "#000000",
    _R.Shadow: "#000000",
    _R.Highlight: "#00007a",
    _R.HighlightedText: "#ffffff",
    _R.Link: "#00007a",
    _R.LinkVisited: "#5a0078",
}


def high_contrast_palette(dark: bool) -> QPalette:
    """A high-contrast palette: white on black (``dark``) or black on white.

    Every text role is at least 7 : 1 against its ground; disabled text still 4.5 : 1.
    """
    palette = QPalette()
    for role, colour in (_CONTRAST_DARK if dark else _CONTRAST_LIGHT).items():
        palette.setColor(role, QColor(colour))
    disabled = "#a0a0a0" if dark else "#595959"
    for role in (_R.WindowText, _R.Text, _R.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled))
    return palette


def system_wants_contrast() -> bool:
    """The platform asks for high contrast (Qt 6.10's accessibility hints)."""
    try:
        hints = QGuiApplication.styleHints().accessibility()
        return hints.contrastPreference() == Qt.ContrastPreference.HighContrast
    except RuntimeError:  # no hints on this platform (or already let go at exit)
        return False


def system_is_dark() -> bool:
    """The platform says its colour scheme is dark."""
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def palette_is_dark(palette: QPalette) -> bool:
    """The palette's window colour is dark."""
    return palette.color(_R.Window).lightnessF() < 0.5


class AppearanceManager(QObject):
    """Keeps the app's style, palette and following maps in step with the player's choice."""

    changed = Signal(bool)
    """Emitted with ``True`` (dark) or ``False`` (light) whenever the appearance is applied."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.setObjectName(MANAGER_NAME)
        self.app = app
        self.choice = Appearance.SYSTEM
        self._set_palette = False
        if app.style().name().lower() != "fusion":
            app.setStyle(QStyleFactory.create("Fusion"))
        self._light = app.palette()
        if palette_is_dark(self._light):  # the platform's palette is dark: use Fusion's light one
            self._light = app.style().standardPalette()
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(self._scheme_changed)
        hints.accessibility().contrastPreferenceChanged.connect(self._scheme_changed)

    @property
    def dark(self) -> bool:
        """The appearance in effect is dark (high contrast on its own is white on black)."""
        if self.choice is Appearance.SYSTEM:
            return system_is_dark()
        return self.choice in (Appearance.DARK, Appearance.HIGH_CONTRAST)

    @property
    def high_contrast(self) -> bool:
        """High contrast is in effect: picked, or asked for by the system while following it."""
        if self.choice is Appearance.SYSTEM:
            return system_wants_contrast()
        return self.choice is Appearance.HIGH_CONTRAST

    def set_choice(self, choice: Appearance) -> None:
        """Follow the system, or force light or dark, and apply it at once."""
        self.choice = choice
        hints = QGuiApplication.styleHints()
        if choice in (Appearance.SYSTEM, Appearance.HIGH_CONTRAST):
            hints.unsetColorScheme()
        else:  # where the platform supports it, native dialogs follow too
            dark = choice is Appearance.DARK
            hints.setColorScheme(Qt.ColorScheme.Dark if dark else Qt.ColorScheme.Light)
        self.apply()

    def apply(self) -> None:
        """Set the palette for the appearance in effect and let following maps catch up."""
        dark = self.dark
        if self.high_contrast:
            contrast = high_contrast_palette(dark)
            self.app.setPalette(contrast)
            ring = QPalette(contrast)  # Fusion rings an indicator in the window colour, darker
            ring.setColor(_R.Window, QColor("#ffffff" if dark else "#7a7a7a"))
            ring.setColor(_R.Text, contrast.color(_R.Highlight))
            for name in INDICATOR_CLASSES:
                self.app.setPalette(ring, name)  # type: ignore[arg-type]
            self._set_palette = True
        elif dark:
            self.app.setPalette(dark_palette())
            for name in INDICATOR_CLASSES:
                self.app.setPalette(dark_indicator_palette(), name)  # type: ignore[arg-type]
            self._set_palette = True
        elif self._set_palette or palette_is_dark(self.app.palette()):
            self.app.setPalette(self._light)
            for name in INDICATOR_CLASSES:
                self.app.setPalette(self._light, name)  # type: ignore[arg-type]
        with every_widget() as widgets:
            for widget in widgets:
                restyle(widget)  # style sheets resolve their colours when they are set
            for widget in widgets:
                if isinstance(widget, MapView):
                    self.follow(widget)
        self.changed.emit(dark)

    def follow(self, view: MapView) -> None:
        """Give a map whose theme follows the system the app's light or dark look."""
        if view.theme_choice is ThemeChoice.SYSTEM:
            view.map_scene.set_theme(DARK if self.dark else PAPER)
            view.viewport().update()

    def _scheme_changed(self, _scheme: Qt.ColorScheme) -> None:
        # Deferred: each map reacts to the system's change on its own first, then takes the
        # app's look (which may be forced light or dark) from here.
        QTimer.singleShot(0, self.apply)


def appearance_manager() -> AppearanceManager:
    """The application's one manager (made on first use)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    existing = app.findChild(AppearanceManager, MANAGER_NAME)
    return existing if existing is not None else AppearanceManager(app)


def saved_appearance(settings: QSettings) -> Appearance:
    """The choice remembered in ``settings`` (Follow System when none or unreadable)."""
    try:
        return Appearance(str(settings.value(SETTING, Appearance.SYSTEM.value)))
    except ValueError:
        return Appearance.SYSTEM


class AppearanceMenu(QMenu):
    """View > Appearance: four checkable choices, remembered in the window's settings."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(tr("&Appearance"), window)
        self.setObjectName("appearance-menu")
        self.settings = window.settings
        self.manager = appearance_manager()
        self.group = QActionGroup(self)
        self.actions_by_choice: dict[Appearance, QAction] = {}
        for choice in Appearance:
            action = QAction(choice.title, self, checkable=True)
            action.setObjectName(f"appearance_{choice.value}")
            action.triggered.connect(lambda _c=False, c=choice: self.choose(c))
            self.group.addAction(action)
            self.addAction(action)
            self.actions_by_choice[choice] = action
        feature = window.map_feature
        if feature is not None:  # the map's "Follow System" then follows this appearance
            follow = feature.actions.get(f"theme_{ThemeChoice.SYSTEM.value}")
            if follow is not None:
                follow.triggered.connect(lambda _c=False: self.manager.follow(feature.view))
        player = window.player_feature
        if player is not None:  # the Player View's map, made when it first opens
            player.open_action.toggled.connect(lambda _on: self.manager.apply())
        self.choose(saved_appearance(self.settings), remember=False)

    def choose(self, choice: Appearance, *, remember: bool = True) -> None:
        """Apply ``choice`` and remember it."""
        self.actions_by_choice[choice].setChecked(True)
        self.manager.set_choice(choice)
        if remember:
            self.settings.setValue(SETTING, choice.value)


def install_appearance(window: MainWindow) -> AppearanceMenu:
    """Add View > Appearance and View > Reduced motion; apply the remembered appearance.

    Reduced motion is the window's one switch for every animation (cards, dice, the map's d20).
    """
    menu = AppearanceMenu(window)
    window.view_menu.insertMenu(window.reset_layout_action, menu)
    motion = shared_motion(window, window.settings)
    window.view_menu.insertAction(window.reset_layout_action, motion.reduced_action)
    return menu
