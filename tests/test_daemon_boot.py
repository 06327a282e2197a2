"""Issue 27: ``companion daemon`` builds its daemon in :mod:`companion.daemon.boot` from the
config, the store, the socket and ``--new``; what the config says reaches the daemon through
its :class:`DaemonSettings`, nothing is set on it afterwards; the ``companion`` command is a
package of small command modules."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import parse_config
from companion.daemon import Daemon, DaemonSettings
from companion.daemon.boot import build_daemon
from companion.startup import NewGame, StartRefused
from companion.store import EventStore

REAL_READER = '[dice]\nenabled = false\n[[readers]]\nname = "cards"\ndriver = "pn532"\nport = "/dev/null"\n'


def test_the_config_reaches_the_daemon_through_its_settings(tmp_path):
    config = parse_config(REAL_READER)
    booted = build_daemon(config, tmp_path / "g.sqlite3", tmp_path / "c.sock",
                          NewGame("creepy_cellar", ("Ada", "Bo"), {}, False))
    try:
        daemon = booted.daemon
        assert daemon.session.game_id and daemon.session.spec.id == "creepy_cellar"
        assert daemon.reader_roles == {"cards": "cards"}
        assert "virtual taps are off" in str(daemon.taps.off)
        assert daemon.desk_config is config.desk
        assert daemon.devices.dice_button is False and daemon.saving.warning is None
        assert booted.keeps_good_copy and booted.hardware.virtual == {}
    finally:
        booted.store.close()


def test_a_refused_new_game_closes_the_store(tmp_path):
    with pytest.raises(StartRefused):
        booted = build_daemon(parse_config(""), tmp_path / "g.sqlite3", tmp_path / "c.sock",
                              NewGame("creepy_cellar", ("Ada", "Bo"), {"ghost_deck": "nonsense"}, False))
        booted.store.close()


def test_a_storage_warning_given_at_construction_is_on_every_screen(tmp_path):
    store = EventStore(":memory:")
    daemon = Daemon(store, tmp_path / "c.sock", settings=DaemonSettings(storage_warning="Not saved.",
                                                                         dice_button=True, language="it"))
    assert daemon.saving.warning == "Not saved." and list(daemon.recent) == ["Not saved."]
    assert daemon.devices.dice_button is True and daemon.language == "it"
    store.close()


def test_no_command_module_is_over_250_lines():
    folder = Path(__file__).parent.parent / "companion" / "cli"
    sizes = {path.name: len(path.read_text().splitlines()) for path in folder.glob("*.py")}
    assert len(sizes) >= 7 and max(sizes.values()) <= 250, sizes


def test_a_daemon_takes_its_settings_whole(tmp_path):
    """One DaemonSettings value at construction (issue 27 item 1): the old keywords are gone."""
    store = EventStore(":memory:")
    try:
        with pytest.raises(TypeError, match="language"):
            Daemon(store, tmp_path / "c.sock", language="it")  # type: ignore[call-arg]
        daemon = Daemon(store, tmp_path / "c.sock", DaemonSettings(language="it", hold_time=2.5))
        assert (daemon.language, daemon.hold_time) == ("it", 2.5)
    finally:
        store.close()
