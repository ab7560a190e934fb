"""How the table moves: the animation speed and the reduced-motion switch, remembered in QSettings.

One :class:`MotionSettings` per window (:func:`shared_motion`) is shared by the card table, the
roll panel's d20 and the map's d20, with one checkable action (View > Reduced motion). With
reduced motion (or animations turned off for tests) every change shows at once and the
"finished" signals still fire, so nothing waits for an animation that never runs.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QAction

from saga_desktop.i18n import tr, tr_noop

SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 1.8}
SPEED_TITLES: dict[str, str] = {
    "slow": tr_noop("Slow"),
    "normal": tr_noop("Normal"),
    "fast": tr_noop("Fast"),
}
"""The speed choices offered in the Play menu (a multiplier of the animation pace)."""

SPEED_KEY = "table/animationSpeed"
REDUCED_KEY = "table/reducedMotion"
SHARED_NAME = "saga-motion"


def _as_bool(value: object) -> bool:
    return value in (True, "true", "1", 1)


class MotionSettings(QObject):
    """The pace of the table's animations; changes are saved to QSettings at once."""

    changed = Signal()
    """The speed or the reduced-motion switch changed."""

    def __init__(self, settings: QSettings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._speed = 1.0
        self._reduced = False
        self._enabled = True
        self._action: QAction | None = None
        if settings is not None:
            try:
                self._speed = float(str(settings.value(SPEED_KEY, 1.0)))
            except ValueError:
                self._speed = 1.0
            self._speed = min(4.0, max(0.25, self._speed))
            self._reduced = _as_bool(settings.value(REDUCED_KEY, False))

    @property
    def speed(self) -> float:
        """The pace multiplier: 1 is normal, 2 twice as fast."""
        return self._speed

    def set_speed(self, speed: float) -> None:
        """Change the pace (kept between 0.25 and 4)."""
        speed = min(4.0, max(0.25, speed))
        if speed != self._speed:
            self._speed = speed
            if self._settings is not None:
                self._settings.setValue(SPEED_KEY, speed)
            self.changed.emit()

    @property
    def reduced_motion(self) -> bool:
        """True when the player asked for as little motion as possible."""
        return self._reduced

    def set_reduced_motion(self, on: bool) -> None:
        """Switch reduced motion on or off (remembered)."""
        if on != self._reduced:
            self._reduced = on
            if self._settings is not None:
                self._settings.setValue(REDUCED_KEY, on)
            self.changed.emit()

    @property
    def reduced_action(self) -> QAction:
        """The one checkable "Reduced motion" action that switches it (made on first use)."""
        if self._action is None:
            action = QAction(tr("Reduced &motion"), self)
            action.setObjectName("reduced_motion")
            tip = tr("Cards jump into place and dice land at once")
            action.setStatusTip(tip)
            action.setToolTip(tip)
            action.setCheckable(True)
            action.setChecked(self._reduced)
            action.toggled.connect(self.set_reduced_motion)
            self.changed.connect(lambda: action.setChecked(self._reduced))
            self._action = action
        return self._action

    @property
    def animations_enabled(self) -> bool:
        """False with reduced motion or when turned off (tests); nothing then animates."""
        return self._enabled and not self._reduced

    def set_animations_enabled(self, on: bool) -> None:
        """Turn every animation off (or back on) for this run only; not remembered."""
        if on != self._enabled:
            self._enabled = on
            self.changed.emit()

    def ms(self, duration: float) -> int:
        """A duration in milliseconds at the chosen pace."""
        return max(1, round(duration / self._speed))


def shared_motion(window: QObject, settings: QSettings | None = None) -> MotionSettings:
    """The window's one :class:`MotionSettings` (made on first call, reading ``settings``)."""
    found = window.findChild(MotionSettings, SHARED_NAME, Qt.FindChildOption.FindDirectChildrenOnly)
    if isinstance(found, MotionSettings):
        return found
    motion = MotionSettings(settings, window)
    motion.setObjectName(SHARED_NAME)
    return motion
