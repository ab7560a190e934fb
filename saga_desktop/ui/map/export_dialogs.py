"""The Export and Print entries of the Map menu: ask where and how big, then export."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Campaign
from saga_desktop.ui.map.export import export_pdf, export_png, export_svg, map_rect, paint_sheet
from saga_desktop.ui.map.scene import MapScene
from saga_desktop.ui.messages import show_error

MAX_SIDE = 16000


class PngSizeDialog(QDialog):
    """Ask for the width and height of an exported image."""

    def __init__(self, suggested: QSize, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PngSizeDialog")
        self.setWindowTitle(tr("Export map as PNG"))
        self.width_box = QSpinBox()
        self.height_box = QSpinBox()
        for box, value in (
            (self.width_box, suggested.width()),
            (self.height_box, suggested.height()),
        ):
            box.setRange(16, MAX_SIDE)
            box.setSuffix(tr(" px"))
            box.setValue(value)
        form = QFormLayout(self)
        form.addRow(tr("&Width:"), self.width_box)
        form.addRow(tr("&Height:"), self.height_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def size_chosen(self) -> QSize:
        """The size the player asked for."""
        return QSize(self.width_box.value(), self.height_box.value())


def suggested_png_size(scene: MapScene, campaign: Campaign, long_side: int = 2400) -> QSize:
    """An image size with the map's proportions."""
    rect = map_rect(scene, campaign)
    if rect.width() >= rect.height():
        return QSize(long_side, max(16, round(long_side * rect.height() / rect.width())))
    return QSize(max(16, round(long_side * rect.width() / rect.height())), long_side)


def _save_path(parent: QWidget, title: str, name: str, pattern: str, suffix: str) -> Path | None:
    chosen, _ = QFileDialog.getSaveFileName(parent, title, name, pattern)
    if not chosen:
        return None
    path = Path(chosen)
    return path if path.suffix.lower() == suffix else path.with_name(path.name + suffix)


def _base_name(campaign: Campaign) -> str:
    cleaned = "".join(ch if ch.isalnum() or ch in " -_" else "_" for ch in campaign.name).strip()
    return tr("{campaign} map", campaign=cleaned[:60] or tr("map"))


def ask_export_png(parent: QWidget, scene: MapScene, campaign: Campaign) -> Path | None:
    """Ask for a size and a file, then save the PNG."""
    size_dialog = PngSizeDialog(suggested_png_size(scene, campaign), parent)
    if size_dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    path = _save_path(
        parent,
        tr("Export map as PNG"),
        _base_name(campaign) + ".png",
        tr("PNG images ({pattern})", pattern="*.png"),
        ".png",
    )
    if path is None:
        return None
    try:
        export_png(scene, campaign, path, size_dialog.size_chosen())
    except (OSError, ValueError) as exc:
        show_error(parent, tr("Export map"), tr("The map was not exported."), str(exc))
        return None
    return path


def ask_export_svg(parent: QWidget, scene: MapScene, campaign: Campaign) -> Path | None:
    """Ask for a file, then save the SVG."""
    path = _save_path(
        parent,
        tr("Export map as SVG"),
        _base_name(campaign) + ".svg",
        tr("SVG drawings ({pattern})", pattern="*.svg"),
        ".svg",
    )
    if path is None:
        return None
    try:
        export_svg(scene, campaign, path)
    except OSError as exc:
        show_error(parent, tr("Export map"), tr("The map was not exported."), str(exc))
        return None
    return path


def ask_export_pdf(parent: QWidget, scene: MapScene, campaign: Campaign) -> Path | None:
    """Ask for a file, then save the printable map sheet as PDF."""
    path = _save_path(
        parent,
        tr("Export map sheet as PDF"),
        _base_name(campaign) + ".pdf",
        tr("PDF documents ({pattern})", pattern="*.pdf"),
        ".pdf",
    )
    if path is None:
        return None
    try:
        export_pdf(scene, campaign, path)
    except OSError as exc:
        show_error(parent, tr("Export map sheet"), tr("The map sheet was not exported."), str(exc))
        return None
    return path


def print_sheet(parent: QWidget, scene: MapScene, campaign: Campaign) -> bool:
    """Print the map sheet through the system's print dialog."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(tr("{campaign} map sheet", campaign=campaign.name))
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(tr("Print the map sheet"))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    paint_sheet(printer, scene, campaign)
    return True
