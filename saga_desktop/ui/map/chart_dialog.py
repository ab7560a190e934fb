"""Charting a region, and editing one: the dialogs around :class:`RegionForm`.

Charting follows the game (:mod:`saga_desktop.ui.map.charting`): the region is described first,
and the dialog applies ONE :class:`ChartRegion` when the player presses its button. In a game that
reveals a card for each region (Songs & Sagas), the dialog then shows the card and its prompt;
in a plain map it closes. Cancel before that changes nothing at all; afterwards, Undo takes the
region back (and returns the card).
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.campaign import Region
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.map import ChartRegion, ChartResult, EditRegion
from saga_desktop.rules.cards import Card
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map.card_face import CardFace, RiskBadge
from saga_desktop.ui.map.charting import charting_of
from saga_desktop.ui.map.region_form import RegionForm
from saga_desktop.ui.map.theme import risk_words
from saga_desktop.ui.rolling_tables.library import TableLibrary

HIDDEN_KEY = "map/chartHidden"
"""Where the GM's last choice of charting hidden is remembered."""
HIDDEN_TIP = tr_noop(
    "Only the GM sees the region, its title and its journal lines until the GM shows it "
    "(untick Hide from players in the hex menu, or in the Regions dock)"
)


def _plain_label(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class ChartDialog(QDialog):
    """Describe an uncharted hex; in a game with risk cards, then reveal the one that sets it."""

    def __init__(
        self,
        bridge: SessionBridge,
        hex_: Hex,
        library: TableLibrary | None = None,
        parent: QWidget | None = None,
        context: str = "",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ChartDialog")
        self.bridge = bridge
        self.hex = hex_
        self.result_record: ChartResult | None = None
        m = bridge.session.campaign.map
        self.charting, words = charting_of(bridge.session.campaign.ruleset)
        self.setWindowTitle(tr(words.chart_title, number=m.next_number()))
        heading = tr(
            "Hex ({q}, {r}) becomes region {number}.", q=hex_.q, r=hex_.r, number=m.next_number()
        )
        if context:
            heading = f"{context}\n{heading}"
        self.heading = _plain_label(heading)
        self.form = RegionForm(library, bridge.session.rng.getstate())
        self.error = _plain_label()
        self.error.setStyleSheet("color: #b3261e;")
        self.error.hide()
        describe = QWidget()
        lay = QVBoxLayout(describe)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.heading)
        lay.addWidget(self.form, 1)
        # The GM may keep a region secret from the start: its title never reaches a player.
        self.hidden = QCheckBox(tr("&Hidden from the players"))
        self.hidden.setObjectName("chartHidden")
        self.hidden.setToolTip(tr(HIDDEN_TIP))
        self.hidden.setAccessibleDescription(tr(HIDDEN_TIP))
        self.hidden.setChecked(QSettings().value(HIDDEN_KEY, False, type=bool) is True)
        self.hidden.setVisible(not bridge.limited)
        lay.addWidget(self.hidden)
        if words.chart_explained:
            lay.addWidget(_plain_label(tr(words.chart_explained)))
        lay.addWidget(self.error)
        self.describe_buttons = QDialogButtonBox()
        self.chart_button = QPushButton(tr(words.chart_button))
        self.chart_button.setDefault(True)
        self.describe_buttons.addButton(self.chart_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.describe_buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.describe_buttons.accepted.connect(self.chart)
        self.describe_buttons.rejected.connect(self.reject)
        lay.addWidget(self.describe_buttons)
        self.describe_page = describe
        self.revealed_page = self._revealed_page()
        self.revealed_page.hide()
        outer = QVBoxLayout(self)
        outer.addWidget(describe)
        outer.addWidget(self.revealed_page)
        hint = self.sizeHint()
        height = self.minimumSizeHint().height() + self.fontMetrics().lineSpacing() * 6
        screen = (parent.screen() if parent is not None else None) or self.screen()
        if screen is not None:  # at 200% on a small screen: no taller than the screen
            room = screen.availableGeometry()
            height = max(self.minimumSizeHint().height(), min(height, round(room.height() * 0.9)))
        self.resize(max(hint.width(), self.fontMetrics().horizontalAdvance("x") * 80), height)
        self.form.title.setFocus()

    def _revealed_page(self) -> QWidget:
        page = QWidget()
        self.card = CardFace()
        self.revealed_title = _plain_label()
        font = self.revealed_title.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.revealed_title.setFont(font)
        self.revealed_text = _plain_label()
        self.badge = RiskBadge()
        title_row = QHBoxLayout()
        title_row.addWidget(self.badge)
        title_row.addWidget(self.revealed_title, 1)
        text_col = QVBoxLayout()
        text_col.addLayout(title_row)
        text_col.addWidget(self.revealed_text)
        text_col.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.card, 0, Qt.AlignmentFlag.AlignTop)
        row.addSpacing(12)
        row.addLayout(text_col, 1)
        done = QDialogButtonBox()
        # Our own button, not the standard Close renamed: that one keeps Close's icon.
        self.done_button = done.addButton(tr("&Done"), QDialogButtonBox.ButtonRole.AcceptRole)
        done.accepted.connect(self.accept)
        self.done_buttons = done
        lay = QVBoxLayout(page)
        lay.addLayout(row, 1)
        lay.addWidget(done)
        return page

    def operation(self) -> ChartRegion:
        """The one operation the dialog applies."""
        f = self.form
        return ChartRegion(
            self.hex.q,
            self.hex.r,
            title=f.title.text(),
            notes=f.notes.toPlainText(),
            gm_notes=f.gm_notes.toPlainText(),
            terrain=f.terrain.text(),
            rolls=tuple(f.rolls),
            hidden=self.hidden.isChecked() and not self.bridge.limited,
        )

    def chart(self) -> ChartResult | None:
        """Apply the charting and show the revealed card (the refusal, inline, if refused)."""
        try:
            applied = self.bridge.try_apply(self.operation())
        except OperationError as exc:
            self.error.setText(str(exc))
            self.error.show()
            return None
        if not self.bridge.limited:
            QSettings().setValue(HIDDEN_KEY, self.hidden.isChecked())  # the GM's last choice
        result = applied if isinstance(applied, ChartResult) else self._charted_at_the_host()
        if result is None:
            self.accept()
            return None
        self.result_record = result
        if not (self.charting.reveal or self.charting.risk):
            self.accept()  # a plain map: nothing was revealed, the region is on the map
            return result
        self.card.setVisible(result.card is not None)  # a game may chart without cards
        if result.card is not None:
            self.card.set_card(Card.from_code(result.card))
        title = self.form.title.text().strip()
        if title:
            heading = tr("Region {number} — {title}", number=result.number, title=title)
        else:
            heading = tr("Region {number}", number=result.number)
        risk = tr("Risk {risk}", risk=result.risk)
        self.revealed_title.setText(f"{heading}\n{risk}")
        self.badge.set_risk(result.risk)
        said = result.prompt
        if result.mood:
            said = tr(
                "{card} — {mood}: {prompt}",
                card=result.card_name,
                mood=result.mood.capitalize(),
                prompt=result.prompt,
            )
        paragraphs = [
            f"{said}.",
            tr(
                "The risk rating is {risk} ({words}). The prompt is recorded in the region's "
                "note; the card goes to the discard pile.",
                risk=result.risk,
                words=risk_words(result.risk),
            ),
            tr("Undo takes the region back and returns the card to the deck."),
        ]
        if self.hidden.isChecked() and not self.bridge.limited:
            paragraphs.append(
                tr(
                    "Hidden from the players: untick Hide from players in the hex menu when "
                    "they should know."
                )
            )
        self.revealed_text.setText("\n\n".join(paragraphs))
        self.setWindowTitle(tr("Region {number} charted", number=result.number))
        self.describe_page.hide()
        self.revealed_page.show()
        layout = self.layout()
        if layout is not None:
            layout.activate()
            height = self.sizeHint().height()
            if layout.hasHeightForWidth():
                height = layout.totalHeightForWidth(self.width())
            self.resize(self.width(), height)
        self.done_button.setFocus()
        return result

    def _charted_at_the_host(self) -> ChartResult | None:
        """At a GM's seat the host charts and keeps the record: read it off the seat's map.

        The prompt is the line the game added to the region's note (its last paragraph).
        """
        region = self.bridge.session.campaign.map.region_at(self.hex.q, self.hex.r)
        if region is None:
            return None
        card = region.risk_card
        prompt = region.notes.rsplit("\n\n", 1)[-1].strip().removesuffix(".") if card else ""
        name = Card.from_code(card).name if card else ""
        return ChartResult(region.q, region.r, region.number, card, name, region.risk, "", prompt)

    def reject(self) -> None:
        """Cancel while describing leaves nothing; once charted, closing keeps the region."""
        if self.result_record is not None:
            self.accept()
        else:
            super().reject()


class EditRegionDialog(QDialog):
    """Edit a region's description; applies one :class:`EditRegion` on OK."""

    def __init__(
        self,
        bridge: SessionBridge,
        region: Region,
        library: TableLibrary | None = None,
        parent: QWidget | None = None,
        *,
        focus_gm: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("EditRegionDialog")
        self.bridge = bridge
        self.region = region
        self.setWindowTitle(tr("Region {number}", number=region.number))
        self.form = RegionForm(library, bridge.session.rng.getstate())
        self.form.set_values(region.title, region.terrain, region.notes, region.gm_notes)
        self.error = _plain_label()
        self.error.setStyleSheet("color: #b3261e;")
        self.error.hide()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(
            _plain_label(
                tr("Hex ({q}, {r}), risk {risk}.", q=region.q, r=region.r, risk=region.risk)
            )
        )
        lay.addWidget(self.form, 1)
        lay.addWidget(self.error)
        lay.addWidget(buttons)
        (self.form.gm_notes if focus_gm else self.form.title).setFocus()
        if focus_gm:
            self.form.to_gm.setChecked(True)

    def operation(self) -> EditRegion | None:
        """The edit, or None when nothing was changed."""
        f, r = self.form, self.region
        values = {
            "title": f.title.text().strip(),
            "terrain": f.terrain.text().strip(),
            "notes": f.notes.toPlainText(),
            "gm_notes": f.gm_notes.toPlainText(),
        }
        changed = {k: v for k, v in values.items() if v != getattr(r, k)}
        if not changed:
            return None
        return EditRegion(
            r.q,
            r.r,
            title=changed.get("title"),
            notes=changed.get("notes"),
            gm_notes=changed.get("gm_notes"),
            terrain=changed.get("terrain"),
            rolls=tuple(f.rolls),
        )

    def save(self) -> None:
        """Apply the edit and close (stay open with the reason if refused)."""
        op = self.operation()
        if op is None:
            self.accept()
            return
        try:
            self.bridge.try_apply(op)
        except OperationError as exc:
            self.error.setText(str(exc))
            self.error.show()
            return
        self.accept()
