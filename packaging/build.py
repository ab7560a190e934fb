"""Build the Saga Desktop installer for the operating system this runs on.

    uv run python packaging/build.py             bundle + installer for this OS, into dist/
    uv run python packaging/build.py --measure   also build once per trim rule switched off, and
                                                 report what each one saves
    uv run python packaging/build.py --is-fresh  exit 0 if dist/ was built from the current sources

Steps: render the icons from the one SVG (Qt, in a child process) into build/icons; build the
PyInstaller onedir bundle dist/saga-desktop/ from packaging/saga-desktop.spec; then wrap it:
Linux: dist/saga-desktop-<version>-linux-<arch>.tar.gz with install.sh; Windows: a zip, and an
Inno Setup installer when iscc is installed; macOS: dist/Saga Desktop.app in a .dmg.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import project
import trim

MB = 1_000_000
BUNDLE_BUDGET_MB, BUNDLE_GOAL_MB, ARCHIVE_BUDGET_MB = 150, 110, 60
BUILD_INFO = project.DIST / "build-info.json"
SPEC = project.PACKAGING / "saga-desktop.spec"
SOURCES = ("saga_desktop", "resources", "packaging", "pyproject.toml", "uv.lock")


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def inputs_digest() -> str:
    """A hash of everything that goes into the bundle, to tell a fresh build from a stale one."""
    digest = hashlib.sha256(f"{sys.version}|{sys.platform}".encode())
    for name in SOURCES:
        top = project.ROOT / name
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for file in files:
            if "__pycache__" in file.parts or file.suffix == ".pyc":
                continue
            digest.update(file.relative_to(project.ROOT).as_posix().encode() + b"\0")
            digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()


def tree_size(path: Path) -> int:
    """Bytes of the regular files under path (symlinks not followed or counted)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


DEVELOPMENT_ONLY = ("saga_desktop/i18n/compiling.py", "saga_desktop/i18n/tools.py")
"""The translators' tools (Babel): the bundle ships compiled catalogs and never runs them."""


def check_exclusions() -> None:
    """Stop when the app imports a module trim.py leaves out: the bundle would fail at run time."""
    rule_of = {module: rule.name for rule in trim.active_rules() for module in rule.modules}
    problems = []
    for file in sorted((project.ROOT / "saga_desktop").rglob("*.py")):
        if file.relative_to(project.ROOT).as_posix() in DEVELOPMENT_ONLY:
            continue
        for node in ast.walk(ast.parse(file.read_bytes(), str(file))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            else:
                continue
            for name in names:
                for module, rule in rule_of.items():
                    if name == module or name.startswith(module + "."):
                        where = f"{file.relative_to(project.ROOT)}:{node.lineno}"
                        problems.append(f"{where} imports {name}, left out by rule {rule!r}")
    if problems:
        raise SystemExit(
            "build: the app needs modules that packaging/trim.py excludes; edit the rule:\n  "
            + "\n  ".join(problems)
        )


def render_icons() -> None:
    script = project.PACKAGING / "icons.py"
    shutil.rmtree(project.ICONS, ignore_errors=True)
    command = [sys.executable, str(script), str(project.ICON_SVG), str(project.ICONS)]
    subprocess.run(command, check=True)


def run_pyinstaller(distpath: Path, workpath: Path, keep: str = "") -> dict[str, dict[str, object]]:
    """Build the bundle into distpath; returns the trim report (what each rule dropped)."""
    env = {**os.environ, "SAGA_KEEP": keep}
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--log-level=WARN",
        f"--distpath={distpath}",
        f"--workpath={workpath}",
        str(SPEC),
    ]
    workpath.mkdir(parents=True, exist_ok=True)
    log_file = workpath / "pyinstaller.log"
    with log_file.open("w") as output:
        result = subprocess.run(command, env=env, stdout=output, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        sys.stderr.write(log_file.read_text()[-6000:])
        raise SystemExit(f"build: PyInstaller failed (exit {result.returncode}); log: {log_file}")
    return json.loads((workpath / project.APP_ID / "trim-report.json").read_text())


# --- Linux ---------------------------------------------------------------------------------


def _tar_filter(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    if info.name.endswith(".sh"):
        info.mode = 0o755
    return info


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes, mode: int = 0o644) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mode, info.mtime = len(data), mode, int(time.time())
    tar.addfile(info, io.BytesIO(data))


def linux_readme(version: str) -> str:
    return f"""Saga Desktop {version}

Install for yourself (no root password needed): open a terminal in this folder and run

    ./install.sh

Then start Saga Desktop from your applications menu (Games), or double-click a .saga file.
To remove it again: ~/.local/opt/saga-desktop/uninstall.sh

To try it without installing: ./saga-desktop/saga-desktop
"""


def write_linux_tarball(bundle: Path, target: Path, compresslevel: int = 9) -> Path:
    """The bundle with its desktop integration and install.sh, as one .tar.gz."""
    top = target.name.removesuffix(".tar.gz")
    linux = project.PACKAGING / "linux"
    with tarfile.open(target, "w:gz", compresslevel=compresslevel) as tar:
        _add_bytes(tar, f"{top}/README.txt", linux_readme(project.version()).encode())
        for script in ("install.sh", "uninstall.sh"):
            tar.add(linux / script, f"{top}/{script}", filter=_tar_filter)
        tar.add(
            linux / f"{project.APP_ID}.desktop",
            f"{top}/share/applications/{project.APP_ID}.desktop",
            filter=_tar_filter,
        )
        tar.add(
            linux / f"{project.APP_ID}.xml",
            f"{top}/share/mime/packages/{project.APP_ID}.xml",
            filter=_tar_filter,
        )
        tar.add(project.ICONS / "hicolor", f"{top}/share/icons/hicolor", filter=_tar_filter)
        tar.add(bundle, f"{top}/{project.APP_ID}", filter=_tar_filter)
    return target


# --- Windows -------------------------------------------------------------------------------


def find_iscc() -> str | None:
    found = shutil.which("iscc") or shutil.which("ISCC")
    if found:
        return found
    for root in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES")):
        candidate = Path(root or "") / "Inno Setup 6" / "ISCC.exe"
        if root and candidate.is_file():
            return str(candidate)
    return None


def package_windows(bundle: Path) -> list[Path]:
    stem = project.artifact_stem()
    made = [Path(shutil.make_archive(str(project.DIST / stem), "zip", project.DIST, bundle.name))]
    iscc = find_iscc()
    if iscc is None:
        log("iscc (Inno Setup 6) not found: made the zip only, no setup.exe")
        return made
    subprocess.run(
        [
            iscc,
            "/Q",
            f"/DAppVersion={project.version()}",
            f"/DSourceDir={bundle}",
            f"/DOutputDir={project.DIST}",
            f"/DOutputBaseFilename={stem}-setup",
            f"/DIconFile={project.ICONS / (project.APP_ID + '.ico')}",
            f"/DArch={project.arch()}",
            str(project.PACKAGING / "windows" / "saga-desktop.iss"),
        ],
        check=True,
    )
    return [*made, project.DIST / f"{stem}-setup.exe"]


# --- macOS ---------------------------------------------------------------------------------


def package_macos() -> list[Path]:
    app = project.DIST / f"{project.APP_NAME}.app"
    dmg = project.DIST / f"{project.artifact_stem()}.dmg"
    if shutil.which("hdiutil") is None:
        log("hdiutil not found: no .dmg")
        return []
    script = project.PACKAGING / "macos" / "make-dmg.sh"
    subprocess.run(["bash", str(script), str(app), str(dmg)], check=True)
    return [dmg]


# --- the build -----------------------------------------------------------------------------


def package(bundle: Path) -> list[Path]:
    os_name = project.os_name()
    if os_name == "linux":
        target = project.DIST / f"{project.artifact_stem()}.tar.gz"
        return [write_linux_tarball(bundle, target)]
    if os_name == "windows":
        return package_windows(bundle)
    return package_macos()


def report_sizes(bundle_bytes: int, artifacts: list[Path]) -> None:
    log(
        f"bundle  {project.bundle_dir().relative_to(project.ROOT)}/  {bundle_bytes / MB:.1f} MB"
        f"  (budget {BUNDLE_BUDGET_MB} MB, goal {BUNDLE_GOAL_MB} MB)"
    )
    for artifact in artifacts:
        budget = f"  (budget {ARCHIVE_BUDGET_MB} MB)" if artifact.name.endswith(".tar.gz") else ""
        size = artifact.stat().st_size / MB
        log(f"wrote   {artifact.relative_to(project.ROOT)}  {size:.1f} MB{budget}")


def build() -> dict[str, object]:
    started = time.monotonic()
    log("compiling the translations")
    subprocess.run([sys.executable, "-m", "saga_desktop.i18n.tools", "build"], check=True)
    digest = inputs_digest()
    BUILD_INFO.unlink(missing_ok=True)
    log(f"{project.APP_NAME} {project.version()} for {project.os_name()}-{project.arch()}")
    check_exclusions()
    log("rendering the icons")
    render_icons()
    log("running PyInstaller (a minute or two)")
    trimmed = run_pyinstaller(project.DIST, project.BUILD / "pyinstaller")
    bundle = project.bundle_dir()
    bundle_bytes = tree_size(bundle)
    log("packaging")
    artifacts = package(bundle)
    seconds = round(time.monotonic() - started, 1)
    info: dict[str, object] = {
        "version": project.version(),
        "platform": f"{project.os_name()}-{project.arch()}",
        "inputs": digest,
        "bundle_bytes": bundle_bytes,
        "artifacts": {a.name: a.stat().st_size for a in artifacts},
        "seconds": seconds,
        "trimmed": trimmed,
    }
    BUILD_INFO.write_text(json.dumps(info, indent=1))
    report_sizes(bundle_bytes, artifacts)
    for name, rule in trimmed.items():
        if rule["files_dropped"]:
            size = int(str(rule["bytes_dropped"])) / MB
            log(f"trimmed {name}: {rule['files_dropped']} files, {size:.1f} MB")
    log(f"done in {seconds:.0f} s")
    return info


def is_fresh() -> tuple[bool, str]:
    if not BUILD_INFO.is_file() or not project.executable().is_file():
        return False, "no build in dist/"
    info = json.loads(BUILD_INFO.read_text())
    if info.get("inputs") != inputs_digest():
        return False, "the sources changed since the last build"
    return True, f"dist/ is fresh ({info['platform']}, {info['version']})"


def measure(full_bytes: int) -> None:
    """Build once with every rule off, then once per rule off, and print what each one saves."""
    rules = [r.name for r in trim.active_rules()]
    if trim.strip_binaries():
        rules.append(trim.STRIP_RULE)
    root = project.BUILD / "measure"
    shutil.rmtree(root, ignore_errors=True)

    def sizes(keep: str) -> tuple[int, int]:
        dist, work = root / (keep or "none") / "dist", root / (keep or "none") / "work"
        run_pyinstaller(dist, work, keep)
        bundle = dist / project.APP_ID
        unpacked = tree_size(bundle)
        packed = unpacked
        if project.os_name() == "linux":
            archive = root / (keep or "none") / "bundle.tar.gz"
            packed = write_linux_tarball(bundle, archive).stat().st_size
        shutil.rmtree(dist)
        return unpacked, packed

    untrimmed = sizes("all")
    rows = [("nothing trimmed", *untrimmed)]
    for name in rules:
        log(f"measuring without {name}")
        rows.append((name, *sizes(name)))
    trimmed = sizes("")
    print(f"\n{'rule switched off':<22}{'bundle MB':>10}{'saves':>8}{'tar.gz MB':>11}{'saves':>8}")
    print(f"{'(none: all rules on)':<22}{trimmed[0] / MB:>10.1f}{'':>8}{trimmed[1] / MB:>11.1f}")
    for name, unpacked, packed in rows:
        saves, saves_packed = (unpacked - trimmed[0]) / MB, (packed - trimmed[1]) / MB
        sizes_mb = f"{unpacked / MB:>10.1f}{saves:>8.1f}{packed / MB:>11.1f}{saves_packed:>8.1f}"
        print(f"{name:<22}{sizes_mb}")
    print(f"(the build in dist/ measured {full_bytes / MB:.1f} MB)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--measure", action="store_true", help="also measure each trim rule")
    parser.add_argument("--is-fresh", action="store_true", help="exit 0 if dist/ is up to date")
    args = parser.parse_args()
    if args.is_fresh:
        fresh, why = is_fresh()
        print(why)
        return 0 if fresh else 1
    info = build()
    if args.measure:
        measure(int(str(info["bundle_bytes"])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
