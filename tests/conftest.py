"""Test set-up shared by every test: Qt runs offscreen and settings stay out of the user's home."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
