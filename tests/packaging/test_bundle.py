"""Smoke test of the installer bundle (marker ``packaging``, not in the default run).

Builds the bundle with packaging/build.py unless dist/ already holds a build of the current
sources, then runs it the way a player's machine would: from another folder, with nothing in the
environment but HOME and QT_QPA_PLATFORM=offscreen (so no Python on the PATH), and requires exit 0
and no traceback. Prints the budgets: bundle and archive sizes, and the start-up time of the
bundle against the same from source, measured here in one run.

    uv run pytest -m packaging tests/packaging          (SAGA_REBUILD=1 forces a new build)
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "packaging" / "build.py"
DIST = ROOT / "dist"
BUNDLE = DIST / "saga-desktop"
EXE = BUNDLE / ("saga-desktop.exe" if sys.platform == "win32" else "saga-desktop")
SAMPLE = ROOT / "resources" / "sample" / "the-shattered-coast.saga"
LINUX = sys.platform.startswith("linux")

MB = 1_000_000
BUNDLE_LIMIT_MB, BUNDLE_GOAL_MB = 150, 110
ARCHIVE_LIMIT_MB = 60
START_RATIO_LIMIT = 1.3
REPEATS = 5


def version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


@pytest.fixture(scope="module")
def build_info() -> dict[str, object]:
    fresh = subprocess.run(
        [sys.executable, str(BUILD_SCRIPT), "--is-fresh"], cwd=ROOT, capture_output=True
    )
    if fresh.returncode != 0 or os.environ.get("SAGA_REBUILD"):
        subprocess.run([sys.executable, str(BUILD_SCRIPT)], cwd=ROOT, check=True, timeout=1800)
    return json.loads((DIST / "build-info.json").read_text())


def bare_env(home: Path) -> dict[str, str]:
    """HOME and the offscreen platform only (Windows cannot start a process without SYSTEMROOT)."""
    env = {"HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    if sys.platform == "win32":
        env["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
        for name in ("USERPROFILE", "APPDATA", "LOCALAPPDATA", "TEMP", "TMP"):
            env[name] = str(home / name.lower())
            (home / name.lower()).mkdir(exist_ok=True)
    return env


def run(args: list[str], home: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=cwd, env=bare_env(home), capture_output=True, text=True, timeout=180
    )


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        str(p.relative_to(folder)): (p.lstat().st_size, p.lstat().st_mtime_ns)
        for p in folder.rglob("*")
    }


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    folder = tmp_path / "somewhere-else"
    folder.mkdir()
    return folder


def assert_clean(result: subprocess.CompletedProcess[str], code: int = 0) -> None:
    output = result.stdout + result.stderr
    assert result.returncode == code, output
    assert "Traceback" not in output, output


def test_self_test_runs_in_a_bare_environment(build_info, home, elsewhere):
    before = snapshot(BUNDLE)
    result = run([str(EXE), "--self-test"], home, elsewhere)
    assert_clean(result)
    assert "Self-test passed" in result.stdout
    assert snapshot(BUNDLE) == before, "the bundle wrote next to itself"


def test_the_bundle_speaks_french_with_qts_own_words(build_info, home, elsewhere):
    """The compiled French catalog and Qt's French ship; the translators' sources do not."""
    resources = next(BUNDLE.rglob("resources/i18n")).parent
    assert (resources / "i18n" / "build" / "fr.mo").is_file()
    assert any(BUNDLE.rglob("translations/qtbase_fr.qm"))
    assert not any(BUNDLE.rglob("translations/qtbase_de.qm"))
    assert not any(resources.rglob("*.po")) and not any(resources.rglob("*.pot"))
    assert not any(BUNDLE.rglob("babel/__init__.py*")), "the translators' tool shipped"
    env = {**bare_env(home), "LANG": "fr_FR.UTF-8"}
    result = subprocess.run(
        [str(EXE), "--self-test"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert_clean(result)


def test_check_accepts_a_copy_of_the_sample(build_info, home, elsewhere, tmp_path):
    campaigns = tmp_path / "campaigns"
    campaigns.mkdir()
    copy = shutil.copy(SAMPLE, campaigns / "coast.saga")
    result = run([str(EXE), "--check", str(copy)], home, elsewhere)
    assert_clean(result)
    assert result.stdout.startswith("OK: The Shattered Coast"), result.stdout


def test_check_refuses_a_broken_file_without_a_traceback(build_info, home, elsewhere):
    broken = elsewhere / "broken.saga"
    broken.write_text(SAMPLE.read_text(encoding="utf-8")[:200], encoding="utf-8")
    result = run([str(EXE), "--check", str(broken)], home, elsewhere)
    assert_clean(result, code=1)
    assert result.stderr.startswith("BAD: broken.saga"), result.stderr


def test_version_comes_from_the_bundled_metadata(build_info, home, elsewhere):
    result = run([str(EXE), "--version"], home, elsewhere)
    assert_clean(result)
    assert result.stdout.strip() == f"Saga Desktop {version()}"
    internal = BUNDLE / "_internal"
    if sys.platform == "darwin" and not internal.is_dir():
        internal = BUNDLE
    metadata = internal / f"saga_desktop-{version()}.dist-info" / "METADATA"
    assert f"Version: {version()}" in metadata.read_text(encoding="utf-8")
    assert build_info["version"] == version()


def test_the_bundle_serves_and_announces_the_game_on_loopback(build_info, home, tmp_path):
    from zeroconf import IPVersion, Zeroconf

    copy = shutil.copy(SAMPLE, tmp_path / "coast.saga")
    env = {
        **bare_env(home),
        "SAGA_DESKTOP_LAN_INTERFACES": "127.0.0.1",
        # internet play on loopback, without a relay: nothing leaves this machine
        "SAGA_DESKTOP_RELAY": "off",
        "SAGA_DESKTOP_INTERNET_BIND": "127.0.0.1:0",
    }
    command = [str(EXE), "--serve", str(copy), "--port", "0"]
    proc = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(8)]
        # iroh's compiled library loads from the bundle: the game is on the internet too
        assert any(line.startswith("Internet link: saga://p2p/endpoint") for line in lines), lines
        announced = [
            line for line in lines if line.startswith("Announced on the local network as ")
        ]
        assert announced, lines
        name = announced[0].split('"')[1]
        listener = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
        try:
            info = listener.get_service_info(
                "_saga-desktop._tcp.local.", f"{name}._saga-desktop._tcp.local.", timeout=5000
            )
        finally:
            listener.close()
        assert info is not None and info.properties[b"name"] == b"The Shattered Coast"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 0 and "Traceback" not in out + err, out + err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    internal = BUNDLE / "_internal" if (BUNDLE / "_internal").is_dir() else BUNDLE
    assert (internal / "zeroconf" / "__init__.py").is_file()  # LGPL: replaceable as plain files


def test_sizes_are_within_budget(build_info, capsys):
    unpacked = sum(
        p.lstat().st_size for p in BUNDLE.rglob("*") if p.is_file() and not p.is_symlink()
    )
    archives = {name: size for name, size in dict(build_info["artifacts"]).items()}
    with capsys.disabled():
        print(
            f"\n  bundle: {unpacked / MB:.1f} MB unpacked "
            f"(limit {BUNDLE_LIMIT_MB} MB, goal {BUNDLE_GOAL_MB} MB)"
        )
        for name, size in archives.items():
            print(f"  {name}: {size / MB:.1f} MB")
    if LINUX:
        assert unpacked <= BUNDLE_LIMIT_MB * MB
        tarballs = [size for name, size in archives.items() if name.endswith(".tar.gz")]
        assert tarballs, "no .tar.gz was built"
        with capsys.disabled():
            print(f"  tar.gz limit {ARCHIVE_LIMIT_MB} MB")
        assert max(tarballs) <= ARCHIVE_LIMIT_MB * MB


def test_bundle_starts_about_as_fast_as_the_source(build_info, home, elsewhere, capsys):
    commands = {
        "bundle": [str(EXE), "--self-test"],
        "source": [sys.executable, "-m", "saga_desktop", "--self-test"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for repeat in range(REPEATS + 1):  # the first round warms the disk cache and is not counted
        for name, command in commands.items():
            started = time.perf_counter()
            result = run(command, home, elsewhere)
            elapsed = time.perf_counter() - started
            assert_clean(result)
            if repeat:
                times[name].append(elapsed)
    bundle, source = (statistics.median(times[name]) for name in commands)
    ratio = bundle / source
    with capsys.disabled():
        print(
            f"\n  start-up (--self-test, median of {REPEATS} alternating runs):"
            f" bundle {bundle:.2f} s, source {source:.2f} s,"
            f" ratio {ratio:.2f}x (limit {START_RATIO_LIMIT}x)"
        )
    if LINUX:
        assert ratio <= START_RATIO_LIMIT


@pytest.mark.skipif(not LINUX, reason="only the Linux bundle trims ICU's data")
def test_trimmed_icu_answers_like_the_full_one(build_info):
    trimmed = next((BUNDLE / "_internal").rglob("libicudata.so.*"))
    probe = [sys.executable, str(Path(__file__).with_name("icu_probe.py"))]
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    full = subprocess.run(probe, env=env, capture_output=True, text=True, check=True)
    env["LD_PRELOAD"] = str(trimmed)
    cut = subprocess.run(probe, env=env, capture_output=True, text=True, check=True)
    assert json.loads(full.stdout)["upper/tr_TR"].startswith("İSTANBUL")
    assert cut.stdout == full.stdout
    assert cut.stderr == full.stderr


@pytest.mark.skipif(not LINUX, reason="the tar.gz and install.sh are for Linux")
def test_tarball_installs_and_uninstalls_for_the_user(build_info, tmp_path, home):
    archive = next(DIST / name for name in build_info["artifacts"] if name.endswith(".tar.gz"))
    with tarfile.open(archive) as tar:
        tar.extractall(tmp_path / "unpacked", filter="tar")
    (top,) = (tmp_path / "unpacked").iterdir()
    icons = top / "share" / "icons" / "hicolor"
    for size in (16, 22, 24, 32, 48, 64, 128, 256, 512):
        assert (icons / f"{size}x{size}" / "apps" / "saga-desktop.png").is_file()
    assert (icons / "scalable" / "apps" / "saga-desktop.svg").is_file()

    shell = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    data_dir = home / ".local" / "share" / "saga-desktop"  # the app's own data: must survive
    data_dir.mkdir(parents=True)
    (data_dir / "keep.txt").write_text("a player's backup")
    subprocess.run(["sh", str(top / "install.sh")], env=shell, check=True, capture_output=True)

    program = home / ".local" / "opt" / "saga-desktop" / "saga-desktop"
    launcher = home / ".local" / "bin" / "saga-desktop"
    desktop = home / ".local" / "share" / "applications" / "saga-desktop.desktop"
    assert launcher.is_symlink() and launcher.resolve() == program.resolve()
    assert f'Exec="{program}" %f' in desktop.read_text()
    assert (home / ".local/share/mime/packages/saga-desktop.xml").is_file()
    assert (home / ".local/share/icons/hicolor/48x48/apps/saga-desktop.png").is_file()
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(desktop)], check=True)
    if shutil.which("update-mime-database"):
        globs = (home / ".local/share/mime/globs2").read_text()
        assert "application/x-saga-campaign:*.saga" in globs

    copy = shutil.copy(SAMPLE, tmp_path / "coast.saga")
    assert_clean(run([str(launcher), "--check", str(copy)], home, tmp_path))

    subprocess.run(
        ["sh", str(program.parent / "uninstall.sh")], env=shell, check=True, capture_output=True
    )
    assert not program.parent.exists()
    assert not launcher.exists() and not launcher.is_symlink()
    assert not desktop.exists()
    assert (data_dir / "keep.txt").read_text() == "a player's backup"
