"""Campaign <-> bytes: the envelope, size and sanity limits, migrations, readable errors."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from saga_desktop import app_version
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.session import describe_validation_error
from saga_desktop.storage import migrations
from saga_desktop.storage.errors import CampaignFileError, Problem

FORMAT = "saga-desktop/campaign"
FORMAT_VERSION = 2
MAX_BYTES = 64 * 1024 * 1024
"""Campaign files larger than this are refused (a 10,000-region campaign is about 4 MB)."""

# The first app version that writes each format version (for "needs version X" messages).
WRITTEN_BY: dict[int, str] = {1: "0.1", 2: "0.2"}


class Envelope(BaseModel):
    """The outer object of a ``.saga`` file."""

    model_config = ConfigDict(extra="forbid")

    format: str
    format_version: int
    campaign: Campaign


def encode(campaign: Campaign) -> bytes:
    """The file's bytes for a campaign (UTF-8 JSON, the current format version)."""
    env = Envelope(format=FORMAT, format_version=FORMAT_VERSION, campaign=campaign)
    return env.model_dump_json(indent=1).encode("utf-8") + b"\n"


def decode(data: bytes) -> tuple[Campaign, int]:
    """Read a campaign from a file's bytes; returns it with the format version it was written in.

    Raises :class:`CampaignFileError` with one plain line naming the problem and, for a bad
    value, the field path (``campaign.map.regions[3].risk: ...``).
    """
    if len(data) > MAX_BYTES:
        raise CampaignFileError(
            f"The file is {len(data) / 1048576:.0f} MB; campaign files are limited to "
            f"{MAX_BYTES // 1048576} MB"
        )
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        # Fast path: the current version, read and checked in one pass.
        env = Envelope.model_validate_json(data)
        if env.format == FORMAT and env.format_version == FORMAT_VERSION:
            return env.campaign, FORMAT_VERSION
    except (ValidationError, ValueError, RecursionError):
        pass
    return _decode_carefully(data)


def _decode_carefully(data: bytes) -> tuple[Campaign, int]:
    if not data.strip():
        raise CampaignFileError("The file is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CampaignFileError(
            f"The file is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "is it really a .saga campaign?"
        ) from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CampaignFileError(
            f"The file is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}); "
            "it may be truncated or damaged"
        ) from None
    except RecursionError:
        raise CampaignFileError("The file is nested too deeply to be a campaign") from None
    version = _check_envelope(raw)
    campaign_data: Any = raw["campaign"]
    if version < FORMAT_VERSION:
        if not isinstance(campaign_data, dict):
            raise CampaignFileError("campaign: must be an object")
        try:
            campaign_data = migrations.migrate(campaign_data, version, FORMAT_VERSION)
        except (KeyError, TypeError, ValueError) as exc:
            raise CampaignFileError(
                f"The file is in format version {version} but could not be upgraded ({exc})"
            ) from None
    try:
        return Campaign.model_validate(campaign_data), version
    except ValidationError as exc:
        raise CampaignFileError(describe_validation_error(exc, "campaign")) from None
    except RecursionError:
        raise CampaignFileError("The file is nested too deeply to be a campaign") from None


def _check_envelope(raw: Any) -> int:
    if not isinstance(raw, dict):
        raise CampaignFileError("The file is JSON but not a Saga Desktop campaign (no envelope)")
    fmt = raw.get("format")
    if fmt != FORMAT:
        raise CampaignFileError(
            f"format: expected '{FORMAT}', found {json.dumps(fmt)[:60]}; "
            "this is not a Saga Desktop campaign"
        )
    version = raw.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise CampaignFileError("format_version: must be a whole number from 1 up")
    if version > FORMAT_VERSION:
        raise CampaignFileError(
            f"The file is in format version {version}, made by a newer Saga Desktop; this is "
            f"version {app_version()}, which reads up to format {FORMAT_VERSION}. Update the app "
            "to open it",
            Problem.NEWER,
        )
    extra = sorted(set(raw) - {"format", "format_version", "campaign"})
    if extra:
        raise CampaignFileError(f"{extra[0]}: unknown field in the envelope")
    if "campaign" not in raw:
        raise CampaignFileError("campaign: missing")
    return version
