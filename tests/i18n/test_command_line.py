"""The command line speaks the computer's language; the words scripts read stay fixed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from saga_desktop.command_line import language, wanted
from saga_desktop.resources import resource


def test_the_language_comes_from_the_environment_in_gettexts_order() -> None:
    assert wanted({"LANGUAGE": "fr_CA:en", "LANG": "de_DE.UTF-8"}) == ["fr_CA", "en"]
    assert wanted({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}) == ["en"]
    assert wanted({"LANG": "fr_FR.UTF-8@euro"}) == ["fr_FR"]
    assert wanted({}) == []
    assert language({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert language({"SAGA_DESKTOP_LANGUAGE": "en", "LANG": "fr_FR.UTF-8"}) == "en"
    assert language({"LANG": "xx_YY.UTF-8"}) == "en"  # no catalog: English
    assert language({}) == "en"


def run(*args: str, lang: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG=lang, SAGA_DESKTOP_LANGUAGE="", SAGA_DESKTOP_RELAY="off")
    command = [sys.executable, "-m", "saga_desktop", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


@pytest.fixture
def sample() -> Path:
    return resource("sample", "the-shattered-coast.saga")


def test_a_french_computer_gets_french_help_checks_and_errors(sample: Path) -> None:
    helped = run("--help", lang="fr_FR.UTF-8")
    assert helped.returncode == 0
    assert helped.stdout.startswith("utilisation\u00a0: saga-desktop")
    assert "vérifier un fichier de campagne sans ouvrir de fenêtre" in helped.stdout
    assert "show this help" not in helped.stdout and "version number" not in helped.stdout

    checked = run("--check", str(sample), lang="fr_FR.UTF-8")
    assert checked.returncode == 0
    assert checked.stdout.startswith("OK: The Shattered Coast (songs-and-sagas, ")  # scripts' word
    assert " régions, " in checked.stdout and checked.stdout.rstrip().endswith("personnages)")

    wrong = run("--bogus", lang="fr_FR.UTF-8")
    assert wrong.returncode == 2
    assert "erreur\u00a0: arguments non reconnus\u00a0: --bogus" in wrong.stderr


def test_an_english_computer_gets_english(sample: Path) -> None:
    checked = run("--check", str(sample), lang="C.UTF-8")
    assert checked.stdout.startswith("OK: The Shattered Coast (songs-and-sagas, ")
    assert " regions, " in checked.stdout
    assert run("--help", lang="en_GB.UTF-8").stdout.startswith("usage: saga-desktop")
