"""Length-prefixed frames: any chunking works, bad lengths are refused at once."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saga_desktop.network.framing import MAX_FRAME, FrameDecoder, FrameError, encode_frame


@given(st.lists(st.binary(min_size=1, max_size=300), max_size=10), st.data())
def test_frames_survive_any_chunking(payloads: list[bytes], data: st.DataObject) -> None:
    stream = b"".join(encode_frame(p) for p in payloads)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=8)))
    decoder, got = FrameDecoder(), []
    for start, end in zip([0, *cuts], [*cuts, len(stream)], strict=True):
        got += decoder.feed(stream[start:end])
    assert got == payloads and decoder.pending == 0 and decoder.failed is None


def test_an_oversized_frame_is_refused_from_its_header_alone() -> None:
    decoder = FrameDecoder(max_size=1000)
    good = encode_frame(b"hello")
    assert decoder.feed(good + (1001).to_bytes(4, "big")) == [b"hello"]
    assert decoder.failed == "A frame of 1001 bytes is over the limit of 1000 bytes."
    assert decoder.feed(encode_frame(b"later")) == [] and decoder.pending == 0


def test_an_empty_frame_is_refused() -> None:
    decoder = FrameDecoder()
    assert decoder.feed(bytes(4)) == [] and decoder.failed == "An empty frame arrived."


def test_the_default_limit_is_four_mebibytes() -> None:
    assert MAX_FRAME == 4 * 1024 * 1024
    assert FrameDecoder().feed(b"\xff\xff\xff\xff") == []
    with pytest.raises(FrameError, match="over the limit"):
        encode_frame(bytes(MAX_FRAME + 1))
    with pytest.raises(FrameError, match="empty"):
        encode_frame(b"")


@given(st.binary(max_size=2000))
def test_garbage_never_raises(garbage: bytes) -> None:
    decoder = FrameDecoder(max_size=500)
    frames = decoder.feed(garbage)
    assert all(0 < len(frame) <= 500 for frame in frames)
