"""A file that cannot be opened says why in the reader's language (the detail kept as it is)."""

from __future__ import annotations

import json

import pytest

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.resources import resources_dir
from saga_desktop.storage.codec import FORMAT, FORMAT_VERSION, decode
from saga_desktop.storage.errors import CampaignFileError


def _french() -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")


def test_a_damaged_file_says_so_in_french() -> None:
    _french()
    with pytest.raises(CampaignFileError) as broken:
        decode(b'{"format": "saga-desktop/campaign", "format_')
    assert str(broken.value).startswith("Le fichier n’est pas du JSON valide (")
    with pytest.raises(CampaignFileError) as empty:
        decode(b"   ")
    assert str(empty.value) == "Le fichier est vide"


def test_a_file_from_a_newer_app_says_so_in_french() -> None:
    _french()
    newer = {"format": FORMAT, "format_version": FORMAT_VERSION + 1, "campaign": {}}
    with pytest.raises(CampaignFileError) as refused:
        decode(json.dumps(newer).encode())
    said = str(refused.value)
    assert said.startswith(f"Le fichier est au format {FORMAT_VERSION + 1}, créé par un Saga")
    assert "Mettez l’app à jour" in said


def test_in_english_the_messages_are_as_before() -> None:
    with pytest.raises(CampaignFileError) as empty:
        decode(b"   ")
    assert str(empty.value) == "The file is empty"
