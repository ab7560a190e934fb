"""A rules record read from a file must be written there as the app writes it.

The engines' records (a waiting roll, a check, a fight) are saved as plain data and read back
with ``from_data``, which is forgiving about form: a card code with a stray line separator in
front still reads as that card. A file the app wrote never holds such a value, so the loader
compares what it read with what the record writes back, and names the first field that differs.
Keys the file leaves out (older files) and the ``explain`` text (derived, reworded over time)
are not compared.
"""

from __future__ import annotations

from typing import Any, Protocol


class _Writable(Protocol):
    def to_data(self) -> dict[str, Any]: ...


def check_written_form(record: _Writable, data: Any, where: str) -> None:
    """Raise ValueError, naming ``where`` and the field, unless ``data`` is ``record``'s form."""
    found = _first_difference(data, record.to_data(), "")
    if found is not None:
        raise ValueError(f"{where}{found}: not a value the app writes here")


def _first_difference(saved: Any, written: Any, path: str) -> str | None:
    if isinstance(saved, dict) and isinstance(written, dict):
        for key, value in saved.items():
            if key == "explain" or key not in written:
                continue
            found = _first_difference(value, written[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(saved, list) and isinstance(written, list | tuple):
        if len(saved) != len(written):
            return path
        for i, (a, b) in enumerate(zip(saved, written, strict=True)):
            found = _first_difference(a, b, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    if type(saved) is not type(written) or saved != written:
        return path
    return None
