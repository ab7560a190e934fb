"""What hosting a campaign needs to start again after a crash: its ports, codes, seats and key.

It is kept in the user data folder of the GM's computer, one small file per campaign id
(``hosting/<id>.json``, readable by the GM's account only), written whole at once each time a seat
is taken. The internet endpoint's secret key and UDP port are kept too, so the players' internet
links stay good across the crash. It is not in the campaign file, the recovery slot or anything
sent to players: the codes, the key and the reconnect tokens are secrets, and the recovery slot
is dropped when the work is saved while hosting goes on. Stopping hosting on purpose forgets the
file; a crash leaves it for the next start.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from saga_desktop.storage.atomic import atomic_write

MAX_KEPT_SEATS = 64
_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_KEY = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class KeptSeat:
    """One seat as it was: its id, name, role and reconnect token, and whether the GM freed it."""

    seat_id: str
    name: str
    role: Literal["player", "gm"]
    token: str
    free: bool = False


@dataclass(frozen=True)
class KeptHosting:
    """The port, codes and seats of a campaign being hosted."""

    port: int
    join_code: str
    gm_code: str
    seats: tuple[KeptSeat, ...] = ()
    internet_key: str = ""
    """The internet endpoint's secret key (hex), empty when not hosted on the internet."""
    internet_port: int = 0
    """The UDP port the internet endpoint listened on (0: none kept)."""


class HostingStore:
    """The kept hosting states under one folder, by campaign id."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path_for(self, campaign_id: str) -> Path | None:
        """The file of ``campaign_id``, or None for an id that cannot be a file name."""
        return self.root / f"{campaign_id}.json" if _SAFE_ID.match(campaign_id) else None

    def keep(self, campaign_id: str, state: KeptHosting) -> str | None:
        """Write the state (atomically); None when written, else why not."""
        path = self.path_for(campaign_id)
        if path is None:
            return f"The campaign id {campaign_id!r} cannot name a file."
        data = {
            "port": state.port,
            "join_code": state.join_code,
            "gm_code": state.gm_code,
            "seats": [
                {
                    "seat_id": s.seat_id,
                    "name": s.name,
                    "role": s.role,
                    "token": s.token,
                    "free": s.free,
                }
                for s in state.seats
            ],
            "internet_key": state.internet_key,
            "internet_port": state.internet_port,
        }
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            atomic_write(path, json.dumps(data).encode("utf-8"))
            path.chmod(0o600)  # codes and tokens: the GM's account only
        except OSError as exc:
            return f"The hosting state could not be kept: {exc}"
        return None

    def load(self, campaign_id: str) -> KeptHosting | None:
        """The kept state of ``campaign_id``; None when there is none or it cannot be read."""
        path = self.path_for(campaign_id)
        if path is None:
            return None
        try:
            data = json.loads(path.read_bytes())
            return _parse(data)
        except (OSError, ValueError, TypeError, KeyError):
            return None

    def forget(self, campaign_id: str) -> None:
        """Remove the kept state (hosting was stopped on purpose)."""
        path = self.path_for(campaign_id)
        if path is not None:
            with contextlib.suppress(OSError):
                path.unlink()


def _text(value: object) -> str:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise ValueError("not a short text")
    return value


def _parse(data: object) -> KeptHosting:
    """The state in ``data``; ValueError (or KeyError, TypeError) when it is not one."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    port = data["port"]
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
        raise ValueError("not a port")
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) > MAX_KEPT_SEATS:
        raise ValueError("not a list of seats")
    kept = []
    for seat in seats:
        role = seat["role"]
        if role not in ("player", "gm"):
            raise ValueError("not a role")
        free = seat.get("free", False)
        if not isinstance(free, bool):
            raise ValueError("not a yes or no")
        texts = _text(seat["seat_id"]), _text(seat["name"])
        kept.append(KeptSeat(*texts, role, _text(seat["token"]), free))
    key = data.get("internet_key", "")
    if not isinstance(key, str) or (key and not _KEY.match(key)):
        raise ValueError("not an endpoint key")
    udp = data.get("internet_port", 0)
    if not isinstance(udp, int) or isinstance(udp, bool) or not 0 <= udp <= 65535:
        raise ValueError("not a port")
    codes = _text(data["join_code"]), _text(data["gm_code"])
    return KeptHosting(port, *codes, tuple(kept), key, udp)
