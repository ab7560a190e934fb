"""Starting and ending the process quickly: the cyclic garbage collector waits for the window.

Start-up makes tens of thousands of objects that live as long as the app: classes, pydantic
schemas, Qt wrappers, the open campaign. Python's cyclic collector would walk them again and
again while they are being made (about a tenth of the start-up time), and once more when the
process ends, to find almost nothing. So:

* :func:`hold_collector` pauses the collector while the app starts;
* :func:`settle_collector`, once the window is up, moves everything start-up made into the
  collector's permanent generation (``gc.freeze``) and lets it run again, so later collections
  walk only what play makes and never pause the map on start-up's objects;
* :func:`release_start_up` hands those objects back to the collector (``gc.unfreeze``) when the
  campaign they belonged to is replaced, so nothing of an old campaign is kept; a moment later,
  once the old campaign's windows are gone, :func:`refreeze` collects what it left and freezes
  what is alive then, the new campaign included, so a full collection during play walks only
  what play makes (on a 10,000-region campaign it would walk every region and journal line);
* :func:`quick_exit` freezes what is left before the interpreter ends, so its last collections
  skip the heap that is about to go anyway. Qt's objects are still destroyed normally, and
  the window has already saved its settings and released its campaign's locks on closing.
"""

from __future__ import annotations

import gc
import sys

_held = False
_frozen = False


def hold_collector() -> None:
    """Pause the cyclic collector until :func:`settle_collector` (call at the very start)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def settle_collector() -> None:
    """The app is up: freeze what start-up made and let the collector run again (idempotent)."""
    global _held, _frozen
    if not _held:
        return
    gc.freeze()
    _frozen = True
    _held = False
    gc.enable()


def release_start_up() -> None:
    """Another campaign was opened: let the old one go, and freeze the new one once it settled."""
    global _frozen
    if _frozen:
        gc.unfreeze()
        _frozen = False
        _refreeze_later()


REFREEZE_AFTER_MS = 1000
"""How long after a campaign is opened its objects are frozen (the old windows are gone then)."""
_refreeze_pending = False


def _refreeze_later() -> None:
    global _refreeze_pending
    core = sys.modules.get("PySide6.QtCore")  # the app's event loop, if it runs one
    if core is None or core.QCoreApplication.instance() is None:
        return  # no window to wait for: the collector walks everything, as it does by default
    if not _refreeze_pending:
        _refreeze_pending = True
        core.QTimer.singleShot(REFREEZE_AFTER_MS, refreeze)


def refreeze() -> None:
    """Collect what the old campaign left behind, then freeze everything alive now."""
    global _frozen, _refreeze_pending
    _refreeze_pending = False
    if _frozen or not gc.isenabled():
        return  # frozen already, or the app is still starting (settle_collector freezes then)
    gc.collect()
    gc.freeze()
    _frozen = True


def quick_exit() -> None:
    """The app is ending: spare the interpreter's final collections the whole heap."""
    gc.freeze()
