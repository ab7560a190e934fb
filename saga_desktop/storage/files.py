"""Opening and saving ``.saga`` files."""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from pathlib import Path

from saga_desktop.model.campaign import Campaign
from saga_desktop.storage.atomic import atomic_write
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.codec import FORMAT_VERSION, MAX_BYTES, decode, encode
from saga_desktop.storage.errors import CampaignFileError, Problem

SUFFIX = ".saga"


@dataclass(frozen=True)
class LoadResult:
    """A campaign read from a file, and whether it had to be upgraded."""

    campaign: Campaign
    version: int
    upgrade_backup: Path | None = None

    @property
    def migrated(self) -> bool:
        """True when the file was in an older format."""
        return self.version < FORMAT_VERSION


def read_bytes(path: Path) -> bytes:
    """The bytes of a file, or a CampaignFileError saying why they cannot be read."""
    try:
        if path.is_dir():
            raise CampaignFileError(
                f"{path.name} is a folder, not a campaign file", Problem.UNREADABLE
            )
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise CampaignFileError(
                f"The file is {size / 1048576:.0f} MB; campaign files are limited to "
                f"{MAX_BYTES // 1048576} MB"
            )
        return path.read_bytes()
    except FileNotFoundError:
        raise CampaignFileError(f"There is no file {path.name} there", Problem.UNREADABLE) from None
    except PermissionError:
        raise CampaignFileError(f"No permission to read {path.name}", Problem.UNREADABLE) from None
    except OSError as exc:
        raise CampaignFileError(
            f"{path.name} cannot be read ({exc.strerror or exc})", Problem.UNREADABLE
        ) from None


def load_campaign(path: Path, backups: BackupStore | None = None) -> LoadResult:
    """Read and check a campaign file. The file itself is never changed.

    When the file is in an older format and ``backups`` is given, the original bytes are kept as
    a backup before anything else happens.
    """
    data = read_bytes(path)
    campaign, version = decode(data)
    upgrade_backup = None
    if version < FORMAT_VERSION and backups is not None:
        upgrade_backup = backups.add(campaign.id, data, f"before-upgrade-from-v{version}")
    return LoadResult(campaign, version, upgrade_backup)


def save_campaign(campaign: Campaign, path: Path, backups: BackupStore | None = None) -> bytes:
    """Write a campaign atomically and keep a rotating backup of it. Returns the bytes written.

    Raises CampaignFileError (the old file untouched) when the folder cannot be written.
    """
    data = encode(campaign)
    try:
        atomic_write(path, data)
    except PermissionError:
        raise CampaignFileError(f"No permission to write {path}", Problem.UNREADABLE) from None
    except OSError as exc:
        raise CampaignFileError(
            f"{path.name} could not be saved ({exc.strerror or exc}); the previous file is intact",
            Problem.UNREADABLE,
        ) from None
    _remove_stale_temp_files(path)
    if backups is not None:
        # The save itself succeeded; a backup that cannot be written is not worth failing it.
        with contextlib.suppress(OSError):
            backups.add(campaign.id, data)
    return data


STALE_TEMP_SECONDS = 600


def _remove_stale_temp_files(path: Path) -> None:
    """Remove temp files a crash left next to the campaign (only old ones: never a live write)."""
    cutoff = time.time() - STALE_TEMP_SECONDS
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            if tmp.stat().st_mtime < cutoff:
                tmp.unlink()
