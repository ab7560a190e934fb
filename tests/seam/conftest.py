"""The window tests here close windows with unsaved work: answer Discard, as tests/ui does."""

from __future__ import annotations

import pytest

from saga_desktop.ui import files as files_module
from saga_desktop.ui.messages import Button


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)
