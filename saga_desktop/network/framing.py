"""Length-prefixed frames over a byte stream, with a hard size limit.

Each frame is a 4-byte big-endian length followed by that many bytes. The decoder is incremental
(feed it whatever the socket delivered) and refuses an empty or oversized frame as soon as its
length prefix arrives, before buffering any of it. After a refusal the stream cannot be trusted to
line up again, so the decoder stays failed (see :attr:`FrameDecoder.failed`) and the connection
should be closed.
"""

from __future__ import annotations

import struct

MAX_FRAME = 4 * 1024 * 1024
_HEADER = struct.Struct(">I")


class FrameError(ValueError):
    """The byte stream does not hold valid frames; the message says why."""


def encode_frame(payload: bytes, max_size: int = MAX_FRAME) -> bytes:
    """One frame holding ``payload``; raise :class:`FrameError` if it is empty or too big."""
    if not payload:
        raise FrameError("An empty frame cannot be sent.")
    if len(payload) > max_size:
        raise FrameError(f"A frame of {len(payload)} bytes is over the limit of {max_size} bytes.")
    return _HEADER.pack(len(payload)) + payload


def frame_length(buffer: bytes | bytearray) -> int | None:
    """The length the first frame in ``buffer`` announces, or None before its prefix is in."""
    return _HEADER.unpack_from(buffer)[0] if len(buffer) >= _HEADER.size else None


class FrameDecoder:
    """Turns a byte stream back into frames, refusing malformed or oversized ones."""

    def __init__(self, max_size: int = MAX_FRAME) -> None:
        self.max_size = max_size
        self._buffer = bytearray()
        self._failed: str | None = None

    @property
    def failed(self) -> str | None:
        """Why the stream was refused, or None while it is healthy."""
        return self._failed

    @property
    def pending(self) -> int:
        """How many bytes are waiting for the rest of their frame."""
        return len(self._buffer)

    def feed(self, data: bytes) -> list[bytes]:
        """Add received bytes; return every frame they complete, in order.

        Never raises: a bad length prefix sets :attr:`failed` (the frames before it are still
        returned) and from then on everything fed is dropped.
        """
        if self._failed is not None:
            return []
        self._buffer += data
        frames: list[bytes] = []
        while len(self._buffer) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(self._buffer)
            if size == 0 or size > self.max_size:
                self._failed = (
                    "An empty frame arrived."
                    if size == 0
                    else f"A frame of {size} bytes is over the limit of {self.max_size} bytes."
                )
                self._buffer.clear()
                break
            end = _HEADER.size + size
            if len(self._buffer) < end:
                break
            frames.append(bytes(self._buffer[_HEADER.size : end]))
            del self._buffer[:end]
        return frames
