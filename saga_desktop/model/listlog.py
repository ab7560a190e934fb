"""What one operation did to the campaign's big lists (regions, journal), from their own logs.

The session records both lists around an operation (:class:`ListRecorder`); the result,
:class:`ListChanges`, names the regions and journal lines touched and takes them back or makes
them again exactly. Its cost follows the change, not the size of the campaign.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from saga_desktop.model.campaign import Campaign, JournalEntry, Region
from saga_desktop.model.changes import Aspect
from saga_desktop.model.indexed import JournalList, RegionList
from saga_desktop.model.tracked import Edit, net_change


@dataclass(frozen=True, slots=True)
class ListChanges:
    """The logs of the regions and the journal, and what they touched."""

    regions: tuple[Edit, ...] = ()
    journal: tuple[Edit, ...] = ()
    coords: frozenset[tuple[int, int]] = frozenset()
    """The hexes of regions added, removed or replaced."""
    entry_ids: frozenset[int] = frozenset()
    """The ids of journal entries added, removed or replaced."""
    new_regions: tuple[Region, ...] = ()
    new_entries: tuple[JournalEntry, ...] = ()

    @property
    def aspects(self) -> Aspect:
        """REGIONS when a region changed, JOURNAL when the journal did (a reorder included)."""
        out = Aspect.REGIONS if self.coords else Aspect.NONE
        if self.entry_ids or any(_effective(e) for e in self.journal):
            out |= Aspect.JOURNAL
        return out

    def undo(self, campaign: Campaign) -> None:
        """Take the changes back from the live campaign."""
        campaign.indexed_journal().undo(self.journal)
        campaign.map.indexed_regions().undo(self.regions)

    def redo(self, campaign: Campaign) -> None:
        """Make the changes again on the live campaign."""
        campaign.map.indexed_regions().redo(self.regions)
        campaign.indexed_journal().redo(self.journal)


class ListRecorder:
    """Logs the regions and the journal of ``campaign`` from now until :meth:`finish`."""

    def __init__(self, campaign: Campaign) -> None:
        self._regions = campaign.map.indexed_regions()
        self._journal = campaign.indexed_journal()
        self._regions.record()
        self._journal.record()

    def finish(self, campaign: Campaign) -> ListChanges:
        """Stop logging; what changed (a list replaced whole counts as one whole edit)."""
        regions = _logged(self._regions, campaign.map.indexed_regions())
        journal = _logged(self._journal, campaign.indexed_journal())
        new_regions, old_regions = net_change(regions)
        new_entries, old_entries = net_change(journal)
        return ListChanges(
            regions,
            journal,
            frozenset((r.q, r.r) for r in (*new_regions, *old_regions)),
            frozenset(e.id for e in (*new_entries, *old_entries)),
            tuple(new_regions),
            tuple(new_entries),
        )

    def roll_back(self, campaign: Campaign) -> None:
        """Stop logging and put both lists back as they were when recording began."""
        self._regions.undo(self._regions.stop())
        self._journal.undo(self._journal.stop())
        if campaign.map.regions is not self._regions:
            campaign.map.regions = self._regions
        if campaign.journal is not self._journal:
            campaign.journal = self._journal


def _logged(recorded: RegionList | JournalList, live: RegionList | JournalList) -> tuple[Edit, ...]:
    edits = recorded.stop()
    if live is recorded:
        return edits
    recorded.undo(edits)  # the operation put a new list in its place: one whole edit
    return (Edit("all", 0, tuple(recorded), tuple(live)),)


def _effective(edit: Edit) -> bool:
    if edit.kind == "set":
        return edit.old is not edit.new
    if edit.kind == "all":
        old: Sequence[object] = edit.old
        new: Sequence[object] = edit.new
        return len(old) != len(new) or any(a is not b for a, b in zip(old, new, strict=True))
    return True
