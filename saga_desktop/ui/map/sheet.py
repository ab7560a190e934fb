"""The numbered region boxes of the printable map sheet.

Each box holds the region's number, title, risk (the same badge as on the map), terrain and the
public note, wrapped and cut with an ellipsis when it does not fit. Text is laid out as plain text.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPagedPaintDevice,
    QPaintDevice,
    QPainter,
    QPen,
    QTextLayout,
    QTextOption,
)

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Region
from saga_desktop.ui.map.items import draw_badge
from saga_desktop.ui.map.style import MapStyle
from saga_desktop.ui.map.theme import PAPER, risk_words
from saga_desktop.ui.map.tooltip import card_name

COLUMNS = 3
ROWS = 3
GAP_FRACTION = 0.015


def _font(pixel_size: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(6, round(pixel_size)))
    font.setBold(bold)
    return font


def wrap_lines(text: str, font: QFont, width: float, device: QPaintDevice | None) -> list[str]:
    """Plain text broken into lines of at most ``width`` (blank lines kept)."""
    out: list[str] = []
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    for paragraph in text.splitlines():
        if not paragraph.strip():
            out.append("")
            continue
        layout = QTextLayout(paragraph, font, device)
        layout.setTextOption(option)
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            out.append(paragraph[line.textStart() : line.textStart() + line.textLength()].rstrip())
        layout.endLayout()
    return out


def draw_wrapped(painter: QPainter, rect: QRectF, text: str, font: QFont) -> None:
    """Plain text wrapped into ``rect``; when it does not fit, the last line ends with "…"."""
    painter.setFont(font)
    metrics = QFontMetricsF(font, painter.device())
    line_h = metrics.lineSpacing()
    room = max(0, int(rect.height() // line_h))
    lines = wrap_lines(text.strip(), font, rect.width(), painter.device())
    if len(lines) > room:
        lines = lines[:room]
        while lines and not lines[-1].strip():
            lines.pop()
        if lines:
            last = lines[-1]
            if metrics.horizontalAdvance(last + " …") <= rect.width():
                lines[-1] = last + " …"
            else:
                cut = metrics.elidedText(last, Qt.TextElideMode.ElideRight, rect.width() * 0.95)
                lines[-1] = cut if cut.endswith("…") else cut + "…"
    flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextSingleLine
    for i, line in enumerate(lines):
        painter.drawText(
            QRectF(rect.left(), rect.top() + i * line_h, rect.width(), line_h), flags, line
        )


def paint_region_box(painter: QPainter, rect: QRectF, region: Region, style: MapStyle) -> None:
    """One numbered box of the sheet."""
    ink = QColor(PAPER.ink)
    pad = rect.height() * 0.05
    painter.setPen(QPen(QColor(PAPER.region_edge), max(1.0, rect.height() * 0.004)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect)
    inner = rect.adjusted(pad, pad, -pad, -pad)
    head = inner.height() * 0.16
    painter.setFont(_font(head * 0.8, bold=True))
    painter.setPen(ink)
    number_box = QRectF(inner.left(), inner.top(), head * 1.6, head)
    painter.drawText(
        number_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, str(region.number)
    )
    badge_r = head * 0.32
    title_rect = QRectF(
        number_box.right(), inner.top(), inner.width() - number_box.width() - badge_r * 3.5, head
    )
    painter.setFont(_font(head * 0.62, bold=True))
    title = painter.fontMetrics().elidedText(
        region.title or tr("Untitled region"),
        Qt.TextElideMode.ElideRight,
        round(title_rect.width()),
    )
    painter.drawText(title_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
    painter.save()
    style.badge_font = _font(badge_r * 1.1, bold=True)
    draw_badge(
        painter,
        style,
        region.risk,
        QPointF(inner.right() - badge_r * 1.4, inner.top() + head / 2),
        badge_r,
    )
    painter.restore()
    words = risk_words(region.risk)
    if region.risk_card:
        card = card_name(region.risk_card)
        facts = [tr("Risk {risk} ({words}), {card}", risk=region.risk, words=words, card=card)]
    else:
        facts = [tr("Risk {risk} ({words})", risk=region.risk, words=words)]
    if region.terrain:
        facts.append(region.terrain)
    if region.visited:
        facts.append(tr("visited"))
    if region.hidden:
        facts.append(tr("hidden from the players"))
    small = _font(head * 0.45)
    painter.setFont(small)
    painter.setPen(QColor(PAPER.faint_ink))
    fact_rect = QRectF(inner.left(), inner.top() + head, inner.width(), head * 0.7)
    facts_text = painter.fontMetrics().elidedText(
        " · ".join(facts), Qt.TextElideMode.ElideRight, round(fact_rect.width())
    )
    painter.drawText(
        fact_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, facts_text
    )
    painter.setPen(ink)
    body = QRectF(
        inner.left(),
        fact_rect.bottom() + pad * 0.5,
        inner.width(),
        inner.bottom() - fact_rect.bottom() - pad * 0.5,
    )
    painter.setFont(small)
    draw_wrapped(painter, body, region.notes, small)


def paint_region_boxes(
    painter: QPainter, device: QPagedPaintDevice, regions: list[Region], page: QRectF
) -> None:
    """Every region's box, nine to a page, in number order."""
    style = MapStyle(PAPER)
    gap = page.width() * GAP_FRACTION
    w = (page.width() - gap * (COLUMNS - 1)) / COLUMNS
    h = (page.height() - gap * (ROWS - 1)) / ROWS
    per_page = COLUMNS * ROWS
    for i, region in enumerate(regions):
        slot = i % per_page
        if i and slot == 0:
            device.newPage()
        col, row = slot % COLUMNS, slot // COLUMNS
        rect = QRectF(page.left() + col * (w + gap), page.top() + row * (h + gap), w, h)
        paint_region_box(painter, rect, region, style)
