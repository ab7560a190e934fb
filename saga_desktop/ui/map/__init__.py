"""The hex map: the centre of the window, where the Tenth Realm is charted.

Installing it (the main window's part)::

    from saga_desktop.ui.map import install_map

    feature = install_map(window, bridge, settings=window.settings)
    feature.fill_menu(window.menu("&Map"))      # or place feature.menu_actions() yourself

``install_map(window, bridge, *, settings=None, user_tables_dir=None) -> MapFeature``:

* sets a :class:`~saga_desktop.ui.map.view.MapView` as the window's central widget;
* adds two docks with stable object names (``RegionsDock``, ``TablesDock``) through
  ``window.add_dock`` when the window has one (so they get View-menu toggles), else
  ``addDockWidget``; both are in ``feature.docks``;
* remembers the theme and reduced-motion choices under ``map/`` in ``settings`` when given;
* reads the player's rolling tables from ``user_tables_dir`` (default: ``tables`` in the
  application's data location).

``feature.actions`` maps names to QActions: ``drop_d20``, ``chart``, ``travel``, ``edit``,
``fit`` (Ctrl+0), ``zoom_in`` / ``zoom_out`` (the platform's zoom keys), ``theme`` (a submenu:
``theme_system``, ``theme_paper``, ``theme_dark``), ``orientation`` (a submenu:
``orientation_pointy``, ``orientation_flat``), ``reduced_motion`` (checkable), ``export_png``,
``export_svg``, ``export_pdf`` and ``print``. ``feature.menu_actions()`` lists them in menu order
with ``None`` for separators.

Signals worth connecting:

* ``feature.view.currentHexChanged(Hex | None)``: the hex the player clicked;
* ``feature.view.dropFinished()``: the d20 has come to rest (at once with reduced motion);
* ``feature.flows.statusMessage(str)``: a short note for the status bar (refusals also go to
  ``bridge.refused``);
* ``feature.flows.journeyFinished(TravelResult | None)``: a journey ended;
* ``feature.tables_dock.rolled(TableRoll)``: a roll on a rolling table.

On the map: the wheel or a pinch zooms towards the pointer, ``+``/``-`` zoom, the arrow keys pan,
dragging the paper (left or middle button) pans, a click makes a hex current, a double-click (or
Enter) charts or edits it, the right button opens its menu, and dragging the party token plans a
journey. Every change is an operation (``saga_desktop.model.ops.map``), journaled and undoable.
"""

from saga_desktop.ui.map.feature import MapFeature, install_map
from saga_desktop.ui.map.view import MapView

__all__ = ["MapFeature", "MapView", "install_map"]
