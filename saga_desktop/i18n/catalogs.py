"""Where the catalogs are, which languages they offer, and loading one.

``resources/i18n/<code>/<part>.po`` are the translators' files (one per part of the code, so two
translators, or two people changing the code, rarely meet in one file); ``templates/<part>.pot``
are what ``saga-desktop-i18n extract`` found in the code. ``build/<code>.mo`` is the compiled
catalog of a language, made by ``saga-desktop-i18n build`` (and by the installer build), never
by hand. A source checkout whose catalogs are newer than their build compiles them on first use
(``babel`` is a development tool); an installed app always ships them built.
"""

from __future__ import annotations

import gettext
import io
import logging
import re
from pathlib import Path

log = logging.getLogger(__name__)

SOURCE = "en"
"""The language the code is written in: it needs no catalog."""

_CODE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")


def catalog_dir(resources: Path) -> Path:
    """``resources/i18n``."""
    return resources / "i18n"


def languages(resources: Path) -> list[str]:
    """The codes of every language with a catalog (shipped, or dropped in by a translator)."""
    folder = catalog_dir(resources)
    found = {SOURCE}
    if folder.is_dir():
        found |= {p.name for p in folder.iterdir() if _CODE.match(p.name) and any(p.glob("*.po"))}
        built = folder / "build"
        if built.is_dir():
            found |= {p.stem for p in built.glob("*.mo") if _CODE.match(p.stem)}
    return sorted(found)


def best_language(wanted: list[str], offered: list[str]) -> str:
    """The first of ``wanted`` (``fr-CA``, ``fr_FR``, ``fr``) that ``offered`` has, else English."""
    for code in wanted:
        code = code.replace("-", "_")
        for candidate in (code, code.split("_")[0]):
            if candidate in offered:
                return candidate
    return SOURCE


def _sources(resources: Path, code: str) -> list[Path]:
    return sorted((catalog_dir(resources) / code).glob("*.po"))


def built_catalog(resources: Path, code: str) -> Path:
    """Where the compiled catalog of ``code`` lives."""
    return catalog_dir(resources) / "build" / f"{code}.mo"


def is_current(resources: Path, code: str) -> bool:
    """True if ``code``'s compiled catalog exists and no translator's file is newer."""
    built = built_catalog(resources, code)
    if not built.is_file():
        return False
    stamp = built.stat().st_mtime
    return all(p.stat().st_mtime <= stamp for p in _sources(resources, code))


def load(resources: Path, code: str) -> gettext.GNUTranslations | None:
    """The catalog of ``code`` (None for English, or when it cannot be had: logged)."""
    if code == SOURCE:
        return None
    built = built_catalog(resources, code)
    data: bytes | None = None
    if _sources(resources, code) and not is_current(resources, code):
        data = _compile_now(resources, code)
    if data is None and built.is_file():
        try:
            data = built.read_bytes()
        except OSError as exc:
            log.warning("The %s catalog could not be read: %s", code, exc)
    if data is None:
        return None
    try:
        return gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, ValueError) as exc:  # a damaged .mo: English, and a line in the log
        log.warning("The %s catalog is damaged (%s): the app stays in English.", code, exc)
        return None


def _compile_now(resources: Path, code: str) -> bytes | None:
    """A source checkout's catalog compiled on first use (kept in ``build/`` when it can be)."""
    try:
        from saga_desktop.i18n.compiling import compile_language
    except ImportError:  # pragma: no cover - babel is a development tool
        log.warning("The %s catalog is not built: run `uv run saga-desktop-i18n build`.", code)
        return None
    try:
        data = compile_language(resources, code)
    except (OSError, ValueError) as exc:
        log.warning("The %s catalog could not be built: %s", code, exc)
        return None
    built = built_catalog(resources, code)
    try:
        built.parent.mkdir(parents=True, exist_ok=True)
        temporary = built.with_suffix(".mo.part")
        temporary.write_bytes(data)
        temporary.replace(built)
    except OSError:
        pass  # a read-only install: used from memory this time
    return data
