"""The one error a campaign file can give."""

from __future__ import annotations

import enum


class Problem(enum.Enum):
    """What kind of problem a file has; decides the exit code of ``--check``."""

    BAD_FILE = "bad-file"  # the bytes are not a campaign this version can read
    UNREADABLE = "unreadable"  # the path cannot be read at all
    NEWER = "newer"  # written by a newer version of the app


class CampaignFileError(Exception):
    """A campaign file could not be read or written. ``str(error)`` is one plain line."""

    def __init__(self, message: str, problem: Problem = Problem.BAD_FILE) -> None:
        super().__init__(message)
        self.message = message
        self.problem = problem

    def __str__(self) -> str:
        return self.message
