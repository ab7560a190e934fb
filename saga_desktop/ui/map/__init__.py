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
* remembers the theme under ``map/`` in ``settings`` when given; the d20 follows the window's
  shared reduced-motion switch (``saga_desktop.ui.cardtable.motion.shared_motion``);
* reads the player's rolling tables from ``user_tables_dir`` (default: ``tables`` in the
  application's data location);
* speaks the open game (``charting``): the model's ``Ruleset.charting`` says whether the party's
  start is found by a die drop, whether regions have risk ratings and whether charting reveals a
  card; the words come from ``register_charting_words`` (Songs & Sagas registers its own, every
  other game gets a plain "Add a region"). A game without a drop hides ``drop_d20``, one
  without risk shows no Risk column, badge or menu entry.

``feature.actions`` maps names to QActions: ``drop_d20`` (Ctrl+Shift+D; enabled until the
party is on the map: the d20 is dropped once), ``chart``, ``travel``, ``edit``,
``fit`` (Ctrl+0), ``zoom_in`` / ``zoom_out`` (the platform's zoom keys), ``theme`` (a submenu:
``theme_system``, ``theme_paper``, ``theme_dark``), ``orientation`` (a submenu:
``orientation_pointy``, ``orientation_flat``), ``reduced_motion`` (the window's shared
checkable action, shown in View, not in the Map menu), ``export_png``, ``export_svg``,
``export_pdf`` and ``print``. ``feature.menu_actions()`` lists the Map menu in order with
``None`` for separators.

Signals worth connecting:

* ``feature.view.currentHexChanged(Hex | None)``: the hex the player clicked;
* ``feature.view.dropFinished()``: the d20 has come to rest (at once with reduced motion);
* ``feature.view.startRequested()``: the button on an empty map was pressed (the flows drop the
  d20, or open the charting dialog on the middle hex);
* ``feature.flows.statusMessage(str)``: a short note for the status bar (refusals also go to
  ``bridge.refused``);
* ``feature.flows.journeyFinished(TravelResult | None)``: a journey ended;
* ``feature.tables_dock.rolled(TableRoll)``: a roll on a rolling table.

On the map: the wheel or a pinch zooms towards the pointer, ``+``/``-`` zoom, the arrow keys pan,
dragging the paper (left or middle button) pans, a click makes a hex current, a double-click (or
Enter) charts or edits it, the right button opens its menu, and dragging the party token plans a
journey. Every change is an operation (``saga_desktop.model.ops.map``), journaled and undoable.

How it is drawn (see each module's docstring):

* ``index``: the regions by ``(q, r)`` and by block of 8 x 8 hexes, kept in step with the change
  reports (no item per region; hover, clicks and menus look hexes up here);
* ``art`` / ``lettering``: each block's regions as a few batched shapes and glyph runs, in scene
  units, built once and dropped when a region in the block changes;
* ``paint``: the still map (paper, fog, tints, grid, edges, numbers, badges, marks) for any painter;
* ``tiles`` / ``stamps``: the view copies the still map from tiles painted at its exact scale and
  device pixel ratio (an LRU cache keyed by look, zoom and tile), stands in scaled tiles while the
  zoom moves, and stamps small marks pre-painted at that scale;
* ``scene`` / ``view``: the items that move (party, cursor, highlight, path, d20) and the widget.

The players' map (the Player View's centre)::

    from saga_desktop.ui.map import player_map      # a MapFactory: (bridge, parent) -> QWidget

    players = player_map(bridge, parent)             # same as MapView(bridge, parent, player=True)
    gm = feature.view
    gm.viewChanged.connect(players.follow)           # (centre: QPointF, scale: float), <= 1/frame
    gm.pathChanged.connect(players.show_path)        # the planned journey, list[Hex]
    players.show_region(q, r)                        # centre and ring it ("Show to players");
                                                     # False for an uncharted or hidden hex
    players.clear_highlight()                        # take the ring away

It holds only what players may see (hidden regions are left out of its index, other regions are
copied without their GM-only notes), fogs uncharted land, shows numbers, risk badges, the party
and the path, answers hovers with public notes only, takes no edits (no menu, no double-click, no
dragging the token) and plays the d20 drop from the same change reports as the GM's map.
``centre()`` and ``scale_factor()`` read a map's own centre and scale.
"""

from saga_desktop.ui.map.feature import MapFeature, install_map
from saga_desktop.ui.map.view import MapView, player_map

__all__ = ["MapFeature", "MapView", "install_map", "player_map"]
