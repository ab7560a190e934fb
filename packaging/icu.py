"""Shrink ICU's data library to the parts Qt reads (Linux: the PySide6 wheels carry all 32 MB).

Qt Core is the only library in the bundle that calls ICU (``nm -D --undefined-only`` on the Qt
libraries lists ``u_strToUpper/Lower``, ``ucol_*``, ``ucnv_*`` and ``ucal_*`` only): case mapping,
collation (QCollator), text codecs (QStringConverter) and time-zone names (QTimeZone). ICU reads
its data from one package linked into ``libicudata.so.NN`` as the symbol ``icudtNN_dat``; this
module copies that package without the item trees none of those functions open (break iteration,
units, currencies, language and region names, transliteration, spelled-out numbers, string
preparation), and links a new ``libicudata.so.NN`` from it with binutils (``as`` and ``ld``, the
same package the build already needs for ``strip``).

tests/packaging/test_bundle.py runs Qt's ICU-backed functions against the full and the trimmed
library and requires the same answers.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

import elf

DROPPED_TREES = ("brkitr", "curr", "lang", "rbnf", "region", "translit", "unit")
"""Item folders of the ICU package that Qt never opens (see the module docstring)."""
DROPPED_SUFFIXES = (".spp", ".cfu")
"""Top-level items Qt never opens: StringPrep profiles (IDNA) and the spoof checker's data."""

_ALIGN = 16


class IcuTrimError(Exception):
    """The library is not what this module expects; the build keeps the original."""


def read_package(library: Path) -> tuple[str, bytes]:
    """The exported data symbol's name and the ICU data package it holds."""
    data = library.read_bytes()
    try:
        table = elf.sections(data)
    except elf.ElfError as exc:
        raise IcuTrimError(str(exc)) from exc
    for kind, _addr, offset, size, link in table:
        if kind != elf.SHT_DYNSYM:
            continue
        strtab = table[link][2]
        for entry in range(offset, offset + size, 24):
            name_at, _info, _other, shndx, value, sym_size = struct.unpack_from(
                "<IBBHQQ", data, entry
            )
            name = elf.c_string(data, strtab + name_at)
            if re.fullmatch(r"icudt\d+_dat", name) and sym_size:
                _k, sec_addr, sec_offset, _s, _l = table[shndx]
                start = value - sec_addr + sec_offset
                return name, data[start : start + sym_size]
    raise IcuTrimError(f"{library.name} exports no icudtNN_dat symbol")


def _items(package: bytes) -> tuple[bytes, list[tuple[str, bytes]]]:
    """The package header and its (name, data) items in table order."""
    (header_size,) = struct.unpack_from("<H", package, 0)
    if package[2:4] != b"\xda\x27" or package[12:16] != b"CmnD":
        raise IcuTrimError("not an ICU common data package")
    (count,) = struct.unpack_from("<I", package, header_size)
    entries = [struct.unpack_from("<II", package, header_size + 4 + 8 * i) for i in range(count)]
    starts = [*sorted(data for _, data in entries), len(package) - header_size]
    ends = {start: starts[i + 1] for i, start in enumerate(starts[:-1])}
    items = []
    for name_at, data_at in entries:
        name_start = header_size + name_at
        name = package[name_start : package.index(b"\0", name_start)].decode("ascii")
        items.append((name, package[header_size + data_at : header_size + ends[data_at]]))
    return package[:header_size], items


def _wanted(name: str) -> bool:
    parts = name.split("/")  # "icudt73l/coll/de.res", "icudt73l/cnvalias.icu"
    if len(parts) > 2 and parts[1] in DROPPED_TREES:
        return False
    return not name.endswith(DROPPED_SUFFIXES)


def trim_package(package: bytes) -> tuple[bytes, int]:
    """A package without the dropped items, and how many items were dropped."""
    header, items = _items(package)
    kept = [(name, data) for name, data in items if _wanted(name)]
    names = b"".join(name.encode("ascii") + b"\0" for name, _ in kept)
    table_size = 4 + 8 * len(kept)

    def pad(size: int) -> int:
        return -size % _ALIGN

    first = table_size + len(names)
    first += pad(len(header) + first)
    table, blobs, name_at, data_at = [struct.pack("<I", len(kept))], [], table_size, first
    for name, data in kept:
        table.append(struct.pack("<II", name_at, data_at))
        name_at += len(name) + 1
        blobs.append(data + b"\0" * pad(len(data)))
        data_at += len(data) + pad(len(data))
    body = b"".join(table) + names
    body += b"\0" * pad(len(header) + len(body))
    return header + body + b"".join(blobs), len(items) - len(kept)


def link_library(symbol: str, package: bytes, soname: str, target: Path) -> None:
    """Write a shared library exporting ``symbol`` = ``package``, the way ICU's own is built."""
    for tool in ("as", "ld"):
        if shutil.which(tool) is None:
            raise IcuTrimError(f"binutils' {tool} is not installed")
    with tempfile.TemporaryDirectory(prefix="icu-") as tmp:
        work = Path(tmp)
        (work / "data.bin").write_bytes(package)
        (work / "data.s").write_text(
            "\t.section .rodata\n"
            f"\t.globl {symbol}\n"
            f"\t.type {symbol}, STT_OBJECT\n"
            f"\t.balign {_ALIGN}\n"
            f"{symbol}:\n"
            '\t.incbin "data.bin"\n'
            f"\t.size {symbol}, . - {symbol}\n"
            '\t.section .note.GNU-stack,"",%progbits\n'
        )
        subprocess.run(["as", "-o", "data.o", "data.s"], cwd=work, check=True)
        subprocess.run(
            ["ld", "-shared", "-soname", soname, "-z", "noexecstack", "-o", str(target), "data.o"],
            cwd=work,
            check=True,
        )


def trim_library(library: Path, out_dir: Path) -> tuple[Path, int]:
    """A trimmed copy of ``library`` in out_dir; returns it and the number of items dropped."""
    symbol, package = read_package(library)
    trimmed, dropped = trim_package(package)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / library.name
    link_library(symbol, trimmed, library.name, target)
    if read_package(target) != (symbol, trimmed):
        raise IcuTrimError("the relinked library does not hold the trimmed package")
    return target, dropped
