"""Operations on the campaign itself."""

from __future__ import annotations

from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.types import NAME_MAX


@dataclass(frozen=True)
class EditCampaign(Operation):
    """Rename the campaign or change its description."""

    name: str
    description: str

    @property
    @override
    def label(self) -> str:
        return "Edit campaign details"

    @override
    def apply(self, ctx: Context) -> None:
        name = self.name.strip()
        if not name:
            raise OperationError("A campaign needs a name")
        if len(name) > NAME_MAX:
            raise OperationError(f"A campaign name has at most {NAME_MAX} characters")
        c = ctx.campaign
        if name == c.name and self.description == c.description:
            raise OperationError("Nothing to change")
        c.name = name
        c.description = self.description
        ctx.log("campaign", f"The campaign is now called {name}.")
