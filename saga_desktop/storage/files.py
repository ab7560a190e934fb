"""Opening and saving ``.saga`` files."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from saga_desktop.i18n import number, tr
from saga_desktop.model.campaign import Campaign
from saga_desktop.storage import codec
from saga_desktop.storage.atomic import atomic_write, remove_stale_temp_files
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.codec import FORMAT_VERSION, decode, encode, size_warning
from saga_desktop.storage.errors import CampaignFileError, Problem

SUFFIX = ".saga"


@dataclass(frozen=True)
class LoadResult:
    """A campaign read from a file, and whether it had to be upgraded."""

    campaign: Campaign
    version: int
    upgrade_backup: Path | None = None
    warning: str = ""
    """Something the player must hear about although the file opened (e.g. a failed backup)."""

    @property
    def migrated(self) -> bool:
        """True when the file was in an older format."""
        return self.version < FORMAT_VERSION


def read_bytes(path: Path) -> bytes:
    """The bytes of a file, or a CampaignFileError saying why they cannot be read."""
    try:
        if path.is_dir():
            raise CampaignFileError(
                tr("{name} is a folder, not a campaign file", name=path.name), Problem.UNREADABLE
            )
        size = path.stat().st_size
        if size > codec.MAX_BYTES:  # the one limit saving enforces too
            raise CampaignFileError(
                tr(
                    "The file is {size} MB; campaign files are limited to {limit} MB",
                    size=number(size / 1048576, 0),
                    limit=codec.MAX_BYTES // 1048576,
                )
            )
        return path.read_bytes()
    except FileNotFoundError:
        raise CampaignFileError(
            tr("There is no file {name} there", name=path.name), Problem.UNREADABLE
        ) from None
    except PermissionError:
        raise CampaignFileError(
            tr("No permission to read {name}", name=path.name), Problem.UNREADABLE
        ) from None
    except OSError as exc:
        raise CampaignFileError(
            tr("{name} cannot be read ({detail})", name=path.name, detail=exc.strerror or str(exc)),
            Problem.UNREADABLE,
        ) from None


def load_campaign(path: Path, backups: BackupStore | None = None) -> LoadResult:
    """Read and check a campaign file. The file itself is never changed.

    When the file is in an older format and ``backups`` is given, the original bytes are kept as
    a backup before anything else happens.
    """
    data = read_bytes(path)
    campaign, version = decode(data)
    upgrade_backup = None
    warning = ""
    if version < FORMAT_VERSION and backups is not None:
        try:
            upgrade_backup = backups.add(path, data, f"before-upgrade-from-v{version}")
        except OSError as exc:
            warning = (
                f"The original of {path.name} could not be backed up before the upgrade "
                f"({exc.strerror or exc}); the file itself is unchanged until you save"
            )
    return LoadResult(campaign, version, upgrade_backup, warning)


@dataclass(frozen=True)
class SaveResult:
    """What a save wrote, and what the player must hear about although it succeeded."""

    data: bytes
    target: Path
    """The file really written (a symbolic link's target, not the link)."""
    backup_problem: str = ""
    """Why the backup of this save could not be written ("" when it was)."""
    near_limit: str = ""
    """A warning that the campaign nears the file size limit ("" when far from it)."""


def save_campaign(campaign: Campaign, path: Path, backups: BackupStore | None = None) -> SaveResult:
    """Write a campaign atomically, then keep a rotating backup of it.

    Raises CampaignFileError, with nothing on disk changed, when the campaign cannot be written
    (over the size limit, a value JSON cannot carry) or the folder cannot be written. A save
    through a symbolic link writes the file the link points to and leaves the link in place. A
    backup that cannot be written does not undo the save; it comes back as a warning.
    """
    data = encode(campaign)
    target = path.resolve()
    remove_stale_temp_files(target.parent, target.name)
    try:
        atomic_write(target, data)
    except PermissionError:
        raise CampaignFileError(
            tr("No permission to write {path}", path=str(path)), Problem.UNREADABLE
        ) from None
    except OSError as exc:
        raise CampaignFileError(
            tr(
                "{name} could not be saved ({detail}); the previous file is intact",
                name=path.name,
                detail=exc.strerror or str(exc),
            ),
            Problem.UNREADABLE,
        ) from None
    problem = ""
    if backups is not None:
        try:
            backups.add(target, data)
        except OSError as exc:
            problem = (
                f"{path.name} was saved, but its backup could not be written "
                f"({exc.strerror or exc})"
            )
    return SaveResult(data, target, problem, size_warning(len(data)) or "")
