"""Saga Desktop: a desktop table for card-and-dice hexcrawl roleplaying games."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("saga-desktop")
except PackageNotFoundError:  # running from a bundle without metadata
    __version__ = "0.1.0"

APP_NAME = "Saga Desktop"
ORG_NAME = "Saga Desktop"
