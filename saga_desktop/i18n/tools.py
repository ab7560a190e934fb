"""``saga-desktop-i18n``: the translators' and the build's command.

- ``extract``: find every string the code passes to ``tr``/``trn``/``trc``/``trcn``/``tr_noop``,
  write ``resources/i18n/templates/<part>.pot``, and bring every language's ``<part>.po`` up to
  date (new entries empty, entries the code no longer has removed, translations kept).
- ``new CODE``: start a language (``de``, ``pt_BR``…) from the templates.
- ``build``: compile each language into ``resources/i18n/build/<code>.mo``.
- ``check``: what CI runs: the templates match the code (no string missing, none unused), no
  ``tr(f"…")``, placeholders agree between English and translation, and the shipped languages
  have no unfinished entry. Prints the figures.

A part is the package a file sits in, up to three levels under ``saga_desktop`` (``ui.map``,
``ui.songs.play``, ``app``): one ``.po`` per part, so people working on different parts of the
code (or translating them) do not meet in one file.
"""

from __future__ import annotations

import argparse
import ast
import datetime as dt
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from saga_desktop.i18n.catalogs import built_catalog, catalog_dir, languages
from saga_desktop.i18n.compiling import (
    compile_language,
    finished,
    ids,
    placeholders,
    read_catalog,
    strings,
)

KEYWORDS = {
    "tr": None,
    "trn": (1, 2),
    "trc": ((1, "c"), 2),
    "trcn": ((1, "c"), 2, 3),
    "tr_noop": None,
    "words": None,
    "words_n": (1, 2),
    "words_c": ((1, "c"), 2),
}
"""The translation calls (``saga_desktop.i18n``) and where their English words are."""

SHIPPED = ("fr",)
"""Languages the app ships complete: ``check`` refuses an unfinished entry in these."""

PROJECT = "Saga Desktop"
STAMP = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
"""Templates carry a fixed date, so extracting twice changes nothing."""

HEADER = """\
# Saga Desktop, the words of the part {part} of the code, in {code}.
# Made by `saga-desktop-i18n extract`; translate the msgstr lines (Qt Linguist, Poedit or any
# .po editor), then `saga-desktop-i18n build`. The games' terms are chosen once, in the
# glossary: resources/i18n/glossary/. Names a player typed are never in a catalog.
#"""

PLURALS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "pt": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
}
"""The plural rules translators' tools expect (gettext's), where Babel's CLDR rule differs."""

Key = tuple[str | tuple[str, ...], str | None]


def package_root() -> Path:
    """The ``saga_desktop`` package folder."""
    return Path(__file__).resolve().parent.parent


def part_of(filename: str) -> str:
    """``ui/songs/play/x.py`` → ``ui.songs.play``; ``ui/help.py`` → ``ui``; ``app.py`` → ``app``."""
    pieces = Path(filename).with_suffix("").parts
    folders = pieces[:-1][:3]
    return ".".join(folders) if folders else pieces[-1]


def extract(root: Path) -> dict[str, Catalog]:
    """Every part's template, from the code under ``root``."""
    parts: dict[str, Catalog] = {}
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        part = part_of(filename)
        catalog = parts.get(part)
        if catalog is None:
            catalog = parts[part] = Catalog(
                project=PROJECT, domain=part, creation_date=STAMP, revision_date=STAMP
            )
        location = (f"saga_desktop/{Path(filename).as_posix()}", lineno)
        catalog.add(message, locations=[location], auto_comments=comments, context=context)
    return parts


def _key(message_id: str | tuple[str, ...] | list[str], context: str | None) -> Key:
    return (tuple(message_id) if isinstance(message_id, (list, tuple)) else message_id, context)


def keys(catalog: Catalog) -> set[Key]:
    """The entries of a catalog (header left out)."""
    return {_key(m.id, m.context) for m in catalog if m.id}


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(path.suffix + ".part")
    with temporary.open("wb") as handle:
        write_po(handle, catalog, width=100, include_lineno=False, sort_by_file=True)
    temporary.replace(path)


def cmd_extract(resources: Path) -> int:
    """Write the templates and bring every language's files up to date."""
    folder = catalog_dir(resources)
    templates = extract(package_root())
    template_dir = folder / "templates"
    for stale in template_dir.glob("*.pot") if template_dir.is_dir() else []:
        if stale.stem not in templates:
            stale.unlink()
    for part, template in sorted(templates.items()):
        _write(template_dir / f"{part}.pot", template)
    for code in languages(resources):
        if code == "en":
            continue
        for stale in (folder / code).glob("*.po"):
            if stale.stem not in templates:
                stale.unlink()
        for part, template in sorted(templates.items()):
            _update(folder / code / f"{part}.po", template, code)
    print(f"{sum(len(keys(t)) for t in templates.values())} strings in {len(templates)} parts.")
    return 0


def _update(path: Path, template: Catalog, code: str) -> None:
    if path.is_file():
        catalog = read_catalog(path)
    else:
        catalog = Catalog(
            locale=code,
            project=PROJECT,
            domain=path.stem,
            header_comment=HEADER.format(part=path.stem, code=code),
            language_team=code,
        )
        rule = PLURALS.get(code.split("_")[0])
        if rule is not None:
            catalog.mime_headers = [("Plural-Forms", rule)]
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()  # what the code no longer says is gone, not kept in a corner
    _write(path, catalog)


def cmd_new(resources: Path, code: str) -> int:
    """Start the files of a new language from the templates."""
    if not code.replace("_", "").isalpha() or len(code) > 6:
        print(f"{code!r} is not a language code (like de, es or pt_BR).", file=sys.stderr)
        return 2
    for template in sorted((catalog_dir(resources) / "templates").glob("*.pot")):
        _update(catalog_dir(resources) / code / f"{template.stem}.po", read_catalog(template), code)
    print(f"Started {code}: translate resources/i18n/{code}/*.po, then build.")
    return 0


def cmd_build(resources: Path) -> int:
    """Compile every language."""
    for code in languages(resources):
        if code == "en" or not any((catalog_dir(resources) / code).glob("*.po")):
            continue
        data = compile_language(resources, code)
        target = built_catalog(resources, code)
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_suffix(".mo.part")
        temporary.write_bytes(data)
        temporary.replace(target)
        print(f"{code}: {target.relative_to(resources)} ({len(data):,} bytes)")
    return 0


def formatted_calls(root: Path) -> list[str]:
    """``tr(f"…")`` and ``tr("…".format(…))``: words a catalog can never hold."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in KEYWORDS
            ):
                continue
            for arg in node.args:
                built = isinstance(arg, ast.JoinedStr) or (
                    isinstance(arg, ast.Call)
                    and isinstance(arg.func, ast.Attribute)
                    and arg.func.attr == "format"
                )
                if built:
                    where = path.relative_to(root.parent).as_posix()
                    found.append(f"{where}:{node.lineno}: {node.func.id}() of a built string")
    return found


def cmd_check(resources: Path) -> int:
    """What CI runs; prints what is wrong, then the figures."""
    problems = formatted_calls(package_root())
    folder = catalog_dir(resources)
    templates = extract(package_root())
    for part, template in sorted(templates.items()):
        path = folder / "templates" / f"{part}.pot"
        kept = keys(read_catalog(path)) if path.is_file() else set()
        for missing in sorted(keys(template) - kept, key=str):
            problems.append(f"templates/{part}.pot lacks {missing[0]!r}: run extract")
        for unused in sorted(kept - keys(template), key=str):
            problems.append(f"templates/{part}.pot has {unused[0]!r}, no longer in the code")
    for stale in sorted((folder / "templates").glob("*.pot")):
        if stale.stem not in templates:
            problems.append(f"templates/{stale.name}: no code has these words any more")
    total = sum(len(keys(t)) for t in templates.values())
    print(f"{total} strings in the catalog ({len(templates)} parts).")
    for code in languages(resources):
        if code == "en":
            continue
        done, problems_here = _check_language(folder, code, templates)
        problems += problems_here if code in SHIPPED else []
        share = f"{100 * done / total:.1f}%" if total else "100%"
        print(f"{code}: {done} of {total} translated ({share}).")
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


def _check_language(
    folder: Path, code: str, templates: dict[str, Catalog]
) -> tuple[int, list[str]]:
    done, problems = 0, []
    first: dict[tuple[object, str], tuple[str, object]] = {}  # one .mo holds every part
    for part, template in sorted(templates.items()):
        path = folder / code / f"{part}.po"
        if not path.is_file():
            problems.append(f"{code}/{part}.po is missing: run extract")
            continue
        catalog = read_catalog(path)
        if keys(catalog) != keys(template):
            problems.append(f"{code}/{part}.po does not match its template: run extract")
        for message in catalog:
            if not message.id:
                continue
            if not finished(message):
                problems.append(f"{code}/{part}.po: unfinished: {ids(message)[0]!r}")
                continue
            done += 1
            said = tuple(strings(message))
            key = (message.context, ids(message)[0])
            other = first.setdefault(key, (part, said))
            if other[1] != said:
                problems.append(
                    f"{code}/{part}.po: {key[1]!r} is worded unlike in {other[0]}.po"
                    " (one catalog holds both: give one a context, or word them alike)"
                )
            english = set().union(*(placeholders(i) for i in ids(message)))
            for text in strings(message):
                if placeholders(text) - english:
                    problems.append(
                        f"{code}/{part}.po: {text!r} has a placeholder the English lacks"
                    )
    return done, problems


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="saga-desktop-i18n", description="Extract, start, build and check translations."
    )
    parser.add_argument("command", choices=("extract", "new", "build", "check"))
    parser.add_argument("code", nargs="?", help="with new: the language code (de, pt_BR…)")
    args = parser.parse_args(argv)
    from saga_desktop.resources import resources_dir

    resources = resources_dir()
    try:
        if args.command == "extract":
            return cmd_extract(resources)
        if args.command == "new":
            if not args.code:
                parser.error("new needs a language code, like de or pt_BR")
            return cmd_new(resources, args.code)
        if args.command == "build":
            return cmd_build(resources)
        return cmd_check(resources)
    except (OSError, ValueError) as exc:
        print(f"saga-desktop-i18n {args.command}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
