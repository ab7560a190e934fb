"""The journal: every action of the saga as a readable line, GM notes, filters, Markdown export.

Installing it (the main window's part)::

    from saga_desktop.ui.journal import install_journal

    feature = install_journal(window, window.bridge)

``install_journal(window, bridge) -> JournalFeature``:

* adds the Journal dock (objectName ``journal``, a :class:`JournalDock` holding a
  :class:`JournalPanel`, made when the dock is first shown or asked for) through
  ``window.add_dock`` when the window has one (so it gets a View-menu toggle), else
  ``addDockWidget``; it is ``feature.dock``;
* adds to ``window.menu("&Journal")`` (when the window has ``menu``) the actions in
  ``feature.actions``: ``add_note`` (Ctrl+Shift+N), ``find`` (the platform's Find key: focus the
  search field) and ``export`` (the entries shown, as Markdown);
* remembers the export folder under ``journal/`` in ``window.settings`` when the window has them.

Each entry shows its facts (day, region, time, character, kind) over its text, the engine's own
explanation of the roll with its dice and cards (card names drawn in their suit's colour; text is
always plain text). Filters by kind and by character and a word search narrow the list. GM notes
are added, edited and deleted through :mod:`saga_desktop.model.ops.journal`. The list is a
:class:`JournalModel` that follows change reports incrementally (a long journal stays fast), so
undo and redo visibly add or remove entries; the last change is highlighted and scrolled to, and
a status line says what it did. :func:`journal_markdown` is the Markdown writer.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from saga_desktop.ui.journal.feature import JournalDock, JournalFeature, install_journal

if TYPE_CHECKING:
    from saga_desktop.ui.journal.dock import JournalPanel
    from saga_desktop.ui.journal.markdown import export_markdown, journal_markdown
    from saga_desktop.ui.journal.model import JournalFilter, JournalModel

__all__ = [
    "JournalDock",
    "JournalFeature",
    "JournalFilter",
    "JournalModel",
    "JournalPanel",
    "export_markdown",
    "install_journal",
    "journal_markdown",
]

_LATER = {
    "JournalPanel": "dock",
    "JournalFilter": "model",
    "JournalModel": "model",
    "export_markdown": "markdown",
    "journal_markdown": "markdown",
}


def __getattr__(name: str) -> object:
    # The panel and its helpers are imported when first asked for: at start the Journal dock is
    # tabbed behind others and made only when it is first shown.
    if name in _LATER:
        return getattr(importlib.import_module(f"{__name__}.{_LATER[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
