"""Exporting the map: PNG at a chosen size, SVG, and a printable PDF or printed map sheet.

The PDF and the printout are a map sheet like the paper one: the map on the first page (always in
the paper theme), then the numbered region boxes with their public notes. GM-only notes are never
printed; hidden regions are left out unless asked for.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QByteArray, QMarginsF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QImageWriter,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
)
from PySide6.QtSvg import QSvgGenerator

from saga_desktop.i18n import tr, trn
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import visible_region
from saga_desktop.ui.map.geometry import HEX_SIZE, regions_rect
from saga_desktop.ui.map.scene import MapScene
from saga_desktop.ui.map.sheet import paint_region_boxes
from saga_desktop.ui.map.theme import PAPER
from saga_desktop.ui.map.tokens import TokenItem

RENDER_HINTS = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing


def map_rect(scene: MapScene, campaign: Campaign, *, include_hidden: bool = True) -> QRectF:
    """The part of the map worth exporting: every charted region and the party, with a margin."""
    m = campaign.map
    coords = [(r.q, r.r) for r in m.regions if include_hidden or not r.hidden]
    if m.party is not None:
        coords.append((m.party.q, m.party.r))
    if not coords:
        coords = [(0, 0)]
    rect = regions_rect(scene.layout, coords, margin=1.0)
    min_side = HEX_SIZE * 8
    if rect.width() < min_side or rect.height() < min_side:
        c = rect.center()
        w, h = max(rect.width(), min_side), max(rect.height(), min_side)
        rect = QRectF(c.x() - w / 2, c.y() - h / 2, w, h)
    return rect


@contextmanager
def clean_scene(
    scene: MapScene,
    *,
    paper: bool = False,
    include_hidden: bool = True,
    campaign: Campaign | None = None,
) -> Iterator[None]:
    """Hide the cursor, highlight, planned path and die (and hidden regions and tokens if asked).

    Leaving hidden regions out needs the ``campaign`` (the export paints from its own index).
    """
    transient = [
        scene.cursor,
        scene.highlight,
        scene.path_item,
        *[i for i in scene.items() if i.zValue() >= 20],
    ]
    if not include_hidden:  # a sheet for the players: no hidden token either
        transient += [i for i in scene.items() if isinstance(i, TokenItem) and i.token.hidden]
    was_visible = [(i, i.isVisible()) for i in transient]
    for item, _ in was_visible:
        item.setVisible(False)
    theme = scene.map_style.theme
    if paper:
        scene.set_theme(PAPER)
    try:
        if include_hidden or campaign is None:
            yield
        else:
            with scene.without_hidden(campaign.map.regions):
                yield
    finally:
        if paper:
            scene.set_theme(theme)
        for item, visible in was_visible:
            item.setVisible(visible)


def render_map(painter: QPainter, scene: MapScene, target: QRectF, source: QRectF) -> None:
    """Draw ``source`` (scene units) into ``target``, keeping the map's proportions.

    The still map is painted directly (vectors), its marks shown or left out by the export's own
    scale, not the view's zoom.
    """
    painter.setRenderHints(RENDER_HINTS)
    painter.fillRect(target, scene.map_style.paper_brush)
    scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)


def write_atomically(path: Path, write: Callable[[Path], bool]) -> None:
    """Let ``write`` fill a temporary file beside ``path``, then put it in place.

    Raises OSError with a readable message when the folder cannot be written or the writer
    fails; an existing file at ``path`` is then left as it was, and no half-written file stays.
    """
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=path.suffix, dir=path.parent)
    except OSError as exc:
        raise OSError(
            tr(
                "{file} cannot be written there ({problem})",
                file=path.name,
                problem=exc.strerror or exc,
            )
        ) from None
    os.close(fd)
    temp = Path(name)
    try:
        if not write(temp) or temp.stat().st_size == 0:
            raise OSError(tr("{file} could not be written", file=path.name))
        temp.replace(path)
    finally:
        temp.unlink(missing_ok=True)


def export_png(scene: MapScene, campaign: Campaign, path: Path, size: QSize) -> bool:
    """Save the charted map as a PNG image of exactly ``size`` pixels (OSError if it fails)."""
    if size.width() < 16 or size.height() < 16 or size.width() * size.height() > 200_000_000:
        raise ValueError(tr("The image must be at least 16 pixels and at most 200 megapixels"))
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(scene.map_style.theme.paper)
    with clean_scene(scene):
        painter = QPainter(image)
        render_map(
            painter, scene, QRectF(0, 0, size.width(), size.height()), map_rect(scene, campaign)
        )
        painter.end()
    write_atomically(path, lambda temp: QImageWriter(str(temp), QByteArray(b"png")).write(image))
    return True


def export_svg(scene: MapScene, campaign: Campaign, path: Path) -> None:
    """Save the charted map as a scalable SVG drawing (OSError if it fails)."""
    write_atomically(path, lambda temp: _write_svg(scene, campaign, temp))


def _write_svg(scene: MapScene, campaign: Campaign, path: Path) -> bool:
    source = map_rect(scene, campaign)
    w, h = round(source.width()), round(source.height())  # one SVG unit per scene unit
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(w, h))
    generator.setViewBox(QRectF(0, 0, w, h))
    generator.setTitle(campaign.name)
    generator.setDescription(tr("A hex map charted with Saga Desktop"))
    with clean_scene(scene):
        painter = QPainter(generator)
        if not painter.isActive():
            return False
        render_map(painter, scene, QRectF(0, 0, w, h), source)
        return painter.end()


def paint_sheet(
    device: QPagedPaintDevice, scene: MapScene, campaign: Campaign, *, include_hidden: bool = False
) -> None:
    """The printable map sheet: the map on page one, then the numbered region boxes."""
    painter = QPainter(device)
    painter.setRenderHints(RENDER_HINTS)
    page = QRectF(painter.viewport())
    with clean_scene(scene, paper=True, include_hidden=include_hidden, campaign=campaign):
        heading = QFont()
        heading.setPixelSize(max(12, round(page.height() * 0.03)))
        heading.setBold(True)
        painter.setFont(heading)
        painter.setPen(QColor(PAPER.ink))
        head_h = painter.fontMetrics().height() * 1.6
        m = campaign.map
        viewer = Viewer.GM if include_hidden else Viewer.TABLE  # a sheet for the players: theirs
        shown = [v for v in (visible_region(r, viewer) for r in m.regions) if v is not None]
        title = trn(
            "{campaign} — day {day}, {n} region",
            "{campaign} — day {day}, {n} regions",
            len(shown),
            campaign=campaign.name,
            day=m.days,
        )
        painter.drawText(
            QRectF(page.left(), page.top(), page.width(), head_h),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            title,
        )
        area = QRectF(page.left(), page.top() + head_h, page.width(), page.height() - head_h)
        render_map(painter, scene, area, map_rect(scene, campaign, include_hidden=include_hidden))
        painter.setPen(QColor(PAPER.region_edge))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(area)
        if shown:
            device.newPage()
            paint_region_boxes(
                painter, device, sorted(shown, key=lambda r: r.number), QRectF(painter.viewport())
            )
    painter.end()


def export_pdf(
    scene: MapScene, campaign: Campaign, path: Path, *, include_hidden: bool = False
) -> None:
    """Save the printable map sheet as a PDF, A4 landscape (OSError if it fails)."""
    write_atomically(path, lambda temp: _write_pdf(scene, campaign, temp, include_hidden))


def _write_pdf(scene: MapScene, campaign: Campaign, path: Path, include_hidden: bool) -> bool:
    writer = QPdfWriter(str(path))
    writer.setTitle(tr("{campaign} — map sheet", campaign=campaign.name))
    writer.setCreator("Saga Desktop")
    writer.setResolution(150)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Landscape,
            QMarginsF(12, 12, 12, 12),
            QPageLayout.Unit.Millimeter,
        )
    )
    paint_sheet(writer, scene, campaign, include_hidden=include_hidden)
    del writer  # closes the file
    return True
