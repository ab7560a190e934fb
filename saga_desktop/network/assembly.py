"""A view arriving in parts, on the joining side: the outline, then each part applied in order.

The host sends a view too big for one message as an outline (a :class:`Welcome` or
:class:`Snapshot` with ``parts``) and that many :class:`ViewPart` messages right after (see
:mod:`saga_desktop.network.chunks`). An :class:`Assembly` puts them back together and refuses
anything out of place.
"""

from __future__ import annotations

from saga_desktop.network.messages import Message, Snapshot, View, ViewPart, Welcome
from saga_desktop.network.patch import PatchError, apply_patch


class AssemblyError(ValueError):
    """The parts did not arrive as announced; the message says what came instead."""


class Assembly:
    """The message that announced a view in parts, the view so far, and the parts counted."""

    def __init__(self, head: Welcome | Snapshot, outline: View) -> None:
        self.head, self.view, self.received = head, outline, 0

    def add(self, message: Message) -> Welcome | Snapshot | None:
        """Apply the next part; the announcing message with the whole view once all are in."""
        head = self.head
        if not (
            isinstance(message, ViewPart)
            and message.revision == head.revision
            and message.index == self.received
        ):
            raise AssemblyError(f"The host broke off sending the table ({message.type!r} came).")
        try:
            self.view = apply_patch(self.view, message.changes)
        except PatchError as exc:
            raise AssemblyError(
                f"The host sent a part of the table that does not fit: {exc}"
            ) from None
        self.received += 1
        if self.received < head.parts:
            return None
        return head.model_copy(update={"view": self.view, "parts": 0})
