"""A character sheet printed to PDF: an A4 paper sheet in black ink, boxes to write in."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.songs.access import vanori_of
from saga_desktop.model.songs.state import Gear, SongsSheet, sheet_of
from saga_desktop.model.songs.table import hand_pile
from saga_desktop.model.visibility import view_for
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cards import CARD_RATIO, paint_card
from saga_desktop.ui.songs.sheets.gear import gear_state
from saga_desktop.ui.songs.sheets.inventory import describe_entry
from saga_desktop.ui.songs.sheets.terms import (
    attribute_title,
    attribute_verbs,
    the_vanori,
    vanori_gift,
    vanori_raises,
)

DPI = 300
INK = QColor("#1b1a17")
FAINT = QColor("#8a857b")
SHADE = QColor("#eeeae2")
WIDTH_MM, HEIGHT_MM, MARGIN_MM = 210.0, 297.0, 12.0
CREDIT = tr_noop(
    "Songs and Sagas is a game by René-Pier Deshaies-Gélinas (Fari RPGs). "
    "Sheet printed from Saga Desktop."
)


class Sheet:
    """Drawing helpers in millimetres on a PDF page."""

    def __init__(self, painter: QPainter) -> None:
        self.p = painter
        self.k = DPI / 25.4

    def r(self, x: float, y: float, w: float, h: float) -> QRectF:
        """A rectangle given in millimetres."""
        return QRectF(x * self.k, y * self.k, w * self.k, h * self.k)

    def font(self, points: float, *, bold: bool = False, italic: bool = False) -> None:
        """Set a serif font of ``points`` size."""
        font = QFont("DejaVu Serif")
        font.setStyleHint(QFont.StyleHint.Serif)
        font.setPointSizeF(points)
        font.setBold(bold)
        font.setItalic(italic)
        self.p.setFont(font)

    def text(
        self,
        rect: QRectF,
        text: str,
        points: float,
        *,
        bold: bool = False,
        flags: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
        colour: QColor = INK,
        wrap: bool = False,
    ) -> None:
        """Draw text in a rectangle, shrinking it until it fits."""
        size = points
        option = int(flags) | (int(Qt.TextFlag.TextWordWrap) if wrap else 0)
        while size > 5:
            self.font(size, bold=bold)
            needed = self.p.boundingRect(rect, option, text)
            if needed.width() <= rect.width() + 1 and needed.height() <= rect.height() + 1:
                break
            size -= 0.5
        self.p.save()
        self.p.setClipRect(rect.adjusted(-1, -1, 1, 1))  # text too long for its box stops there
        self.p.setPen(colour)
        self.p.drawText(rect, option, text)
        self.p.restore()

    def box(self, rect: QRectF, title: str = "", *, fill: QColor | None = None) -> QRectF:
        """A ruled box with a small caption; returns the space inside it."""
        self.p.setPen(QPen(INK, 0.35 * self.k))
        self.p.setBrush(fill if fill is not None else Qt.BrushStyle.NoBrush)
        self.p.drawRoundedRect(rect, 1.5 * self.k, 1.5 * self.k)
        if not title:
            return rect.adjusted(2 * self.k, 2 * self.k, -2 * self.k, -2 * self.k)
        cap = QRectF(
            rect.left() + 2.5 * self.k, rect.top() + 1.2 * self.k, rect.width(), 5 * self.k
        )
        self.text(cap, title.upper(), 7.5, bold=True, colour=FAINT)
        return rect.adjusted(2.5 * self.k, 6.5 * self.k, -2.5 * self.k, -2 * self.k)


def export_sheet_pdf(campaign: Campaign, character_id: str, path: Path) -> Path:
    """Write one character's sheet to ``path`` (A4, portrait); returns the path.

    The sheet is printed for the character's player: from what the visibility function lets that
    player see, and nothing else.
    """
    campaign.character(character_id)  # KeyError for a character not in the campaign
    view = view_for(campaign, Viewer.player(character_id))
    shown = next(c for c in view.characters if c.id == character_id)
    character = Character(
        id=shown.id,
        name=shown.name,
        player=shown.player,
        notes=shown.notes,
        sheet=SongsSheet.model_validate(shown.sheet),
    )
    pile = next((p for p in view.piles if p.name == hand_pile(character_id)), None)
    hand = [Card.from_code(c) for c in (pile.cards or [])] if pile else []
    writer = QPdfWriter(str(path))
    writer.setResolution(DPI)
    writer.setTitle(tr("{name} — Songs & Sagas character sheet", name=character.name))
    writer.setCreator("Saga Desktop")
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(0, 0, 0, 0),
        )
    )
    painter = QPainter(writer)
    try:
        draw_sheet(Sheet(painter), campaign, character, hand)
    finally:
        painter.end()
    if not path.is_file():
        raise OSError(tr("{file} could not be written", file=path.name))
    return path


def draw_sheet(s: Sheet, campaign: Campaign, c: Character, hand: list[Card]) -> None:
    """Paint the whole sheet."""
    sheet = sheet_of(c)
    x0, w = MARGIN_MM, WIDTH_MM - 2 * MARGIN_MM
    s.text(s.r(x0, 10, w, 6), tr("SONGS & SAGAS — CHARACTER SHEET"), 9, bold=True, colour=FAINT)
    s.text(
        s.r(x0, 10, w, 6),
        campaign.name,
        9,
        colour=FAINT,
        flags=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
    )
    s.text(s.r(x0, 16, w, 14), c.name, 26, bold=True)
    who = "   ".join(
        part
        for part in (
            tr("Player: {player}", player=c.player) if c.player else "",
            tr("Pronouns: {pronouns}", pronouns=sheet.pronouns) if sheet.pronouns else "",
        )
        if part
    )
    s.text(s.r(x0, 30, w, 6), who, 10, colour=FAINT)
    # The four attributes.
    y, gap = 38.0, 3.0
    bw = (w - 3 * gap) / 4
    for n, attribute in enumerate(songs.Attribute):
        inner = s.box(s.r(x0 + n * (bw + gap), y, bw, 34), attribute_title(attribute))
        value = getattr(sheet.attributes, attribute.value)
        s.text(
            QRectF(inner.left(), inner.top(), inner.width(), inner.height() * 0.62),
            f"{value:+d}",
            30,
            bold=True,
            flags=Qt.AlignmentFlag.AlignCenter,
        )
        verbs = QRectF(
            inner.left(), inner.top() + inner.height() * 0.62, inner.width(), inner.height() * 0.38
        )
        s.text(
            verbs,
            attribute_verbs(attribute),
            8.5,
            wrap=True,
            colour=FAINT,
            flags=Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
        )
    # Vanori and resilience.
    y = 76.0
    vanori = vanori_of(sheet)
    inner = s.box(s.r(x0, y, w * 0.62, 34), tr("Vanori"))
    s.text(
        QRectF(inner.left(), inner.top(), inner.width(), 7 * s.k),
        the_vanori(vanori),
        14,
        bold=True,
    )
    about = tr(
        "({raises}). Gift: {gift}",
        raises=vanori_raises(vanori),
        gift=vanori_gift(vanori) or tr("(to be written)"),
    )
    s.text(inner.adjusted(0, 7.5 * s.k, 0, 0), about, 9.5, wrap=True)
    rx = x0 + w * 0.62 + gap
    inner = s.box(s.r(rx, y, w - (rx - x0), 34), tr("Resilience (now / max)"))
    s.text(
        QRectF(inner.left(), inner.top(), inner.width(), inner.height() * 0.7),
        tr("{now} / {max}", now=sheet.resilience, max=sheet.max_resilience),
        28,
        bold=True,
        flags=Qt.AlignmentFlag.AlignCenter,
    )
    state = ""
    if sheet.incapacitated:
        state = tr("incapacitated")
    elif sheet.resilience == 0:
        state = tr("at 0: resilience trial")
    s.text(
        QRectF(
            inner.left(), inner.top() + inner.height() * 0.7, inner.width(), inner.height() * 0.3
        ),
        state,
        9,
        flags=Qt.AlignmentFlag.AlignCenter,
    )
    # Armor, inventory and XP.
    y = 114.0
    _armor(s, s.r(x0, y, w * 0.38, 24), sheet.armor)
    _xp(s, s.r(x0, y + 27, w * 0.38, 24), sheet.xp)
    _inventory(s, s.r(x0 + w * 0.38 + gap, y, w * 0.62 - gap, 51), c)
    # Hand and notes.
    y = 169.0
    inner = s.box(s.r(x0, y, w, 30), trn("Hand of cards ({n})", "Hand of cards ({n})", len(hand)))
    card_h = inner.height()
    card_w = card_h / CARD_RATIO
    for n, card in enumerate(hand[:14]):
        paint_card(
            s.p, QRectF(inner.left() + n * (card_w + 1.5 * s.k), inner.top(), card_w, card_h), card
        )
    inner = s.box(s.r(x0, 203, w, 80), tr("Notes"))
    s.text(inner, c.notes, 10, wrap=True)
    s.text(s.r(x0, 285, w, 5), tr(CREDIT), 7, colour=FAINT, flags=Qt.AlignmentFlag.AlignHCenter)


def _armor(s: Sheet, rect: QRectF, armor: Gear) -> None:
    inner = s.box(rect, tr("Armor"))
    die, words, state = gear_state(armor, songs.GearKind.ARMOR)
    for n, size in enumerate((4, 6)):
        centre = QPointF(inner.left() + (3 + n * 16) * s.k, inner.top() + 4 * s.k)
        s.p.setPen(QPen(INK, 0.35 * s.k))
        s.p.setBrush(INK if armor.die == size else Qt.BrushStyle.NoBrush)
        s.p.drawEllipse(centre, 2 * s.k, 2 * s.k)
        s.text(
            QRectF(centre.x() + 3 * s.k, centre.y() - 3 * s.k, 10 * s.k, 6 * s.k),
            f"d{size}",
            10,
            flags=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
    if state == "broken":
        line = tr("Broken (was d{size}): rolls nothing against damage", size=armor.die)
    elif state == "damaged":
        line = tr("Rolls {die}, {state}", die=die, state=words)
    else:
        line = tr("Rolls {die}", die=die)
    s.text(inner.adjusted(0, 8 * s.k, 0, 0), line, 10, wrap=True)


def _xp(s: Sheet, rect: QRectF, xp: int) -> None:
    inner = s.box(rect, tr("Experience ({xp} / {boxes})", xp=xp, boxes=songs.XP_BOXES))
    side = min(inner.height(), (inner.width() - 7 * 1.5 * s.k) / songs.XP_BOXES)
    for n in range(songs.XP_BOXES):
        box = QRectF(inner.left() + n * (side + 1.5 * s.k), inner.top(), side, side)
        s.p.setPen(QPen(INK, 0.35 * s.k))
        s.p.setBrush(INK if n < xp else Qt.BrushStyle.NoBrush)
        s.p.drawRect(box)


def _inventory(s: Sheet, rect: QRectF, c: Character) -> None:
    inner = s.box(
        rect,
        trn("Inventory ({n} slot)", "Inventory ({n} slots)", songs.INVENTORY_SLOTS),
    )
    line = inner.height() / songs.INVENTORY_SLOTS
    s.p.setPen(QPen(FAINT, 0.2 * s.k))
    for n in range(songs.INVENTORY_SLOTS):
        top = inner.top() + n * line
        s.text(
            QRectF(inner.left(), top, 6 * s.k, line),
            str(n + 1),
            9,
            colour=FAINT,
            flags=Qt.AlignmentFlag.AlignVCenter,
        )
        s.p.setPen(QPen(FAINT, 0.2 * s.k))
        s.p.drawLine(
            QPointF(inner.left() + 6 * s.k, top + line), QPointF(inner.right(), top + line)
        )
    row = 0
    for entry in sheet_of(c).inventory:
        span = QRectF(
            inner.left() + 7 * s.k,
            inner.top() + row * line + 0.6 * s.k,
            inner.width() - 7 * s.k,
            entry.slots * line - 1.2 * s.k,
        )
        if entry.kind == "condition":
            s.p.setPen(QPen(INK, 0.35 * s.k))
            s.p.setBrush(SHADE)
            s.p.drawRoundedRect(span, 1 * s.k, 1 * s.k)
        text = tr("{entry} — {kind}", entry=entry.name, kind=describe_entry(entry))
        s.text(
            span.adjusted(1.5 * s.k, 0, -1 * s.k, 0),
            text,
            10,
            flags=Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
        )
        row += entry.slots
