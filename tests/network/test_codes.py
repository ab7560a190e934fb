"""Join codes, GM codes, links and reconnect tokens."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saga_desktop.network import codes
from saga_desktop.network.codes import (
    CodeError,
    CodeKind,
    JoinLink,
    build_link,
    new_gm_code,
    new_join_code,
    new_reconnect_token,
    normalise,
    parse_code,
    parse_link,
    tokens_match,
)
from saga_desktop.network.wordlist import WORD_SET, WORDS


def test_the_word_list_is_long_short_and_distinct() -> None:
    assert len(WORDS) >= 1024
    assert len(WORD_SET) == len(WORDS)
    assert all(3 <= len(word) <= 8 and word.isalpha() and word.islower() for word in WORDS)


def test_sound_alike_pairs_keep_only_one() -> None:
    for pair in [("bean", "beam"), ("cedar", "cider"), ("marsh", "march"), ("oak", "oat")]:
        assert len(WORD_SET & set(pair)) <= 1


def test_new_codes_parse_back_to_themselves() -> None:
    join, gm = new_join_code(), new_gm_code()
    assert join.kind is CodeKind.PLAYER and len(join.text.split("-")) == 4
    assert gm.kind is CodeKind.GM and len(gm.text.split("-")) == 6
    assert parse_code(join.text) == join and parse_code(gm.text) == gm


def test_codes_come_from_the_secrets_module(monkeypatch: pytest.MonkeyPatch) -> None:
    picks = iter(["apple", "bison", "cedar"])
    monkeypatch.setattr(codes.secrets, "choice", lambda words: next(picks))
    monkeypatch.setattr(codes.secrets, "randbelow", lambda n: 32)
    assert new_join_code().text == "42-apple-bison-cedar"


def test_codes_are_not_repeated() -> None:
    assert len({new_join_code().text for _ in range(200)}) == 200


@pytest.mark.parametrize(
    "typed", ["42-lantern-otter-maple", "  42 Lantern OTTER maple ", "42_lantern--otter. maple"]
)
def test_case_spaces_and_hyphens_do_not_matter(typed: str) -> None:
    assert parse_code(typed).text == "42-lantern-otter-maple"
    assert normalise(typed) == "42-lantern-otter-maple"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "Type the join code"),
        ("lantern-otter-maple", "two-digit number"),
        ("4-lantern-otter-maple", "two-digit number"),
        ("42-lantern-otter", "has 2"),
        ("42-lantern-otter-maple-bison", "has 4"),
        ("42-lantren-otter-maple", "'lantren' is not one of the code words"),
    ],
)
def test_bad_codes_say_what_to_fix(typed: str, message: str) -> None:
    with pytest.raises(CodeError, match=message):
        parse_code(typed)


def test_a_misspelt_word_gets_a_suggestion() -> None:
    with pytest.raises(CodeError, match="Did you mean 'lantern'"):
        parse_code("42-lantren-otter-maple")


def test_links_round_trip_and_never_hold_a_code() -> None:
    link = build_link("192.168.1.20", 47800, "The Sunken Road & Co")
    assert link == "saga://192.168.1.20:47800/?game=The%20Sunken%20Road%20%26%20Co"
    assert parse_link(link) == JoinLink("192.168.1.20", 47800, "The Sunken Road & Co")
    six = build_link("fe80::1", 5000, "x")
    assert six.startswith("saga://[fe80::1]:5000/") and parse_link(six).host == "fe80::1"
    assert parse_link("saga://gm-laptop.local/?game=x").port == codes.DEFAULT_PORT


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("saga://host:1/?game=x&code=42-lantern-otter-maple", "never put in a link"),
        ("saga://host:1/?code=42-lantern-otter-maple", "never put in a link"),
        ("saga://host:1/", "only the game name"),
        ("http://host:1/?game=x", "looks like saga://"),
        ("saga://host:99999/?game=x", "not a join link"),
        ("saga://host:1/path?game=x", "only a host"),
        ("saga://user:pw@host:1/?game=x", "only a host"),
        ("saga://bad_host!:1/?game=x", "not a computer name"),
        ("saga://host:1/?game=", "1 to 80 characters"),
        ("saga://host:1/?game=a%0Ab", "control characters"),
    ],
)
def test_bad_links_are_refused_with_a_message(link: str, message: str) -> None:
    with pytest.raises(CodeError, match=message):
        parse_link(link)


@given(st.text(max_size=200))
def test_any_text_parses_or_gives_a_code_error(text: str) -> None:
    for parse in (parse_code, parse_link):
        try:
            parse(text)
        except CodeError as exc:
            assert str(exc)


def test_reconnect_tokens_are_long_random_and_compared_safely() -> None:
    tokens = {new_reconnect_token() for _ in range(100)}
    assert len(tokens) == 100 and all(len(token) >= 32 for token in tokens)
    token = tokens.pop()
    other = token[:-1] + ("y" if token.endswith("x") else "x")  # (a token may end in x)
    assert tokens_match(token, token) and not tokens_match(token, other)
