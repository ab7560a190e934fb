"""The secure channel: the code becomes a key, frames are sealed, tampering is refused."""

from __future__ import annotations

import struct

from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.network.crypto import HANDSHAKE_FRAME, WRONG_CODE, SecureChannel
from saga_desktop.network.framing import FrameDecoder, encode_frame
from tests.network.harness import CODE, GM_CODE


def handshake(player_code: Code = CODE) -> tuple[SecureChannel, SecureChannel, list[bytes]]:
    """Run a handshake in memory; return both ends and every byte chunk that crossed."""
    host = SecureChannel.for_host({CodeKind.PLAYER: CODE, CodeKind.GM: GM_CODE})
    player = SecureChannel.for_player(player_code)
    wire = [player.start()]
    to_host = wire[0]
    while to_host:
        result = host.receive(to_host)
        wire.append(result.send)
        if result.failure is not None:
            player.receive(result.send)
            break
        answer = player.receive(result.send)
        to_host = answer.send
        wire.append(to_host)
    return host, player, wire


def test_the_right_code_opens_both_ends_and_messages_flow() -> None:
    host, player, _ = handshake()
    assert host.is_open and player.is_open and host.kind is CodeKind.PLAYER
    assert host.receive(player.seal(b"hello host")).messages == [b"hello host"]
    assert player.receive(host.seal(b"hello player")).messages == [b"hello player"]


def test_the_gm_code_is_recognised_as_such() -> None:
    host, player, _ = handshake(GM_CODE)
    assert host.is_open and player.is_open and host.kind is CodeKind.GM


def test_a_wrong_code_is_caught_at_confirmation_with_one_try() -> None:
    host = SecureChannel.for_host({CodeKind.PLAYER: CODE})
    player = SecureChannel.for_player(Code(CodeKind.PLAYER, "42-lantern-otter-mango"))
    step = host.receive(player.start())
    assert step.failure is None and not step.wrong_code
    confirm = player.receive(step.send).send
    result = host.receive(confirm)
    assert result.wrong_code and result.failure == WRONG_CODE and not host.is_open
    told = player.receive(result.send)
    assert told.failure == WRONG_CODE and not player.is_open
    assert host.receive(confirm).failure is None and host.receive(confirm).messages == []


def test_before_the_handshake_a_big_frame_is_refused_from_its_length_alone() -> None:
    host = SecureChannel.for_host({CodeKind.PLAYER: CODE})
    result = host.receive(struct.pack(">I", 4 * 1024 * 1024) + b"\x01" * 1000)
    assert result.failure is not None and "over the limit of 4096" in result.failure
    assert host.receive(b"\x00" * 5000).failure is None  # finished: nothing more is kept


def test_once_open_the_channel_takes_big_messages_again() -> None:
    host, player, _ = handshake()
    big = b"x" * (HANDSHAKE_FRAME * 100)
    assert host.receive(player.seal(big)).messages == [big]
    assert player.receive(host.seal(big)).messages == [big]


def test_the_player_checks_that_the_host_knows_the_code_too() -> None:
    host = SecureChannel.for_host({CodeKind.PLAYER: CODE})
    player = SecureChannel.for_player(CODE)
    confirm = player.receive(host.receive(player.start()).send).send
    proof = bytearray(host.receive(confirm).send)
    proof[-1] ^= 1
    assert "did not prove" in (player.receive(bytes(proof)).failure or "")


def test_replayed_reordered_and_altered_frames_are_refused_and_the_channel_carries_on() -> None:
    host, player, _ = handshake()
    first, second = player.seal(b"one"), player.seal(b"two")
    assert host.receive(second).bad and host.receive(second).messages == []  # out of order
    assert host.receive(first).messages == [b"one"]
    assert host.receive(first).bad  # replayed
    altered = bytearray(second)
    altered[10] ^= 0x40
    assert host.receive(bytes(altered)).bad
    assert host.receive(second).messages == [b"two"] and host.is_open


def test_the_stream_holds_no_plaintext() -> None:
    host, player, wire = handshake()
    wire += [player.seal(b"secret-plan-of-the-baron"), host.seal(b"hand: ace of storms")]
    stream = b"".join(wire)
    for known in [b"secret-plan", b"ace of storms", b"lantern", b"otter", CODE.secret()]:
        assert known not in stream


def test_something_that_is_not_saga_desktop_is_told_so() -> None:
    host = SecureChannel.for_host({CodeKind.PLAYER: CODE})
    result = host.receive(encode_frame(b"\x01GET / HTTP/1.1"))
    assert result.failure is not None and "not a Saga Desktop game" in result.failure
    assert b"not a Saga Desktop game" in result.send


def test_a_gm_offer_to_a_table_without_gm_code_is_refused() -> None:
    host = SecureChannel.for_host({CodeKind.PLAYER: CODE})
    result = host.receive(SecureChannel.for_player(GM_CODE).start())
    assert result.failure == "This table does not open that kind of seat."


@settings(max_examples=60, deadline=None)
@given(st.lists(st.binary(max_size=80), max_size=6))
def test_hostile_bytes_never_raise_and_never_open_the_channel(chunks: list[bytes]) -> None:
    host = SecureChannel.for_host({CodeKind.PLAYER: CODE})
    for chunk in chunks:
        result = host.receive(chunk)
        assert result.messages == [] and not result.opened
        for frame in FrameDecoder().feed(result.send):
            assert frame[0] in (2, 4)  # only the host's key share or a refusal goes out


@settings(max_examples=60, deadline=None)
@given(st.binary(min_size=1, max_size=200))
def test_hostile_frames_after_the_handshake_are_only_ever_refused(frame: bytes) -> None:
    host, _player, _ = handshake()
    result = host.receive(encode_frame(b"\x05" + frame))
    assert result.messages == [] and result.bad and host.is_open
