"""A generated campaign of realistic size for benchmarks: many regions, a long journal."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from saga_desktop.model.campaign import Campaign, JournalEntry, Region
from saga_desktop.model.factory import new_campaign
from saga_desktop.rules.hexgrid import Hex

WORDS = (
    "glass cliffs hum under a bent sky where the old road ends in salt and the tide "
    "remembers a drowned tower of copper bells lit by a gate that never closes"
).split()


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def big_campaign(regions: int = 10_000, journal: int = 5_000, seed: int = 11) -> Campaign:
    """A campaign with ``regions`` charted hexes (a filled spiral) and ``journal`` entries."""
    rng = random.Random(seed)
    campaign = new_campaign("Benchmark saga", rng=random.Random(seed))
    hexes = Hex(0, 0).spiral(200)
    campaign.map.regions = [
        Region(
            q=h.q,
            r=h.r,
            number=i + 1,
            title=_text(rng, 3)[:-1],
            notes=_text(rng, 30),
            gm_notes=_text(rng, 12) if i % 3 == 0 else "",
            terrain=rng.choice(["glass dunes", "fen", "copper forest", "ashen hills"]),
            risk=rng.randint(1, 3),
            risk_card=rng.choice(["AH", "7S", "10D", "QC"]),
            visited=rng.random() < 0.5,
        )
        for i, h in zip(range(regions), hexes, strict=False)
    ]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    campaign.journal = [
        JournalEntry(
            id=i + 1,
            at=start + timedelta(minutes=i),
            kind=rng.choice(["roll", "note", "chart", "rest", "oracle"]),
            text=_text(rng, 16),
            details={"d20": rng.randint(1, 20), "cards": ["7S", "QH"], "dr": 12},
            region=rng.randint(1, max(1, regions)),
            day=i // 20,
        )
        for i in range(journal)
    ]
    return campaign


def grown(campaign: Campaign, regions: int = 10_000, journal: int = 5_000, seed: int = 11) -> None:
    """Add ``regions`` charted hexes and ``journal`` older lines to a campaign (the sample, say),
    so its characters, cards and play stay as they were: only the map and the journal grow."""
    rng = random.Random(seed)
    m = campaign.map
    taken = {(r.q, r.r) for r in m.regions}
    number = max((r.number for r in m.regions), default=0)
    added: list[Region] = []
    for h in Hex(0, 0).spiral(200):
        if len(added) == regions:
            break
        if (h.q, h.r) in taken:
            continue
        number += 1
        added.append(
            Region(
                q=h.q,
                r=h.r,
                number=number,
                title=_text(rng, 3)[:-1],
                notes=_text(rng, 30),
                gm_notes=_text(rng, 12) if number % 3 == 0 else "",
                risk=rng.randint(1, 3),
                visited=rng.random() < 0.5,
            )
        )
    m.regions = [*m.regions, *added]
    first = max((e.id for e in campaign.journal), default=0) + 1
    start = datetime(2025, 1, 1, tzinfo=UTC)
    campaign.journal = [
        *campaign.journal,
        *(
            JournalEntry(
                id=first + i,
                at=start + timedelta(minutes=i),
                kind=rng.choice(["roll", "note", "chart", "rest", "oracle"]),
                text=_text(rng, 16),
                details={"d20": rng.randint(1, 20), "cards": ["7S", "QH"], "dr": 12},
                region=rng.randint(1, number),
                day=i // 20,
            )
            for i in range(journal)
        ),
    ]
