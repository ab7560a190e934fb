"""The JSON Schema of the campaign file, generated from the models.

Run ``python -m saga_desktop.storage.schema`` to rewrite ``resources/schema/``; a test fails when
the shipped schema drifts from the models.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from saga_desktop.resources import resource
from saga_desktop.storage.codec import FORMAT, FORMAT_VERSION, Envelope

SCHEMA_FILE = ("schema", "campaign.schema.json")


def campaign_schema() -> dict[str, Any]:
    """The schema of a ``.saga`` file of the current format version."""
    schema = Envelope.model_json_schema(mode="validation")
    schema["properties"]["format"] = {"const": FORMAT, "title": "Format"}
    schema["properties"]["format_version"] = {"const": FORMAT_VERSION, "title": "Format Version"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://saga-desktop.invalid/schema/campaign-v{FORMAT_VERSION}.json",
        "title": "Saga Desktop campaign",
        **schema,
    }


def schema_text() -> str:
    """The schema as the text written to ``resources/schema/``."""
    return json.dumps(campaign_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def main() -> int:
    """Rewrite the shipped schema file."""
    path = resource(*SCHEMA_FILE)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(schema_text(), encoding="utf-8")
    sys.stdout.write(f"wrote {path.name}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
