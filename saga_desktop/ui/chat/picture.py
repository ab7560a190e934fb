"""A handout's picture: read from a file, re-encoded, kept within the campaign's size limit.

No file is passed through as it came: whatever it was (PNG, JPEG, GIF, BMP, WebP...), it is decoded
with QImageReader under a memory limit, scaled to at most :data:`MAX_PICTURE_SIDE` pixels a side,
and written again as PNG (or JPEG, when a photo will not fit as PNG) within
:data:`MAX_PICTURE_BYTES`. Every failure is a :class:`~saga_desktop.model.chat.TalkError` whose
message a GM can act on.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage, QImageReader, QPixmap

from saga_desktop.i18n import number, tr
from saga_desktop.model.chat import MAX_PICTURE_BYTES, MAX_PICTURE_SIDE, TalkError

MAX_FILE_BYTES = 30 * 1024 * 1024
"""A picture file larger than this is not read at all."""
MAX_DECODED_MB = 256
"""QImageReader's memory limit while decoding (a 'bomb' of a small file stops here)."""
PictureType = Literal["png", "jpeg"]


def import_picture(path: Path) -> tuple[str, PictureType]:
    """The picture at ``path`` re-encoded, as base64 and its type; TalkError saying why not."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise TalkError(
            tr("The picture {file} cannot be read: {reason}.", file=path.name, reason=exc.strerror)
        ) from None
    if size > MAX_FILE_BYTES:
        raise TalkError(
            tr(
                "The picture {file} is {size} MB; a handout's picture file may be at most "
                "{limit} MB. Save a smaller copy and choose that.",
                file=path.name,
                size=number(size / 1e6),
                limit=number(MAX_FILE_BYTES // (1024 * 1024)),
            )
        )
    reader = QImageReader(str(path))
    reader.setAllocationLimit(MAX_DECODED_MB)
    reader.setAutoTransform(True)
    image = reader.read()
    if image.isNull():
        raise TalkError(
            tr(
                "{file} is not a picture this app can read ({reason}). "
                "Choose a PNG, JPEG, GIF, BMP or WebP file.",
                file=path.name,
                reason=reader.errorString(),
            )
        )
    return encode_picture(image)


def encode_picture(image: QImage) -> tuple[str, PictureType]:
    """``image`` scaled within the side limit and encoded within the byte limit."""
    if max(image.width(), image.height()) > MAX_PICTURE_SIDE:
        image = image.scaled(
            MAX_PICTURE_SIDE,
            MAX_PICTURE_SIDE,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    for _ in range(6):
        data = _encoded(image, "PNG", -1)
        if len(data) <= MAX_PICTURE_BYTES:
            return base64.b64encode(data).decode("ascii"), "png"
        flat = image.convertToFormat(QImage.Format.Format_RGB32)  # JPEG has no transparency
        for quality in (88, 75, 60):
            data = _encoded(flat, "JPEG", quality)
            if len(data) <= MAX_PICTURE_BYTES:
                return base64.b64encode(data).decode("ascii"), "jpeg"
        image = image.scaled(
            image.width() * 3 // 4,
            image.height() * 3 // 4,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    raise TalkError(tr("This picture cannot be made small enough for a handout."))


def _encoded(image: QImage, fmt: str, quality: int) -> bytes:
    array = QByteArray()
    buffer = QBuffer(array)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, fmt, quality)  # type: ignore[call-overload]  # the stubs say bytes
    buffer.close()
    return bytes(array.data())


def picture_pixmap(picture: str) -> QPixmap | None:
    """The pixmap of a handout's stored picture (None when there is none or it does not read)."""
    if not picture:
        return None
    try:
        data = base64.b64decode(picture, validate=True)
    except ValueError:
        return None
    image = QImage.fromData(data)
    if image.isNull() or max(image.width(), image.height()) > MAX_PICTURE_SIDE:
        return None
    return QPixmap.fromImage(image)
