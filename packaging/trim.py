"""What the bundle leaves out, and why: one named rule per exclusion, so each can be measured.

The app uses QtCore, QtGui, QtWidgets, QtSvg and QtPrintSupport (maybe QtSvgWidgets); no QML or
Quick, no network, no multimedia, no WebEngine, no OpenGL. PyInstaller collects more than that:

- ``modules`` are left out of the analysis (the spec's ``excludes``), and with them whatever
  only they import;
- ``files`` (globs on the source path, forward slashes) are dropped inside the Qt hooks
  (``packaging/hooks``), before PyInstaller looks for their dependencies, and once more from the
  final lists in the spec; on Linux ``drop_orphans`` then drops the libraries that only dropped
  files needed;
- ``icu-data`` relinks ICU's data library without the data Qt never reads (``icu.py``).

``SAGA_KEEP=rule,rule`` (or ``all``) switches rules off: ``build.py --measure`` builds once per
rule that way and prints what each one saves.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

Toc = list[tuple[str, str, str]]
"""PyInstaller's lists of (destination, source, kind)."""


@dataclass(frozen=True)
class Rule:
    """One exclusion: a name to switch it off by, the reason, and what it leaves out."""

    name: str
    why: str
    modules: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    """Files the ``files`` globs match that stay all the same."""
    platforms: tuple[str, ...] = ("linux", "win32", "darwin")


_QT = "PySide6"

SHIPPED_LANGUAGES = ("fr",)
"""Languages whose Qt translations the bundle keeps (saga_desktop.i18n.tools.SHIPPED)."""

RULES: tuple[Rule, ...] = (
    Rule(
        "dev-tools",
        "test and lint tools from the same environment that optional imports and hooks drag in",
        modules=(
            "hypothesis",
            "_hypothesis_pytestplugin",
            "_hypothesis_ftz_detector",
            "_hypothesis_globals",
            "pytest",
            "_pytest",
            "pytestqt",
            "mypy",
            "mypyc",
            "pydantic.mypy",
            "librt",
            "babel",
            "ast_serialize",
            "importlinter",
            "grimp",
            "setuptools",
            "pkg_resources",
            "distutils",
            "_distutils_hack",
            "rich",
            "pygments",
            "IPython",
            "tkinter",
            "_tkinter",
        ),
    ),
    Rule(
        "qt-modules",
        "Qt modules the app does not use: QML/Quick, OpenGL, D-Bus, SQL, XML, tests",
        modules=tuple(
            f"{_QT}.{name}"
            for name in (  # QtNetwork stays: it carries play over the network
                "QtNetworkAuth",
                "QtQml",
                "QtQmlFeatures",
                "QtQuick",
                "QtQuick3D",
                "QtQuickControls2",
                "QtQuickTest",
                "QtQuickWidgets",
                "QtOpenGL",
                "QtOpenGLWidgets",
                "QtDBus",
                "QtSql",
                "QtXml",
                "QtTest",
                "QtConcurrent",
                "QtDesigner",
                "QtHelp",
                "QtUiTools",
                "QtLabsStyleKit",
                "QtMultimedia",
                "QtMultimediaWidgets",
                "QtWebEngineCore",
                "QtWebEngineWidgets",
                "QtWebEngineQuick",
                "QtWebChannel",
                "QtWebSockets",
                "Qt3DCore",
                "QtCharts",
                "QtGraphs",
                "QtPdf",
                "QtPdfWidgets",
            )
        ),
    ),
    Rule(
        "openssl",
        "no network: ssl and OpenSSL's hashes (hashlib falls back to its built-in ones)",
        modules=("ssl", "_ssl", "_hashlib"),
    ),
    Rule(
        "qt-tls",
        "Qt's TLS backends and the OpenSSL libraries PyInstaller adds for them: the app opens no"
        " TLS connection through Qt (its own handshake seals every message, and cryptography and"
        " iroh carry their own cryptography)",
        files=(
            "*/plugins/tls/*",
            "*/libssl.so*",
            "*/libcrypto.so*",
            "*/libssl-3*.dll",
            "*/libcrypto-3*.dll",
            "*/libssl.3.dylib",
            "*/libcrypto.3.dylib",
        ),
    ),
    Rule(
        "terminal",
        "line editing and curses are for terminals, not a windowed app",
        modules=("readline", "curses", "_curses", "_curses_panel"),
    ),
    Rule(
        "translations",
        "Qt's own .qm translations but those of the languages the app ships (its buttons and"
        " dialogs in French); the translators' .po and .pot files (the app reads compiled .mo)",
        files=(
            "*/translations/*.qm",
            "*/resources/i18n/templates/*",
            "*/resources/i18n/*/*.po",
            "*/resources/i18n/glossary/*",
        ),
        kept=tuple(f"*/translations/qtbase_{code}.qm" for code in SHIPPED_LANGUAGES),
    ),
    Rule(
        "readme-pictures",
        "the README's screenshots: the app never shows them",
        files=("*/resources/screenshots/*",),
    ),
    Rule(
        "embedded-platforms",
        "window-system plugins for devices without a desktop (framebuffer, EGLFS, VNC, evdev)",
        files=(
            "*/plugins/platforms/*qeglfs*",
            "*/plugins/platforms/*qlinuxfb*",
            "*/plugins/platforms/*qminimalegl*",
            "*/plugins/platforms/*qvkkhrdisplay*",
            "*/plugins/platforms/*qvnc*",
            "*/plugins/platforms/*qdirect2d*",
            "*/plugins/egldeviceintegrations/*",
            "*/plugins/generic/*",
        ),
    ),
    Rule(
        "gtk-theme",
        "the GTK 3 theme plugin would bundle half of GTK's stack (cairo, pango, atk, gdk-pixbuf) to"
        " mix with the system's GTK; Qt's built-in GNOME theme and the portal theme stay",
        files=("*/plugins/platformthemes/*qgtk3*",),
        platforms=("linux",),
    ),
    Rule(
        "virtual-keyboard",
        "the on-screen keyboard input context is written in QtQuick",
        files=("*/plugins/platforminputcontexts/*qtvirtualkeyboard*",),
    ),
    Rule(
        "image-formats",
        "image formats a player will not open: TIFF, TGA, WBMP, PDF-as-image",
        files=(
            "*/plugins/imageformats/*qtiff*",
            "*/plugins/imageformats/*qtga*",
            "*/plugins/imageformats/*qwbmp*",
            "*/plugins/imageformats/*qpdf*",
        ),
    ),
    Rule(
        "icu-data",
        "ICU data Qt never reads (break iteration, units, currencies, language and region names,"
        " transliteration): libicudata is relinked without it, see icu.py",
        platforms=("linux",),
    ),
    Rule(
        "system-cups",
        "the CUPS client with its TLS and Kerberos stack: a system that can print has its own,"
        " matching its print server, and Qt's print plugin uses it; without one Qt prints to PDF",
        files=("*/libcups.so.2",),
        platforms=("linux",),
    ),
    Rule(
        "software-opengl",
        "Mesa's software OpenGL for Windows machines without a GPU driver; widgets draw without GL",
        files=("*/opengl32sw.dll",),
        platforms=("win32",),
    ),
    Rule(
        "zeroconf-compiled",
        "zeroconf's Cython-compiled modules (3 MB): the pure-Python module each one was compiled"
        " from goes in instead (pure_python_twins), as quick for a few games on a home network",
        files=("*/zeroconf/*.so", "*/zeroconf/*.pyd"),
    ),
    Rule(
        "install-records",
        "pip/uv install records in dist-info folders: not needed to run, and they name the build"
        " machine's paths",
        files=(
            "*.dist-info/direct_url.json",
            "*.dist-info/uv_cache.json",
            "*.dist-info/uv_build.json",
            "*.dist-info/REQUESTED",
            "*.dist-info/INSTALLER",
        ),
    ),
)

STRIP_RULE = "strip"
"""Not an exclusion but measured like one: stripping debug symbols from the Linux binaries."""


def _switched_off() -> set[str]:
    names = {name.strip() for name in os.environ.get("SAGA_KEEP", "").split(",") if name.strip()}
    if "all" in names:
        names = {rule.name for rule in RULES} | {STRIP_RULE}
    return names


def active_rules() -> list[Rule]:
    """The rules for this platform that ``SAGA_KEEP`` has not switched off."""
    off = _switched_off()
    platform = "linux" if sys.platform.startswith("linux") else sys.platform
    return [r for r in RULES if r.name not in off and platform in r.platforms]


def strip_binaries() -> bool:
    """Whether to strip debug symbols (Linux only: macOS code signatures do not survive it)."""
    return sys.platform.startswith("linux") and STRIP_RULE not in _switched_off()


def excluded_modules() -> list[str]:
    """Every module the active rules leave out."""
    return sorted({module for rule in active_rules() for module in rule.modules})


DROPPED: dict[str, dict[str, int]] = defaultdict(dict)
"""What the file rules dropped in this build: rule name -> {source path: size in bytes}."""


def _matching_rule(source: str) -> Rule | None:
    path = source.replace("\\", "/")
    for rule in active_rules():
        if any(fnmatchcase(path, pattern) for pattern in rule.files) and not any(
            fnmatchcase(path, pattern) for pattern in rule.kept
        ):
            return rule
    return None


def keep(source: str) -> bool:
    """False (and the file noted in ``DROPPED``) when an active rule drops this source file."""
    rule = _matching_rule(source)
    if rule is None:
        return True
    file = Path(source)
    DROPPED[rule.name][str(file)] = file.stat().st_size if file.is_file() else 0
    return False


def filter_hook(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A hook's (source, destination folder) list without what the rules drop."""
    return [pair for pair in pairs if keep(pair[0])]


def filter_toc(toc: Toc) -> Toc:
    """An Analysis list of (destination, source, kind) without what the rules drop."""
    return [entry for entry in toc if keep(entry[1]) and keep(entry[0])]


def pure_python_twins() -> Toc:
    """The ``.py`` source of each compiled zeroconf module dropped, as data files in its place.

    zeroconf is written in Cython's "pure Python mode": each compiled module has a ``.py`` twin
    that does the same, which Python imports when the compiled one is absent.
    """
    twins: Toc = []
    for source in DROPPED.get("zeroconf-compiled", {}):
        compiled = Path(source)
        twin = compiled.with_name(compiled.name.split(".", 1)[0] + ".py")
        package = next(p for p in compiled.parents if p.name == "zeroconf")
        if twin.is_file():
            twins.append((twin.relative_to(package.parent).as_posix(), str(twin), "DATA"))
    return twins


ORPHANS = "dependencies of dropped files"


def _is_root(entry: tuple[str, str, str]) -> bool:
    """Files loaded by the bootloader, by Python or by Qt (not as another file's dependency)."""
    dest, _source, kind = entry
    name = Path(dest).name
    return (
        kind == "EXTENSION"
        or "/plugins/" in dest.replace("\\", "/")
        or name.startswith("libpython")
    )


def _reachable(binaries: Toc) -> set[str]:
    import elf

    by_name = {Path(dest).name: source for dest, source, kind in binaries if kind != "SYMLINK"}
    todo = [Path(dest).name for dest, _source, kind in binaries if _is_root((dest, _source, kind))]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in by_name:
            continue
        seen.add(name)
        todo.extend(elf.needed(Path(by_name[name])))
    return seen


def drop_orphans(before: Toc, after: Toc) -> Toc:
    """Linux: also drop the libraries that only the dropped files needed."""
    if not sys.platform.startswith("linux") or len(before) == len(after):
        return after
    try:
        orphans = _reachable(before) - _reachable(after)
    except (OSError, ValueError) as exc:
        print(f"trim: keeping every dependency ({exc})", file=sys.stderr)
        return after
    kept = []
    for dest, source, kind in after:
        if Path(dest).name in orphans and not _is_root((dest, source, kind)):
            file = Path(source)
            DROPPED[ORPHANS][source] = 0 if kind == "SYMLINK" else file.stat().st_size
            continue
        kept.append((dest, source, kind))
    return kept


def trim_icu_data(binaries: Toc, workdir: Path) -> Toc:
    """Linux: swap libicudata for a copy without the data Qt never reads (see icu.py)."""
    if "icu-data" not in {rule.name for rule in active_rules()}:
        return binaries
    import icu

    out = []
    for dest, source, kind in binaries:
        if kind != "SYMLINK" and Path(dest).name.startswith("libicudata.so"):
            try:
                trimmed, items = icu.trim_library(Path(source), workdir / "icu")
            except (icu.IcuTrimError, OSError, subprocess.CalledProcessError) as exc:
                print(f"trim: keeping the full ICU data ({exc})", file=sys.stderr)
            else:
                saved = Path(source).stat().st_size - trimmed.stat().st_size
                DROPPED["icu-data"][f"{items} ICU data items"] = saved
                source = str(trimmed)
        out.append((dest, source, kind))
    return out


def report() -> dict[str, dict[str, object]]:
    """Per rule: why, the modules it excludes, and the files it dropped with their total size."""
    return {
        rule.name: {
            "why": rule.why,
            "modules": list(rule.modules),
            "files_dropped": len(DROPPED.get(rule.name, {})),
            "bytes_dropped": sum(DROPPED.get(rule.name, {}).values()),
        }
        for rule in [*active_rules(), Rule(ORPHANS, "libraries only dropped files needed")]
    }
