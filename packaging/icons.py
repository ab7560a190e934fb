"""Render the one app icon SVG into the PNG, ICO and ICNS files the installers need.

Qt does the drawing (QSvgRenderer onto a QImage); the ICO and ICNS containers are written here,
both as plain PNG-in-a-box formats (Windows Vista and later, macOS 10.7 and later read them).

Run as a script: ``python packaging/icons.py SVG OUT_DIR`` (build.py does that in a child process,
so the build itself never creates a QGuiApplication).
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
"""The fixed-size PNGs installed into the freedesktop hicolor theme (plus the scalable SVG)."""

ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 256)
"""The sizes Windows asks for in lists, the taskbar, Explorer and the installer."""

ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
    ("ic10", 1024),  # 512 @2x
    ("ic11", 32),  # 16 @2x
    ("ic12", 64),  # 32 @2x
    ("ic13", 256),  # 128 @2x
    ("ic14", 512),  # 256 @2x
)
"""The ICNS element types (each holds a PNG) and their pixel sizes."""


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG per size (sizes up to 256)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + entries + images


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding the PNG elements of ``ICNS_TYPES``."""
    body = b"".join(
        kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
        for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def render_pngs(svg: Path, sizes: set[int]) -> dict[int, bytes]:
    """PNG bytes of the SVG drawn at each size (square, transparent, antialiased)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"icons: {svg.name} is not a valid SVG")
    out: dict[int, bytes] = {}
    for size in sorted(sizes):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):
            raise SystemExit(f"icons: could not encode the {size} px PNG")
        buffer.close()
        out[size] = bytes(data.data())
    del app
    return out


def write_icons(svg: Path, out_dir: Path, name: str = "saga-desktop") -> list[Path]:
    """Write the hicolor PNGs and SVG, and NAME.png/.ico/.icns, into OUT_DIR."""
    sizes = set(HICOLOR_SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_TYPES}
    pngs = render_pngs(svg, sizes)
    written: list[Path] = []

    def put(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)

    for size in HICOLOR_SIZES:
        put(out_dir / "hicolor" / f"{size}x{size}" / "apps" / f"{name}.png", pngs[size])
    put(out_dir / "hicolor" / "scalable" / "apps" / f"{name}.svg", svg.read_bytes())
    put(out_dir / f"{name}.png", pngs[256])
    put(out_dir / f"{name}.ico", ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    put(out_dir / f"{name}.icns", icns_bytes(pngs))
    return written


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: python packaging/icons.py SVG OUT_DIR")
    files = write_icons(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"icons: wrote {len(files)} files into {sys.argv[2]}")
