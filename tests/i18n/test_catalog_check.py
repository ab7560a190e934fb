"""The extraction is checked: the catalogs match the code, French is finished, no built words."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from babel.messages.pofile import write_po

from saga_desktop.i18n import tools
from saga_desktop.i18n.compiling import read_catalog
from saga_desktop.resources import resources_dir


def test_check_refuses_two_parts_wording_the_same_english_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One compiled catalog holds every part: "Discard" cannot be a pile and a verb."""
    for part in ("cardtable", "dialogs"):
        package = tmp_path / "saga_desktop" / "ui" / part
        package.mkdir(parents=True)
        (package / "w.py").write_text('from saga_desktop.i18n import tr\ntr("Discard")\n', "utf-8")
    monkeypatch.setattr(tools, "package_root", lambda: tmp_path / "saga_desktop")
    resources = tmp_path / "resources"
    tools.cmd_extract(resources)
    tools.cmd_new(resources, "fr")
    for part, french in (("ui.cardtable", "Défausse"), ("ui.dialogs", "Abandonner")):
        po = resources / "i18n" / "fr" / f"{part}.po"
        catalog = read_catalog(po)
        message = catalog.get("Discard")
        assert message is not None
        message.string = french
        with po.open("wb") as handle:
            write_po(handle, catalog)
    capsys.readouterr()
    assert tools.cmd_check(resources) == 1
    assert "'Discard' is worded unlike in ui.cardtable.po" in capsys.readouterr().err


def test_the_shipped_catalogs_match_the_code_and_french_is_finished(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = tools.cmd_check(resources_dir())
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "fr:" in out and "(100.0%)" in out


def test_check_finds_a_missing_an_unused_and_an_unfinished_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    package = tmp_path / "saga_desktop" / "ui"
    package.mkdir(parents=True)
    (package / "words.py").write_text(
        textwrap.dedent(
            """
            from saga_desktop.i18n import tr, trn
            tr("Kept")
            tr("New words")
            trn("{n} card", "{n} cards", 2)
            tr(f"Built {tr}")
            """
        ),
        "utf-8",
    )
    monkeypatch.setattr(tools, "package_root", lambda: tmp_path / "saga_desktop")
    resources = tmp_path / "resources"
    assert tools.cmd_extract(resources) == 0
    template = resources / "i18n" / "templates" / "ui.pot"
    assert "New words" in template.read_text("utf-8")
    assert tools.cmd_new(resources, "fr") == 0
    capsys.readouterr()
    assert tools.cmd_check(resources) == 1  # French unfinished, and a built string
    err = capsys.readouterr().err
    assert "fr/ui.po: unfinished: 'Kept'" in err
    assert "words.py:6: tr() of a built string" in err
    # the code changes: one string gone, one new, and the templates were not extracted again
    (package / "words.py").write_text('from saga_desktop.i18n import tr\ntr("Other")\n', "utf-8")
    assert tools.cmd_check(resources) == 1
    err = capsys.readouterr().err
    assert "templates/ui.pot lacks 'Other': run extract" in err
    assert "templates/ui.pot has 'Kept', no longer in the code" in err


def test_check_refuses_a_translation_with_a_placeholder_the_english_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    package = tmp_path / "saga_desktop" / "ui"
    package.mkdir(parents=True)
    (package / "w.py").write_text(
        'from saga_desktop.i18n import tr\ntr("Port {port}", port=1)\n', "utf-8"
    )
    monkeypatch.setattr(tools, "package_root", lambda: tmp_path / "saga_desktop")
    resources = tmp_path / "resources"
    tools.cmd_extract(resources)
    tools.cmd_new(resources, "fr")
    po = resources / "i18n" / "fr" / "ui.po"
    catalog = read_catalog(po)
    message = catalog.get("Port {port}")
    assert message is not None
    message.string = "Port {porte}"
    with po.open("wb") as handle:
        write_po(handle, catalog)
    capsys.readouterr()
    assert tools.cmd_check(resources) == 1
    assert "has a placeholder the English lacks" in capsys.readouterr().err


def test_no_words_are_translated_while_the_code_is_imported() -> None:
    """tr() runs when words are shown, never at import: so a language can change in one process.

    Every module of the app is imported with a catalog that records each lookup.
    """
    script = textwrap.dedent(
        """
        import gettext, importlib, pkgutil, sys
        import saga_desktop
        from saga_desktop import i18n

        looked_up = []

        class Recording(gettext.NullTranslations):
            def gettext(self, message):
                looked_up.append(message)
                return message

            def ngettext(self, singular, plural, n):
                looked_up.append(singular)
                return singular

            def pgettext(self, context, message):
                looked_up.append(message)
                return message

            def npgettext(self, context, singular, plural, n):
                looked_up.append(singular)
                return singular

        i18n.use(Recording(), "xx")
        for info in pkgutil.walk_packages(saga_desktop.__path__, "saga_desktop."):
            if info.name.endswith("__main__") or ".i18n.tools" in info.name:
                continue
            before = len(looked_up)
            importlib.import_module(info.name)
            if len(looked_up) > before:
                print(info.name, looked_up[before:][:3])
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == "", "tr() called at import time in:\n" + done.stdout
