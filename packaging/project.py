"""Names shared by the build script, the PyInstaller spec and the installers."""

from __future__ import annotations

import platform
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
DIST = ROOT / "dist"
BUILD = ROOT / "build"

APP_ID = "saga-desktop"
"""The executable, the .desktop file, the icon name and the bundle folder."""
APP_NAME = "Saga Desktop"
BUNDLE_ID = "org.sagadesktop.SagaDesktop"
"""The macOS bundle identifier (reverse DNS; change it here once the project has a domain)."""
MIME_TYPE = "application/x-saga-campaign"
ICON_SVG = ROOT / "resources" / "icons" / f"{APP_ID}.svg"
ICONS = BUILD / "icons"
"""Where build.py renders the PNG/ICO/ICNS icons (the spec reads them from here)."""


def version() -> str:
    """The project version, as written in pyproject.toml."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def os_name() -> str:
    """linux, windows or macos."""
    if sys.platform.startswith("win"):
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return "linux"


def arch() -> str:
    """The machine architecture in the spelling each platform's users know."""
    machine = platform.machine().lower()
    aliases = {"amd64": "x86_64", "x64": "x86_64", "arm64": "aarch64"}
    machine = aliases.get(machine, machine)
    if os_name() == "windows":
        return {"x86_64": "x64", "aarch64": "arm64"}.get(machine, machine)
    if os_name() == "macos":
        return {"aarch64": "arm64"}.get(machine, machine)
    return machine


def bundle_dir() -> Path:
    """The PyInstaller onedir bundle."""
    return DIST / APP_ID


def executable() -> Path:
    """The bundle's executable."""
    return bundle_dir() / (f"{APP_ID}.exe" if os_name() == "windows" else APP_ID)


def artifact_stem() -> str:
    """``saga-desktop-<version>-<os>-<arch>``: the start of every file a release offers."""
    return f"{APP_ID}-{version()}-{os_name()}-{arch()}"
