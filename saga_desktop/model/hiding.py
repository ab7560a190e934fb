"""Whether a region or token is hidden from a viewer.

The visibility function and the journal's marks (which veil the lines naming hidden things) both
apply this rule; it is kept here so that neither imports the other.
"""

from __future__ import annotations

from saga_desktop.model.campaign import Region, Token
from saga_desktop.model.ruleset import Viewer


def hides_region(region: Region, viewer: Viewer) -> bool:
    """True when ``region`` is hidden from ``viewer`` (the GM sees every region)."""
    return region.hidden and not viewer.is_gm


def hides_token(token: Token, viewer: Viewer) -> bool:
    """True when ``token`` is hidden from ``viewer`` (the GM sees every token)."""
    return token.hidden and not viewer.is_gm
