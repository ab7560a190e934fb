"""The secure channel: a spoken code becomes a shared key, then every message is sealed.

Sans-IO: feed received bytes to :meth:`SecureChannel.receive`, send what it returns. Frames (see
:mod:`saga_desktop.network.framing`) start with a tag byte:

1. player -> host ``OFFER``: protocol magic, the code kind (player or GM), the SPAKE2 message
   (side A, identity ``saga-player``);
2. host -> player ``PAKE``: the host's SPAKE2 message (side B, identity ``saga-host``);
3. player -> host ``CONFIRM``: an HMAC over the transcript with the player's confirmation key;
4. host: if the player's confirmation is wrong, the code was wrong: one ``REFUSE`` line and the
   channel is finished (one try per connection). Otherwise host -> player ``CONFIRM`` and both
   sides are open; the player checks the host's confirmation too.
5. ``DATA`` frames: ChaCha20-Poly1305 with a key per direction (HKDF over the SPAKE2 key, salted
   with the transcript hash) and the frame counter as the nonce, which is never sent: a replayed,
   reordered or altered frame fails to open and is refused without moving the counter on.

The host learns nothing about a wrong code but "wrong"; a listener learns nothing at all. Until
the channel is open, no frame may be longer than :data:`HANDSHAKE_FRAME` bytes: a peer that has
proved nothing cannot make either side hold more than that.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B  # type: ignore[import-untyped]

from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.network.framing import MAX_FRAME, FrameDecoder, encode_frame

MAGIC = b"saga/1"
ID_HOST, ID_PLAYER = b"saga-host", b"saga-player"
OFFER, PAKE, CONFIRM, REFUSE, DATA = 1, 2, 3, 4, 5
_KINDS = {CodeKind.PLAYER: 0, CodeKind.GM: 1}
MAX_REFUSAL = 500
HANDSHAKE_FRAME = 4096
WRONG_CODE = "Wrong code: check it with the GM and connect again."


@dataclass
class Received:
    """What one :meth:`SecureChannel.receive` call produced."""

    send: bytes = b""
    messages: list[bytes] = field(default_factory=list)
    bad: list[str] = field(default_factory=list)  # frames refused; the channel carries on
    failure: str | None = None  # the channel is finished: send ``send``, then close
    opened: bool = False
    wrong_code: bool = False  # host side: the peer's code was wrong (its one try is spent)


def _frame(tag: int, body: bytes) -> bytes:
    return encode_frame(bytes([tag]) + body)


class SecureChannel:
    """One end of a connection; create with :meth:`for_host` or :meth:`for_player`."""

    def __init__(
        self,
        is_host: bool,
        codes: Mapping[CodeKind, Code],
        max_frame: int = MAX_FRAME,
    ) -> None:
        self.is_host = is_host
        self._codes = dict(codes)
        self._max_frame = max_frame + 64  # room for the tag and the AEAD tag, once open
        self._decoder = FrameDecoder(HANDSHAKE_FRAME)
        self.kind: CodeKind | None = None if is_host else next(iter(self._codes))
        self._spake: SPAKE2_A | SPAKE2_B | None = None
        self._transcript = b""
        self._keys: dict[str, bytes] = {}
        self._sealer: ChaCha20Poly1305 | None = None
        self._opener: ChaCha20Poly1305 | None = None
        self._pending_opener: ChaCha20Poly1305 | None = None
        self._sent = self._opened_count = 0
        self.is_open = False
        self.failure: str | None = None

    @classmethod
    def for_host(cls, codes: Mapping[CodeKind, Code]) -> SecureChannel:
        """The host's end, opening a seat of any kind in ``codes``."""
        return cls(True, codes)

    @classmethod
    def for_player(cls, code: Code) -> SecureChannel:
        """A joining app's end, using the code its user typed."""
        return cls(False, {code.kind: code})

    def start(self) -> bytes:
        """The player's opening frame (the host sends nothing until it hears one)."""
        if self.is_host or self._spake is not None:
            return b""
        assert self.kind is not None
        self._spake = SPAKE2_A(self._codes[self.kind].secret(), idA=ID_PLAYER, idB=ID_HOST)
        body = MAGIC + bytes([_KINDS[self.kind]]) + self._spake.start()
        self._transcript = body
        return _frame(OFFER, body)

    def seal(self, plaintext: bytes) -> bytes:
        """One sealed DATA frame holding ``plaintext`` (the channel must be open)."""
        if self._sealer is None or self.failure is not None:
            raise RuntimeError("the secure channel is not open")
        nonce = self._sent.to_bytes(12, "big")
        frame = _frame(DATA, self._sealer.encrypt(nonce, plaintext, MAGIC))  # may be too big
        self._sent += 1
        return frame

    def receive(self, data: bytes) -> Received:
        """Take bytes from the peer; never raises on anything the peer sends."""
        out = Received()
        if self.failure is not None:
            return out
        for frame in self._decoder.feed(data):
            self._handle(frame, out)
            if out.failure is not None:
                break
        if out.failure is None and self._decoder.failed is not None:
            self._fail(out, self._decoder.failed, True)
        if out.failure is not None:
            self.failure, self.is_open = out.failure, False
        return out

    def _fail(self, out: Received, reason: str, tell_peer: bool) -> None:
        out.failure = reason
        if tell_peer and self.is_host:
            out.send += _frame(REFUSE, reason.encode("utf-8")[:MAX_REFUSAL])

    def _handle(self, frame: bytes, out: Received) -> None:
        tag, body = frame[0], frame[1:]
        if tag == DATA and self._opener is not None:
            self._open_data(body, out)
        elif tag == REFUSE and not self.is_host:
            text = body[:MAX_REFUSAL].decode("utf-8", "replace")
            self._fail(out, "".join(ch for ch in text if ch.isprintable()) or "Refused.", False)
        elif self.is_host and tag == OFFER and self._spake is None:
            self._host_offer(body, out)
        elif not self.is_host and tag == PAKE and self._spake is not None and not self._keys:
            self._player_pake(body, out)
        elif tag == CONFIRM and self._keys and not self.is_open:
            self._confirm(body, out)
        else:
            self._fail(out, "The other side broke the connection protocol.", True)

    def _host_offer(self, body: bytes, out: Received) -> None:
        head = len(MAGIC)
        if not body.startswith(MAGIC) or len(body) < head + 2:
            self._fail(out, "This is not a Saga Desktop game, or a much older version.", True)
            return
        kinds = {number: kind for kind, number in _KINDS.items()}
        kind = kinds.get(body[head])
        if kind is None or kind not in self._codes:
            self._fail(out, "This table does not open that kind of seat.", True)
            return
        self.kind = kind
        self._spake = SPAKE2_B(self._codes[kind].secret(), idA=ID_PLAYER, idB=ID_HOST)
        mine = self._spake.start()
        self._transcript = body + mine
        if self._derive(body[head + 1 :], out):
            out.send += _frame(PAKE, mine)

    def _player_pake(self, body: bytes, out: Received) -> None:
        self._transcript += body
        if self._derive(body, out):
            out.send += _frame(CONFIRM, self._mac("player"))

    def _derive(self, theirs: bytes, out: Received) -> bool:
        assert self._spake is not None
        try:
            secret = self._spake.finish(theirs)
        except Exception:  # spake2 raises several types on a malformed group element
            self._fail(out, "The other side sent a malformed key exchange.", True)
            return False
        material = HKDF(
            hashes.SHA256(), 128, hashlib.sha256(self._transcript).digest(), MAGIC + b" keys"
        ).derive(secret)
        names = ("confirm-player", "confirm-host", "to-host", "to-player")
        self._keys = {name: material[i * 32 : (i + 1) * 32] for i, name in enumerate(names)}
        mine, theirs_key = ("to-player", "to-host") if self.is_host else ("to-host", "to-player")
        self._sealer = ChaCha20Poly1305(self._keys[mine])
        self._pending_opener = ChaCha20Poly1305(self._keys[theirs_key])
        return True

    def _mac(self, side: str) -> bytes:
        return hmac.new(self._keys[f"confirm-{side}"], self._transcript, hashlib.sha256).digest()

    def _confirm(self, body: bytes, out: Received) -> None:
        if self.is_host:
            if not hmac.compare_digest(body, self._mac("player")):
                out.wrong_code = True
                self._fail(out, WRONG_CODE, True)
                return
            out.send += _frame(CONFIRM, self._mac("host"))
        elif not hmac.compare_digest(body, self._mac("host")):
            self._fail(out, "The host did not prove it knows the code; is it the GM's app?", False)
            return
        self._opener = self._pending_opener
        self.is_open = out.opened = True
        self._decoder.max_size = self._max_frame

    def _open_data(self, body: bytes, out: Received) -> None:
        assert self._opener is not None
        try:
            plain = self._opener.decrypt(self._opened_count.to_bytes(12, "big"), body, MAGIC)
        except InvalidTag:
            out.bad.append("A message failed its check (altered, replayed or out of order).")
            return
        self._opened_count += 1
        out.messages.append(plain)
