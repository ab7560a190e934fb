"""Where the app keeps its own data: backups, recovery files, user tables.

Always the platform's per-user data location (never next to the program), or the folder named by
the ``SAGA_DESKTOP_DATA`` environment variable (used by tests and portable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir

APP_DIR_NAME = "saga-desktop"


def platform_data_dir() -> Path:
    """The platform's per-user data folder for the app (not created here)."""
    return Path(user_data_dir(APP_DIR_NAME, appauthor=False))


def data_dir() -> Path:
    """The user data folder (created on first use)."""
    override = os.environ.get("SAGA_DESKTOP_DATA")
    root = Path(override) if override else platform_data_dir()
    root.mkdir(parents=True, exist_ok=True)
    return root


def backups_dir() -> Path:
    """Rotating backups, one folder per campaign id."""
    return data_dir() / "backups"


def recovery_dir() -> Path:
    """Autosaved work of running sessions."""
    return data_dir() / "recovery"


def tables_dir() -> Path:
    """The player's own rolling tables."""
    path = data_dir() / "tables"
    path.mkdir(parents=True, exist_ok=True)
    return path


def locks_dir() -> Path:
    """Lock files of the campaigns open in running copies of the app."""
    return data_dir() / "locks"


def hosting_dir() -> Path:
    """What hosting each campaign needs to start again after a crash (codes, seats)."""
    return data_dir() / "hosting"
