"""What the map's gestures and menu entries do: each flow ends in one or more operations.

Dialogs open window-modal but without blocking (``open()``), and each flow continues from the
dialog's ``finished`` signal, so a journey can chart several hexes one after another and tests
can drive every dialog through :attr:`MapFlows.dialogOpened`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, Signal
from PySide6.QtWidgets import QDialog, QMenu, QWidget

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import english
from saga_desktop.model.campaign import Region
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ops.map import (
    ChartResult,
    DeleteRegion,
    DropD20,
    DropResult,
    MoveParty,
    SetOrientation,
    SetRegionHidden,
    StepRegionRisk,
    Travel,
    straight_path,
)
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.ruleset import TravelMode
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.announce import announce
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.elide import MENU_TITLE_EMS, elide
from saga_desktop.ui.map.chart_dialog import ChartDialog, EditRegionDialog
from saga_desktop.ui.map.token_flows import TokenFlows
from saga_desktop.ui.map.travel import TravelDialog
from saga_desktop.ui.map.view import MapView
from saga_desktop.ui.rolling_tables.library import TableLibrary

ChartDone = Callable[[ChartResult | None], None]


def drop_words(result: DropResult, region: Region | None) -> str:
    """What is said when the d20 lands: its face, its hex, and what lies there."""
    where = {"face": result.face, "q": result.q, "r": result.r}
    if region is None:
        return tr(
            "The d20 landed showing {face}, on hex {q}, {r}. The party starts here. "
            "Uncharted land: describe the region.",
            **where,
        )
    if region.title:
        return tr(
            "The d20 landed showing {face}, on hex {q}, {r}. The party starts here. "
            "Region {number} — {title}.",
            number=region.number,
            title=region.title,
            **where,
        )
    return tr(
        "The d20 landed showing {face}, on hex {q}, {r}. The party starts here. Region {number}.",
        number=region.number,
        **where,
    )


class MapFlows(QObject):
    """Turns map gestures into dialogs and operations."""

    dialogOpened = Signal(QDialog)
    """A flow opened a dialog (tests answer it; nothing else needs this)."""
    journeyFinished = Signal(object)
    """A journey ended: the TravelResult, or None when it was called off before any step."""
    statusMessage = Signal(str)
    """A short message for the status bar."""

    def __init__(self, bridge: SessionBridge, view: MapView, library: TableLibrary | None) -> None:
        super().__init__(view)
        self.bridge = bridge
        self.view = view
        self.library = library
        self.travel_mode: TravelMode | None = None
        self._pending_drop: Hex | None = None
        view.hexActivated.connect(self.activate)
        view.contextMenuWanted.connect(self.show_context_menu)
        view.partyDropped.connect(self.plan_travel)
        view.dropFinished.connect(self._drop_landed)
        view.startRequested.connect(self.begin)
        self.tokens = TokenFlows(self)

    @property
    def parent_widget(self) -> QWidget:
        """Where dialogs open."""
        return self.view.window()

    def region_at(self, h: Hex | None) -> Region | None:
        """The region charted at a hex."""
        return None if h is None else self.bridge.session.campaign.map.region_at(h.q, h.r)

    def current_region(self) -> Region | None:
        """The region of the current hex, else the one where the party stands."""
        region = self.region_at(self.view.current_hex)
        if region is None:
            party = self.bridge.session.campaign.map.party
            region = self.region_at(party.hex if party else None)
        return region

    def apply(self, op: Operation) -> tuple[bool, object]:
        """Apply an operation; a refusal goes to the status bar (no blocking message box)."""
        try:
            return True, self.bridge.try_apply(op)
        except OperationError as exc:
            self.bridge.refused.emit(str(exc))
            self.statusMessage.emit(str(exc))
            return False, None

    def _open(self, dialog: QDialog) -> None:
        self.dialogOpened.emit(dialog)
        dialog.open()

    # -- charting and editing -----------------------------------------------------------------

    def activate(self, h: Hex) -> None:
        """Double-click or Enter: chart an uncharted hex, edit a charted one."""
        if self.region_at(h) is None:
            self.chart_hex(h)
        else:
            self.edit_region(h)

    def chart_hex(
        self, h: Hex | None = None, context: str = "", on_done: ChartDone | None = None
    ) -> ChartDialog | None:
        """Open the charting dialog for a hex (the current one by default)."""
        h = h if h is not None else self.view.current_hex
        if h is None:
            self.statusMessage.emit(tr("Click a hex first, then chart it."))
            return None
        if self.region_at(h) is not None:
            self.statusMessage.emit(tr("Hex ({q}, {r}) is already charted.", q=h.q, r=h.r))
            if on_done is not None:
                on_done(None)
            return None
        dialog = ChartDialog(self.bridge, h, self.library, self.parent_widget, context)

        def finished(_code: int) -> None:
            dialog.deleteLater()
            if on_done is not None:
                on_done(dialog.result_record)

        dialog.finished.connect(finished)
        self._open(dialog)
        return dialog

    def edit_region(
        self, h: Hex | None = None, *, focus_gm: bool = False
    ) -> EditRegionDialog | None:
        """Open the region's description for editing."""
        h = h if h is not None else self.view.current_hex
        region = self.region_at(h)
        if region is None:
            return None
        dialog = EditRegionDialog(
            self.bridge, region, self.library, self.parent_widget, focus_gm=focus_gm
        )
        dialog.finished.connect(lambda _c: dialog.deleteLater())
        self._open(dialog)
        return dialog

    def step_risk(self, h: Hex, steps: int) -> None:
        """Step a region's risk rating up or down."""
        self.apply(StepRegionRisk(h.q, h.r, steps))

    def set_hidden(self, h: Hex, hidden: bool) -> None:
        """Hide a region from the players, or show it."""
        self.apply(SetRegionHidden(h.q, h.r, hidden))

    def delete_region(self, h: Hex) -> None:
        """Delete a region (undo brings it back)."""
        region = self.region_at(h)
        if region is not None and self.apply(DeleteRegion(h.q, h.r))[0]:
            self.statusMessage.emit(
                tr("Region {number} deleted. Undo brings it back.", number=region.number)
            )

    def set_orientation(self, name: str) -> None:
        """Pointy- or flat-topped hexes."""
        if self.bridge.session.campaign.map.orientation != name:
            self.apply(SetOrientation("flat" if name == "flat" else "pointy"))

    # -- the d20 drop --------------------------------------------------------------------------

    def begin(self) -> None:
        """Start an empty map the game's way: drop the d20, or chart the hex in the middle."""
        if self.view.charting.start_drop:
            self.drop_d20()
        else:
            centre = self.view.hex_at_view(self.view.viewport().rect().center())
            self.view.set_current_hex(centre)
            self.chart_hex(centre)

    def drop_d20(self) -> None:
        """Drop the d20 on the sheet in view; then chart where it lands if that is new land."""
        if not self.view.charting.start_drop:
            self.statusMessage.emit(tr("This game places the party by hand: no die is dropped."))
            return
        m = self.bridge.session.campaign.map
        if m.regions or m.party is not None:
            centre = self.view.hex_at_view(self.view.viewport().rect().center())
        else:
            centre = Hex(0, 0)
        ok, result = self.apply(DropD20(centre.q, centre.r))
        if ok and isinstance(result, DropResult):
            self._pending_drop = Hex(result.q, result.r)
            self.view.set_current_hex(self._pending_drop)
            announce(self.view, drop_words(result, self.region_at(self._pending_drop)))

    def _drop_landed(self) -> None:
        h, self._pending_drop = self._pending_drop, None
        party = self.bridge.session.campaign.map.party
        if h is None or party is None or party.hex != h:
            return  # the drop was undone while the die was falling
        if self.region_at(h) is None:
            context = tr("The d20 came to rest here: describe the region where the party starts.")
            self.chart_hex(h, context, lambda done: self._take_back_drop(h, done))

    def _take_back_drop(self, h: Hex, done: ChartResult | None) -> None:
        """The opening region was not described: the drop is taken back, not left half done."""
        if done is not None or self.region_at(h) is not None:  # a GM's seat has no record
            return
        session = self.bridge.session
        party = session.campaign.map.party
        if (
            english(session.undo_label or "") == "Drop the d20"
            and party is not None
            and party.hex == h
        ):
            session.undo()
            self.statusMessage.emit(tr("The d20 drop was taken back: drop it again when ready."))

    # -- travel --------------------------------------------------------------------------------

    def plan_travel(self, h: Hex | None = None) -> TravelDialog | None:
        """Open the travel planner for a straight journey from the party to a hex."""
        h = h if h is not None else self.view.current_hex
        m = self.bridge.session.campaign.map
        if h is None:
            return None
        if m.party is None:
            if self.view.charting.start_drop:
                said = tr("The party is not on the map yet: drop the d20 first.")
            else:
                said = tr("The party is not on the map yet: place the party first.")
            self.statusMessage.emit(said)
            return None
        start = m.party.hex
        if h == start:
            return None
        path = straight_path(start, h)
        game = find_ruleset(self.bridge.session.campaign.ruleset)
        dialog = TravelDialog(
            m, start, path, game.travel_modes(), self.travel_mode, self.parent_widget,
            hex_miles=game.hex_miles,
        )  # fmt: skip
        self.view.show_path([start, *path])

        def finished(code: int) -> None:
            self.view.show_path([])
            dialog.deleteLater()
            if code == QDialog.DialogCode.Accepted:
                self.travel_mode = dialog.mode()
                self.travel(path, dialog.mode())

        dialog.finished.connect(finished)
        self._open(dialog)
        return dialog

    def travel(self, path: list[Hex], mode: TravelMode) -> None:
        """Enter the hexes of ``path`` in turn, charting new ones, then apply the journey."""
        done: list[Hex] = []

        def step(i: int) -> None:
            if i == len(path):
                finish()
                return
            h = path[i]
            if self.region_at(h) is not None:
                done.append(h)
                step(i + 1)
                return
            context = tr(
                "Entering hex {step} of {steps} on the journey.", step=i + 1, steps=len(path)
            )

            def charted(result: ChartResult | None) -> None:
                if result is None:
                    self.statusMessage.emit(tr("The journey stops before the uncharted hex."))
                    finish()
                else:
                    done.append(h)
                    step(i + 1)

            self.chart_hex(h, context, charted)

        def finish() -> None:
            result = None
            if done:
                op = Travel(tuple((h.q, h.r) for h in done), mode.id)
                result = self.apply(op)[1]
            self.journeyFinished.emit(result)

        step(0)

    def move_party_here(self, h: Hex) -> None:
        """Put the party on a hex without travelling."""
        self.apply(MoveParty(h.q, h.r))

    # -- the context menu ------------------------------------------------------------------------

    def context_menu(self, h: Hex) -> QMenu:
        """The menu of a hex: chart, travel, risk (where the game has it), edit, hide, delete."""
        menu = QMenu(self.view)
        region = self.region_at(h)
        m = self.bridge.session.campaign.map
        party_here = m.party is not None and m.party.hex == h
        if region is None:
            menu.addAction(tr(self.view.words.chart), lambda: self.chart_hex(h))
        else:
            metrics = menu.fontMetrics()
            title = elide(metrics, region.title, metrics.averageCharWidth() * MENU_TITLE_EMS)
            if title:
                section = tr("Region {number} — {title}", number=region.number, title=title)
            else:
                section = tr("Region {number}", number=region.number)
            menu.addSection(section)
        travel = menu.addAction(tr("&Travel here…"), lambda: self.plan_travel(h))
        travel.setEnabled(m.party is not None and not party_here)
        place = menu.addAction(tr("&Place the party here"), lambda: self.move_party_here(h))
        place.setEnabled(not party_here)
        if region is not None:
            menu.addSeparator()
            if self.view.charting.risk:
                menu.addAction(tr("Step risk &up"), lambda: self.step_risk(h, 1))
                menu.addAction(tr("Step risk &down"), lambda: self.step_risk(h, -1))
                menu.addSeparator()
            menu.addAction(tr("&Edit region…"), lambda: self.edit_region(h))
            menu.addAction(tr("&GM-only note…"), lambda: self.edit_region(h, focus_gm=True))
            hide = menu.addAction(tr("&Hide from players"))
            hide.setCheckable(True)
            hide.setChecked(region.hidden)
            hide.toggled.connect(lambda on: self.set_hidden(h, on))
            menu.addSeparator()
            menu.addAction(tr("De&lete region"), lambda: self.delete_region(h))
        self.tokens.add_to_menu(menu, h)
        return menu

    def show_context_menu(self, h: Hex, global_pos: QPoint) -> None:
        """Pop the hex's menu up at a screen position."""
        menu = self.context_menu(h)
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(global_pos)
