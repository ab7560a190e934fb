"""The JSON Schema of the campaign file, generated from the models.

Run ``python -m saga_desktop.storage.schema`` to rewrite ``resources/schema/``; a test fails when
the shipped schema drifts from the models.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from pydantic.json_schema import models_json_schema

from saga_desktop.model.registry import rulesets
from saga_desktop.resources import resource
from saga_desktop.storage.codec import FORMAT, FORMAT_VERSION, Envelope

SCHEMA_FILE = ("schema", "campaign.schema.json")


def campaign_schema() -> dict[str, Any]:
    """The schema of a ``.saga`` file of the current format version."""
    schema = Envelope.model_json_schema(mode="validation")
    _ruleset_parts(schema)
    schema["properties"]["format"] = {"const": FORMAT, "title": "Format"}
    schema["properties"]["format_version"] = {"const": FORMAT_VERSION, "title": "Format Version"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://saga-desktop.invalid/schema/campaign-v{FORMAT_VERSION}.json",
        "title": "Saga Desktop campaign",
        **schema,
    }


def _ruleset_parts(schema: dict[str, Any]) -> None:
    """A sheet and a play state are those of one of the registered rulesets: say which."""
    games = list(rulesets())
    models = [(g.sheet_type, "validation") for g in games] + [
        (g.play_type, "validation") for g in games
    ]
    refs, extra = models_json_schema(models, ref_template="#/$defs/{model}")  # type: ignore[arg-type]
    defs = schema.setdefault("$defs", {})
    defs.update(extra.get("$defs", {}))
    for base, kind, attr in (
        ("SheetBase", "sheet", "sheet_type"),
        ("PlayBase", "play", "play_type"),
    ):
        defs[base] = {
            "title": f"Ruleset {kind}",
            "description": f"The {kind} of the campaign's ruleset, told apart by `ruleset`.",
            "oneOf": [refs[(getattr(g, attr), "validation")] for g in games],
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
