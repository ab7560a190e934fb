"""What a host announces on the local network, and what a joining app makes of what it hears."""

from __future__ import annotations

import pytest

from saga_desktop.network.codes import new_gm_code, new_join_code
from saga_desktop.network.discovery import SERVICE_TYPE, Announcement, FoundGame, read_found
from saga_desktop.network.interface import Versions
from saga_desktop.network.messages import PROTOCOL_VERSION

LOCAL = Versions("1.2.0", {"songs-and-sagas": "1", "resonance": "2"})


def announcement(**changes: object) -> Announcement:
    fields: dict[str, object] = {
        "game_name": "The Shattered Coast",
        "ruleset": "songs-and-sagas",
        "ruleset_version": "1",
        "app_version": "1.2.0",
        "host_name": "gm-laptop",
        "port": 47800,
    }
    fields.update(changes)
    return Announcement(**fields)  # type: ignore[arg-type]


def as_heard(properties: dict[str, str]) -> dict[bytes, bytes | None]:
    return {key.encode(): value.encode() for key, value in properties.items()}


def test_the_record_says_what_is_played_and_never_a_code() -> None:
    # Codes whose words are not words of the record anyway ("coast" is a word a code may hold):
    # then any of their words in the record would be a leak.
    shown = {"the", "shattered", "coast", "on", "gm", "laptop"}
    join, gm = new_join_code(), new_gm_code()
    while shown & set(join.text.split("-") + gm.text.split("-")):
        join, gm = new_join_code(), new_gm_code()
    sent = announcement()
    properties = sent.properties()
    assert properties == {
        "name": "The Shattered Coast",
        "ruleset": "songs-and-sagas",
        "ruleset_version": "1",
        "app": "1.2.0",
        "protocol": str(PROTOCOL_VERSION),
        "host": "gm-laptop",
    }
    record = " ".join([sent.service_name(), *properties, *properties.values()]).lower()
    for code in (join, gm):
        assert code.text not in record
        assert not any(word in record.split() for word in code.text.split("-")[1:])
    assert sent.service_name() == f"The Shattered Coast on gm-laptop.{SERVICE_TYPE}"


def test_names_fit_one_dns_label_and_text_stays_short() -> None:
    sent = announcement(game_name="Æ" * 300 + ".with.dots", host_name="h\x00st\n" * 40)
    label = sent.instance_name()
    assert len(label.encode()) <= 63 and "." not in label and "\x00" not in label
    assert all(len(f"{k}={v}".encode()) <= 255 for k, v in sent.properties().items())
    assert "\n" not in sent.properties()["host"]
    assert announcement(game_name="", host_name="").instance_name() == "Saga"


def test_a_heard_record_reads_back_as_the_game_announced() -> None:
    sent = announcement()
    found = read_found(sent.service_name(), as_heard(sent.properties()), ["192.168.1.20"], 47800)
    assert found == FoundGame(
        service_name=sent.service_name(),
        game_name="The Shattered Coast",
        ruleset="songs-and-sagas",
        ruleset_version="1",
        app_version="1.2.0",
        protocol_version=PROTOCOL_VERSION,
        host_name="gm-laptop",
        address="192.168.1.20",
        port=47800,
    )
    assert found.mismatch(LOCAL) is None


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"app": "9.9.9"}, "needs Saga Desktop 9.9.9"),
        ({"ruleset_version": "7"}, "needs songs-and-sagas rules 7"),
        ({"ruleset": "chess"}, "a game this app does not have"),
        ({"protocol": "99"}, "another network protocol"),
        ({"protocol": "x"}, "another network protocol"),
    ],
)
def test_versions_that_differ_are_named(changes: dict[str, str], problem: str) -> None:
    properties = {**announcement().properties(), **changes}
    found = read_found("x._saga-desktop._tcp.local.", as_heard(properties), ["10.0.0.2"], 1)
    assert found is not None and found.mismatch(LOCAL) == problem


def test_hostile_records_are_cleaned_or_dropped() -> None:
    hostile: dict[bytes, bytes | None] = {
        b"name": b"<b>Boss</b>\x1b[31m\n" + b"x" * 5000,
        b"host": b"\xff\xfe",
        b"protocol": b"1" * 50,
        b"app": None,
    }
    found = read_found("Evil._saga-desktop._tcp.local.", hostile, ["10.0.0.9"], 5)
    assert found is not None
    assert len(found.game_name) <= 80 and "\n" not in found.game_name
    assert "\x1b" not in found.game_name
    assert found.protocol_version is None and found.app_version == ""
    assert read_found("x", {}, [], 47800) is None
    assert read_found("x", {}, ["fe80::1", "224.0.0.251", "0.0.0.0", "nonsense"], 1) is None
    assert read_found("x", {}, ["10.0.0.1"], 0) is None
    assert read_found("x", {}, ["10.0.0.1"], None) is None
    nameless = read_found("Coast on gm._saga-desktop._tcp.local.", {}, ["10.0.0.1"], 1)
    assert nameless is not None and nameless.game_name == "Coast on gm"


def test_an_address_on_this_computers_network_is_preferred() -> None:
    addresses = ["172.17.0.1", "192.168.1.20", "100.64.0.7"]
    found = read_found("x", {}, addresses, 1, near=lambda a: a.startswith("192.168."))
    assert found is not None and found.address == "192.168.1.20"
    anywhere = read_found("x", {}, addresses, 1, near=lambda a: False)
    assert anywhere is not None and anywhere.address == "172.17.0.1"
