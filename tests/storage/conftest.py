from __future__ import annotations

from pathlib import Path

import pytest

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.songs.sample import sample_campaign
from saga_desktop.storage import encode


@pytest.fixture(scope="session")
def sample() -> Campaign:
    return sample_campaign()


@pytest.fixture
def sample_bytes(sample: Campaign) -> bytes:
    return encode(sample)


@pytest.fixture
def sample_file(tmp_path: Path, sample_bytes: bytes) -> Path:
    path = tmp_path / "saga.saga"
    path.write_bytes(sample_bytes)
    return path
