"""Just enough of the ELF format (64-bit little-endian: Linux x86-64 and arm64) for the build."""

from __future__ import annotations

import struct
from pathlib import Path

SHT_DYNAMIC = 6
SHT_DYNSYM = 11
DT_NEEDED = 1


class ElfError(ValueError):
    """Not a file this module can read."""


def sections(elf: bytes) -> list[tuple[int, int, int, int, int]]:
    """(type, address, offset, size, link) of each section."""
    if elf[:4] != b"\x7fELF" or elf[4] != 2 or elf[5] != 1:
        raise ElfError("not a 64-bit little-endian ELF file")
    (shoff,) = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", elf, 0x3A)
    out = []
    for index in range(shnum):
        base = shoff + index * shentsize
        (kind,) = struct.unpack_from("<I", elf, base + 4)
        addr, offset, size = struct.unpack_from("<QQQ", elf, base + 16)
        (link,) = struct.unpack_from("<I", elf, base + 40)
        out.append((kind, addr, offset, size, link))
    return out


def c_string(elf: bytes, at: int) -> str:
    """The NUL-terminated string at an offset."""
    return elf[at : elf.index(b"\0", at)].decode()


def needed(path: Path) -> set[str]:
    """The libraries a binary names as its own dependencies (DT_NEEDED; ldd lists all levels)."""
    elf = path.read_bytes()
    table = sections(elf)
    out: set[str] = set()
    for kind, _addr, offset, size, link in table:
        if kind != SHT_DYNAMIC:
            continue
        strtab = table[link][2]
        for entry in range(offset, offset + size, 16):
            tag, value = struct.unpack_from("<qQ", elf, entry)
            if tag == DT_NEEDED:
                out.add(c_string(elf, strtab + value))
    return out
