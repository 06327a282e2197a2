"""The phones' parts without a network: config, tokens, the failed-attempt limit, the page."""

from __future__ import annotations

import hmac
import re

import pytest

from companion.phones import limits, page
from companion.phones.config import PhonesConfig, PhonesConfigError, base_url, parse_listen, parse_phones
from companion.phones.tokens import Tokens, load_key, load_seats, save_seats

# ---------------------------------------------------------------------- config

def test_phones_are_off_unless_the_config_says_so():
    assert parse_phones({}) == PhonesConfig(enabled=False, host="0.0.0.0", port=8765, url=None)
    on = parse_phones({"enabled": True, "listen": "192.168.1.20:9000"})
    assert (on.enabled, on.host, on.port, on.listen) == (True, "192.168.1.20", 9000, "192.168.1.20:9000")
    assert parse_listen("[::]:8765") == ("::", 8765)
    assert parse_phones({"listen": "[::1]:80"}).listen == "[::1]:80"


@pytest.mark.parametrize("table, problem", [
    ({"enabled": "yes"}, "phones.enabled: must be true or false"),
    ({"listen": "8765"}, "phones.listen: must be"),
    ({"listen": "kitchen:8765"}, "phones.listen: must be an IP address"),
    ({"listen": "0.0.0.0:70000"}, "the port must be 1-65535"),
    ({"listen": "0.0.0.0:http"}, "phones.listen: must be an IP address"),
    ({"url": "ftp://x"}, "phones.url: must be an address"),
    ({"url": "http://x:1/p/abc"}, "phones.url: must be an address"),
    ({"port": 1}, "unknown key phones.port"),
])
def test_bad_phones_keys_are_named(table, problem):
    with pytest.raises(PhonesConfigError, match=re.escape(problem)):
        parse_phones(table)


def test_the_config_file_takes_a_phones_section():
    from companion.config import ConfigError, parse_config

    assert parse_config("").phones.enabled is False
    config = parse_config('[phones]\nenabled = true\nlisten = "127.0.0.1:8765"\n')
    assert (config.phones.enabled, config.phones.host) == (True, "127.0.0.1")
    with pytest.raises(ConfigError, match="phones.listen"):
        parse_config('[phones]\nlisten = "nowhere"\n')


def test_links_carry_the_configured_url_or_a_real_address():
    assert base_url(PhonesConfig(True, "0.0.0.0", 8765, "http://haunt.local:8765")) == "http://haunt.local:8765"
    assert base_url(PhonesConfig(True, "192.168.1.20", 8765)) == "http://192.168.1.20:8765"
    assert base_url(PhonesConfig(True, "::1", 0), port=4242) == "http://[::1]:4242"
    guessed = base_url(PhonesConfig(True, "0.0.0.0", 8765))
    assert not guessed.startswith("http://0.0.0.0") and guessed.endswith(":8765")


# ---------------------------------------------------------------------- tokens

def test_a_token_has_144_random_bits_and_names_one_seat_of_one_game():
    tokens = Tokens()
    assert tokens.deal("game-1", ["Ada", "Bo"])
    ada, bo = tokens.token("Ada"), tokens.token("Bo")
    assert re.fullmatch(r"[A-Za-z0-9_-]{24}", ada) and ada != bo  # 18 bytes = 144 bits
    assert (tokens.who(ada), tokens.who(bo)) == ("Ada", "Bo")
    assert not tokens.deal("game-1", ["Ada", "Bo"])  # the same game: the same links
    assert Tokens().deal("game-1", ["Ada"]) and Tokens().token("Ada") is None


def test_a_new_game_revokes_every_token_of_the_previous_one():
    tokens = Tokens(b"k" * 32)
    tokens.deal("game-1", ["Ada", "Bo"])
    old = tokens.links()
    tokens.deal("game-2", ["Ada", "Bo"])
    assert all(tokens.who(t) is None for t in old.values())
    assert set(tokens.links().values()).isdisjoint(old.values())
    tokens.deal(None, ["Ada"])  # no game: no link at all
    assert tokens.links() == {}


def test_rotate_revokes_the_links_of_the_game_on_the_table():
    tokens = Tokens()
    tokens.deal("game-1", ["Ada"])
    old = tokens.token("Ada")
    tokens.rotate()
    assert tokens.who(old) is None and tokens.who(tokens.token("Ada")) == "Ada"


@pytest.mark.parametrize("bad", [None, "", "x", "A" * 24, "A" * 25, "../../etc/passwd", 42, ["a"], "é" * 24])
def test_bad_tokens_name_nobody(bad):
    tokens = Tokens()
    tokens.deal("game-1", ["Ada", "Bo"])
    assert tokens.who(bad) is None


def test_a_token_is_compared_with_every_token_in_constant_time(monkeypatch):
    calls = []
    real = hmac.compare_digest
    monkeypatch.setattr(hmac, "compare_digest", lambda a, b: calls.append(1) or real(a, b))
    tokens = Tokens()
    tokens.deal("game-1", ["Ada", "Bo", "Cy"])
    assert tokens.who(tokens.token("Ada")) == "Ada"  # found first, compared with all three
    assert len(calls) == 3


def test_the_key_file_is_private_and_gives_the_same_links_after_a_restart(tmp_path):
    path = tmp_path / "phones.key"
    first = Tokens(load_key(path))
    first.deal("game-1", ["Ada"])
    assert path.stat().st_mode & 0o777 == 0o600 and len(path.read_bytes()) == 32
    again = Tokens(load_key(path))
    again.deal("game-1", ["Ada"])
    assert again.token("Ada") == first.token("Ada")
    assert len(load_key(tmp_path / "missing" / "phones.key")) == 32  # no directory: in memory


def test_a_seat_paired_again_gets_a_new_token_the_others_keep_theirs_even_after_a_restart(tmp_path):
    tokens = Tokens(b"k" * 32)
    tokens.deal("game-1", ["Ada", "Bo"])
    old = tokens.links()
    assert tokens.renew_seat("Ada") and tokens.renew_seat("Ada") and not tokens.renew_seat("Zed")
    assert tokens.who(old["Ada"]) is None and tokens.token("Ada") != old["Ada"]
    assert tokens.token("Bo") == old["Bo"] and tokens.who(old["Bo"]) == "Bo"
    assert tokens.renewed == {"game": "game-1", "seats": {"Ada": 2}}
    path = tmp_path / "phones.seats"
    assert save_seats(path, tokens.renewed) and path.stat().st_mode & 0o777 == 0o600
    again = Tokens(b"k" * 32, load_seats(path))  # a restarted daemon resuming game-1
    again.deal("game-1", ["Ada", "Bo"])
    assert again.links() == tokens.links() and again.who(old["Ada"]) is None
    fresh = Tokens(b"k" * 32, load_seats(path))  # another game: nothing re-paired in it yet
    fresh.deal("game-2", ["Ada", "Bo"])
    assert fresh.renewed == {"game": "game-2", "seats": {}}
    assert load_seats(tmp_path / "missing") == {}
    assert Tokens(b"k" * 32, {"game": "g", "seats": [1]}).renewed["seats"] == {}


# ---------------------------------------------------------------------- failed attempts

def test_an_address_that_fails_too_often_is_blocked_for_a_while():
    now = [100.0]
    limit = limits.FailureLimit(clock=lambda: now[0], failures=3, window=60.0, addresses=2)
    for _ in range(2):
        limit.failed("10.0.0.9")
    assert not limit.blocked("10.0.0.9")
    limit.failed("10.0.0.9")
    assert limit.blocked("10.0.0.9") and not limit.blocked("10.0.0.8")
    now[0] += 61
    assert not limit.blocked("10.0.0.9")
    limit.failed("a"), limit.failed("b"), limit.failed("c")  # only two addresses remembered
    limit.failed("a"), limit.failed("a")
    assert not limit.blocked("a")  # its first failure was forgotten: two, not three
    limit.failed("c"), limit.failed("c")
    assert limit.blocked("c")  # still remembered with "a": three


# ---------------------------------------------------------------------- the page

def test_the_page_speaks_the_tables_language():
    english, italian = page.html("en"), page.html("it")
    assert '<html lang="en">' in english and "Only you see this page" in english
    assert '<html lang="it">' in italian and "Only you see this page" not in italian
    assert page.words("it")["turn"].count("{player}") == 1


def test_the_page_runs_only_its_own_script():
    headers = page.page_headers("192.168.1.20:8765")
    policy = headers["Content-Security-Policy"]
    assert "script-src 'sha256-" in policy and "unsafe-inline" not in policy.split("style-src")[0]
    assert "connect-src 'self' ws://192.168.1.20:8765 wss://192.168.1.20:8765" in policy
    assert headers["Cache-Control"] == "no-store" and headers["Referrer-Policy"] == "no-referrer"
    assert "ws://" not in page.page_headers("evil; script-src *")["Content-Security-Policy"]


def test_the_private_part_shows_headings_and_the_players_choices():
    answer = {"view": {"accusation": ["Kid 5", "Item 2"], "intrigue_drawn": {"name": "Keeper 4"}},
              "headings": {"accusation": "Your accusation so far", "intrigue_drawn": "The Intrigue card you just drew"},
              "prompt": {"text": "Which Kid?", "choices": [{"key": "pick:kid-5", "label": "Kid 5", "private": True}]}}
    part = page.private_part(answer, "en")
    assert part["lines"] == [{"heading": "Your accusation so far", "text": "Kid 5, Item 2"},
                             {"heading": "The Intrigue card you just drew", "text": "Keeper 4"}]
    assert part["prompt"] == {"text": "Which Kid?",
                              "choices": [{"key": "pick:kid-5", "label": "Kid 5", "private": True}]}
    assert page.private_part({"view": {}, "prompt": None}, "en") == {"lines": [], "prompt": None}


def test_a_state_without_news_shows_the_phone_the_log_lines_and_their_whys():
    """Found by the trial helper: after a daemon restart (or a language switch, or another
    phone connecting) the state has no news; the table screen shows the log's last lines with
    their whys, but a phone lost every Why? (its todo lines' too). The phone's shared part is
    the screen's: without news, the log's last 3 lines and their ``log_why``."""
    from types import SimpleNamespace

    from companion.phones.link import DaemonTable

    locked = {"rule": "Carte Fantasma", "text": "È stata girata una carta Porte Chiuse.", "from": []}
    table = DaemonTable(SimpleNamespace(reads=SimpleNamespace(session=lambda: None, language=lambda: "it")))
    table.state = {"news": [], "why": [], "todo": [{"kind": "lock", "text": "Chiudi a chiave le porte blu."}],
                   "log": ["Ripresa la partita 1 dopo 1 azione.", "Chiudi a chiave le porte blu."],
                   "log_why": [None, locked], "prompt": {"text": "Ada: muovete"}, "revision": 2}
    shared = table.shared()
    assert shared["news"] == ["Ripresa la partita 1 dopo 1 azione.", "Chiudi a chiave le porte blu."]
    assert shared["why"] == [None, locked]
    table.state = {**table.state, "news": ["Ada ha fatto 2."], "why": [None]}
    assert (table.shared()["news"], table.shared()["why"]) == (["Ada ha fatto 2."], [None])
