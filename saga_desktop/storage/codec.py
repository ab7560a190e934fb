"""Campaign <-> bytes: the envelope, size and sanity limits, migrations, readable errors."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import PydanticSerializationError

from saga_desktop import app_version
from saga_desktop.i18n import number, percent, tr
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.session import error_message, error_path
from saga_desktop.storage import migrations
from saga_desktop.storage.errors import CampaignFileError, Problem
from saga_desktop.storage.hostile import clip, first_problem, looks_suspect, parse_json

FORMAT = "saga-desktop/campaign"
FORMAT_VERSION = 4
MAX_BYTES = 64 * 1024 * 1024
"""Campaign files larger than this are refused on load and never written (a 10,000-region
campaign is about 4 MB). Saving, autosaving, backups and loading all use this one limit."""

WARN_FRACTION = 0.8
"""Past this share of :data:`MAX_BYTES` the player is warned that the limit is near."""

# The first app version that writes each format version (for "needs version X" messages).
WRITTEN_BY: dict[int, str] = {1: "0.1", 2: "0.2", 3: "0.3", 4: "0.4"}


class Envelope(BaseModel):
    """The outer object of a ``.saga`` file."""

    model_config = ConfigDict(extra="forbid")

    format: str
    format_version: int
    campaign: Campaign


def encode(campaign: Campaign) -> bytes:
    """The file's bytes for a campaign (UTF-8 JSON, the current format version).

    Raises :class:`CampaignFileError` (nothing written anywhere) when the campaign cannot be
    written as a file this app would open again: too large, or holding a value JSON cannot carry.
    """
    env = Envelope(format=FORMAT, format_version=FORMAT_VERSION, campaign=campaign)
    try:
        data = env.model_dump_json(indent=1).encode("utf-8") + b"\n"
    except (PydanticSerializationError, ValueError) as exc:
        raise CampaignFileError(
            tr(
                "The campaign holds a value that cannot be written to a file ({detail})",
                detail=clip(exc, 160),
            )
        ) from None
    check_size(len(data))
    return data


def check_size(size: int) -> None:
    """Refuse a campaign of ``size`` bytes when it is over the limit loading enforces."""
    if size > MAX_BYTES:
        raise CampaignFileError(
            tr(
                "The campaign would take {size} MB; campaign files are limited to {limit} MB, "
                "so it was not written. Export the journal and remove old entries, or start a "
                "new campaign for the next chapter",
                size=number(size / 1048576, 1),
                limit=MAX_BYTES // 1048576,
            )
        )


def size_warning(size: int) -> str | None:
    """A warning for the player once a campaign of ``size`` bytes nears the limit, else None."""
    if size <= MAX_BYTES * WARN_FRACTION:
        return None
    return tr(
        "This campaign takes {size} MB, {share} of the {limit} MB a campaign file may hold. "
        "Export the journal and trim it, or start a new campaign for the next chapter, before "
        "it cannot be saved",
        size=number(size / 1048576, 1),
        share=percent(size / MAX_BYTES),
        limit=MAX_BYTES // 1048576,
    )


def decode(data: bytes) -> tuple[Campaign, int]:
    """Read a campaign from a file's bytes; returns it with the format version it was written in.

    Raises :class:`CampaignFileError` with one plain line naming the problem and, for a bad
    value, the field path (``campaign.map.regions[3].risk: ...``).
    """
    if len(data) > MAX_BYTES:
        raise CampaignFileError(
            tr(
                "The file is {size} MB; campaign files are limited to {limit} MB",
                size=number(len(data) / 1048576, 0),
                limit=MAX_BYTES // 1048576,
            )
        )
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        # Fast path: the current version, read and checked in one pass.
        env = Envelope.model_validate_json(data)
        if (
            env.format == FORMAT
            and env.format_version == FORMAT_VERSION
            and not looks_suspect(data)
        ):
            return _checked(env.campaign), FORMAT_VERSION
    except (ValidationError, ValueError, RecursionError):
        pass
    return _decode_carefully(data)


def _checked(campaign: Campaign) -> Campaign:
    """Checks the models cannot make one entry at a time: journal ids are unique."""
    seen: set[int] = set()
    for i, entry in enumerate(campaign.journal):
        if entry.id in seen:
            raise CampaignFileError(
                tr(
                    "campaign.journal[{i}].id: {id} is the id of an earlier entry too",
                    i=i,
                    id=entry.id,
                )
            )
        seen.add(entry.id)
    return campaign


def describe(exc: ValidationError, prefix: str = "campaign") -> str:
    """One line for the first problem of a validation error: the field path, then what is wrong.

    Input quoted by a message is cut to :data:`~saga_desktop.storage.hostile.QUOTE_LIMIT`.
    """
    err = exc.errors(include_url=False)[0]
    path = error_path(err, prefix)
    msg = error_message(err)
    value = err.get("input")
    if isinstance(value, str) and len(value) > 20 and value in msg:
        msg = msg.replace(value, clip(value))
    msg = clip(msg, 240)
    return f"{path}: {msg}" if path else msg


def _decode_carefully(data: bytes) -> tuple[Campaign, int]:
    if not data.strip():
        raise CampaignFileError(tr("The file is empty"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = "0x" + format(data[exc.start], "02x")
        raise CampaignFileError(
            tr(
                "The file is not UTF-8 text (byte {byte} at offset {offset}); is it really a "
                ".saga campaign?",
                byte=byte,
                offset=exc.start,
            )
        ) from None
    try:
        raw, marked = parse_json(text)
    except json.JSONDecodeError as exc:
        raise CampaignFileError(
            tr(
                "The file is not valid JSON ({detail} at line {line}, column {column}); it may "
                "be truncated or damaged",
                detail=exc.msg,
                line=exc.lineno,
                column=exc.colno,
            )
        ) from None
    except RecursionError:
        raise CampaignFileError(tr("The file is nested too deeply to be a campaign")) from None
    problem = first_problem(raw) if marked else None
    if problem:
        raise CampaignFileError(problem)
    version = _check_envelope(raw)
    campaign_data: Any = raw["campaign"]
    if version < FORMAT_VERSION:
        if not isinstance(campaign_data, dict):
            raise CampaignFileError(tr("campaign: must be an object"))
        try:
            campaign_data = migrations.migrate(campaign_data, version, FORMAT_VERSION)
        except (KeyError, TypeError, ValueError) as exc:
            raise CampaignFileError(
                tr(
                    "The file is in format version {version} but could not be upgraded ({detail})",
                    version=version,
                    detail=clip(exc, 160),
                )
            ) from None
    try:
        return _checked(Campaign.model_validate(campaign_data)), version
    except ValidationError as exc:
        raise CampaignFileError(describe(exc)) from None
    except RecursionError:
        raise CampaignFileError(tr("The file is nested too deeply to be a campaign")) from None
    except ValueError as exc:  # e.g. a text the validators cannot read
        raise CampaignFileError(f"campaign: {clip(exc, 160)}") from None


def _check_envelope(raw: Any) -> int:
    if not isinstance(raw, dict):
        raise CampaignFileError(
            tr("The file is JSON but not a Saga Desktop campaign (no envelope)")
        )
    fmt = raw.get("format")
    if fmt != FORMAT:
        raise CampaignFileError(
            tr(
                "format: expected '{expected}', found {found}; this is not a Saga Desktop campaign",
                expected=FORMAT,
                found=clip(json.dumps(fmt)),
            )
        )
    version = raw.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise CampaignFileError(tr("format_version: must be a whole number from 1 up"))
    if version > FORMAT_VERSION:
        raise CampaignFileError(
            tr(
                "The file is in format version {version}, made by a newer Saga Desktop; this is "
                "version {app}, which reads up to format {known}. Update the app to open it",
                version=clip(version, 12),
                app=app_version(),
                known=FORMAT_VERSION,
            ),
            Problem.NEWER,
        )
    extra = sorted(set(raw) - {"format", "format_version", "campaign"})
    if extra:
        raise CampaignFileError(tr("{field}: unknown field in the envelope", field=clip(extra[0])))
    if "campaign" not in raw:
        raise CampaignFileError(tr("campaign: missing"))
    return version
