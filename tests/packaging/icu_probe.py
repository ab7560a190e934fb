"""Print what Qt's ICU-backed functions answer, as JSON (run under the full and the trimmed ICU)."""

from __future__ import annotations

import json
from functools import cmp_to_key

from PySide6.QtCore import (
    QCollator,
    QDateTime,
    QLocale,
    QStringConverter,
    QStringDecoder,
    QStringEncoder,
    QTimeZone,
)

WORDS = ["Æsir", "zebra", "Ödin", "apple", "Ångström", "éclair", "Zürich", "ıslak", "İzmir", "ä"]
WORDS += ["日本", "中国", "ひらがな", "カタカナ", "a10", "a9", "A1", "Ωmega", "ßtraße", "Ll"]
LOCALES = ["en_US", "de_DE", "sv_SE", "tr_TR", "ja_JP", "zh_CN", "is_IS", "fr_FR", "da_DK"]
ZONES = [b"Europe/Berlin", b"America/New_York", b"Asia/Tokyo", b"Australia/Sydney", b"UTC"]
CODECS = ["Shift_JIS", "windows-1252", "ISO-8859-7", "GB18030", "KOI8-R", "Big5", "EUC-KR"]


def main() -> None:
    out: dict[str, object] = {}
    for name in LOCALES:
        locale = QLocale(name)
        collator = QCollator(locale)
        collator.setNumericMode(True)
        out[f"sort/{name}"] = sorted(WORDS, key=cmp_to_key(collator.compare))
        out[f"upper/{name}"] = locale.toUpper("istanbul ıi straße ǆ")
        out[f"lower/{name}"] = locale.toLower("ISTANBUL İI ΟΔΟΣ")
        moment = QDateTime.fromSecsSinceEpoch(1_750_000_000, QTimeZone(b"UTC"))
        for zone_id in ZONES:
            zone = QTimeZone(zone_id)
            for kind in (QTimeZone.NameType.LongName, QTimeZone.NameType.ShortName):
                for time in (QTimeZone.TimeType.StandardTime, QTimeZone.TimeType.DaylightTime):
                    out[f"zone/{name}/{zone_id.decode()}/{kind.name}/{time.name}"] = (
                        zone.displayName(time, kind, locale)
                    )
            out[f"zone-at/{name}/{zone_id.decode()}"] = zone.displayName(
                moment, QTimeZone.NameType.LongName, locale
            )
    out["codecs"] = sorted(QStringConverter.availableCodecs())
    for codec in CODECS:  # PySide6 cannot call a converter, but opening one loads its table
        encoder, decoder = QStringEncoder(codec), QStringDecoder(codec)
        out[f"codec/{codec}"] = [encoder.isValid(), encoder.name(), decoder.isValid()]
    print(json.dumps(out, ensure_ascii=False, sort_keys=True))


if __name__ == "__main__":
    main()
