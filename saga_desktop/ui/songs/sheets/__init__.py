"""Character sheets as docks, character creation at the table, the Enemies dock, PDF sheets.

Installing it (the main window's part)::

    from saga_desktop.ui.songs.sheets import install_sheets

    sheets = install_sheets(window, bridge)

``install_sheets(window, bridge) -> SheetsFeature`` (calling it again on the same window returns
the feature already installed):

* adds one :class:`~saga_desktop.ui.songs.sheets.dock.SheetDock` per character, object name
  ``sheet-<character id>``, in the left dock area, tabbed together; each through
  ``window.add_dock`` (so it gets a View-menu toggle) followed by ``window.restoreDockWidget`` so
  a dock made after the layout was restored (a new character, another campaign) comes back where
  it was. Docks follow the campaign: characters added, removed, undone or redone, another
  campaign opened;
* adds the Enemies dock (object name ``enemies``) in the right dock area;
* fills the ``&Party`` menu (``window.menu("&Party")``): every character (opens or raises the
  sheet), *New character…* (the creation dialog), *Quick character* (everything at once, then a
  chance to rename), *Remove character* and *Export sheet as PDF* (the Enemies dock's toggle
  is in View, with every dock's).

The feature (``sheets``):

* ``sheets.docks``: ``{character id: SheetDock}``; ``sheets.enemies_dock``; ``sheets.party_menu``;
* ``sheets.show_sheet(character_id)``: open and raise a sheet;
* ``sheets.flows.new_character()`` / ``quick_character()`` / ``remove_character(id)`` /
  ``export_pdf(id, path=None)``; ``sheets.flows.new_action`` and ``quick_action`` are QActions;
* ``sheets.export_pdf(character_id, path)``: write a printable sheet (A4) without asking;
* ``sheets.set_resilience_trial_handler(handler)``: the play loop's way to roll the resilience
  trial; ``handler(character_id)`` is called by the "Roll the resilience trial…" button a sheet
  shows at 0 resilience (without a handler the sheet only says the trial is due);
* signals ``resilienceTrialDue(str)`` (an edit brought a character to 0 resilience) and
  ``sheetsChanged()`` (docks added or removed).

Every edit on a sheet is an operation of :mod:`saga_desktop.model.songs.ops.sheet` (creation:
``model.songs.ops.creation``), journaled and undoable; a refused edit changes nothing
and the sheet says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QMainWindow

from saga_desktop.ui.bridge import SessionBridge

if TYPE_CHECKING:
    from saga_desktop.ui.songs.sheets.feature import SheetsFeature

__all__ = ["SheetsFeature", "install_sheets"]


def install_sheets(window: QMainWindow, bridge: SessionBridge) -> SheetsFeature:
    """Add the sheet docks, the Enemies dock and the Party menu to ``window``."""
    from saga_desktop.ui.songs.sheets.feature import SheetsFeature

    existing = window.findChild(SheetsFeature, "SheetsFeature")
    if isinstance(existing, SheetsFeature):
        return existing
    return SheetsFeature(window, bridge)


def __getattr__(name: str) -> Any:
    # The feature is imported lazily: the Enemies dock reuses this package's small widgets.
    if name == "SheetsFeature":
        from saga_desktop.ui.songs.sheets.feature import SheetsFeature

        return SheetsFeature
    raise AttributeError(name)
