"""A versioned log (issue 21): each stored game records the companion version and its
game's rules version; an unfinished game stored under older rules still resumes when its
log replays, and is otherwise kept read-only with a clear message."""

from __future__ import annotations

import copy
from importlib import import_module

import pytest

from companion import __version__
from companion.daemon import Daemon
from companion.engine import get_game
from companion.errors import StoreError
from companion.header import GameHeader
from companion.inputs import Touch
from companion.session import OutdatedGame, Session
from companion.store import KEPT, EventStore


def _header() -> GameHeader:
    return GameHeader.from_json({"game": "ghost_at_home", "players": ["Ada", "Bo"], "seed": 5})


def _played_game(store: EventStore) -> int:
    session = Session.start(_header(), store)
    key = session.prompt.choices[0].key
    assert session.handle(Touch(key)).accepted
    return session.game_id


def _changed(spec, **attributes):
    """A copy of the game ``spec`` with some attributes (its rules' ``_apply``) changed."""
    changed = copy.copy(spec)
    for name, value in attributes.items():
        setattr(changed, name, value)
    return changed


@pytest.fixture
def newer_rules(monkeypatch):
    """Ghost at Home's rules one version on, with ``apply`` optionally refusing the old log."""
    spec = get_game("ghost_at_home")

    def install(replays: bool):
        def apply(state, key):
            if not replays:
                raise ValueError("no such action under the new rules")
            return spec.apply(state, key)
        newer = _changed(spec, rules_version=spec.rules_version + 1, _apply=apply)
        monkeypatch.setattr(import_module("companion.games.ghost_at_home"), "SPEC", newer)
        return newer
    return install


def test_a_new_game_records_what_it_was_played_under(tmp_path):
    store = EventStore(tmp_path / "s.sqlite3")
    record = store.game(_played_game(store))
    assert record.versions == {"companion": __version__, "rules": get_game("ghost_at_home").rules_version}


def test_an_older_game_that_still_replays_resumes_and_says_so(tmp_path, newer_rules):
    store = EventStore(tmp_path / "s.sqlite3")
    game_id = _played_game(store)
    newer = newer_rules(replays=True)
    daemon = Daemon(store, tmp_path / "sock")
    session = daemon.game.resume_last()
    assert (session.game_id, session.position) == (game_id, 1)
    assert (f"Game {game_id} was recorded under Ghost at Home rules version {newer.rules_version - 1}; its moves "
            f"replay the same under version {newer.rules_version}, so it goes on.") in daemon.recent


def test_an_older_game_that_no_longer_replays_is_kept_read_only(tmp_path, newer_rules):
    store = EventStore(tmp_path / "s.sqlite3")
    game_id = _played_game(store)
    events = store.events(game_id)
    newer = newer_rules(replays=False)
    daemon = Daemon(store, tmp_path / "sock")
    assert daemon.game.resume_last() is None
    assert daemon.session is None
    said = daemon.recent[-1]
    assert said == (f"Game {game_id} (Ghost at Home) was recorded under rules version {newer.rules_version - 1}; "
                    f"this companion plays version {newer.rules_version}, and its moves no longer replay. It is "
                    "kept in the store, read-only: start a new game.")
    assert store.game(game_id).outcome == KEPT
    assert store.events(game_id) == events  # read-only: nothing of the game changed
    assert store.last_unfinished() is None  # never tried again at the next start


def test_a_game_of_the_current_rules_that_fails_is_a_store_error_not_kept(tmp_path, monkeypatch):
    store = EventStore(tmp_path / "s.sqlite3")
    game_id = _played_game(store)
    spec = get_game("ghost_at_home")

    def apply(state, key):
        raise ValueError("broken")
    monkeypatch.setattr(import_module("companion.games.ghost_at_home"), "SPEC", _changed(spec, _apply=apply))
    with pytest.raises(Exception, match=f"game {game_id} event 1 does not replay") as caught:
        Session.resume(store, store.game(game_id), use_snapshot=False)
    assert not isinstance(caught.value, OutdatedGame)
    assert store.game(game_id).outcome is None


def test_an_older_game_hitting_a_broken_step_is_reported_outdated_not_a_traceback(tmp_path, monkeypatch):
    """A step whose promised value is gone under the newer rules (``present`` finds None)
    is the log no longer replaying: kept read-only and told, as any other refusal."""
    from companion.engine.present import present

    store = EventStore(tmp_path / "s.sqlite3")
    game_id = _played_game(store)
    spec = get_game("ghost_at_home")

    def apply(state, key):
        return present(None, "the ghost being placed")
    newer = _changed(spec, rules_version=spec.rules_version + 1, _apply=apply)
    monkeypatch.setattr(import_module("companion.games.ghost_at_home"), "SPEC", newer)
    daemon = Daemon(store, tmp_path / "sock")
    assert daemon.game.resume_last() is None
    assert daemon.recent[-1].startswith(f"Game {game_id} (Ghost at Home) was recorded under rules version ")
    assert store.game(game_id).outcome == KEPT


def test_a_current_game_hitting_a_broken_step_is_a_store_error(tmp_path, monkeypatch):
    from companion.engine.present import present

    store = EventStore(tmp_path / "s.sqlite3")
    game_id = _played_game(store)
    spec = get_game("ghost_at_home")
    monkeypatch.setattr(import_module("companion.games.ghost_at_home"), "SPEC",
                        _changed(spec, _apply=lambda state, key: present(None, "the ghost being placed")))
    with pytest.raises(StoreError, match=f"game {game_id} event 1 does not replay: the ghost being placed is not set"):
        Session.resume(store, store.game(game_id), use_snapshot=False)
