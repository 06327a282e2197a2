"""The screen's brightness (sysfs backlight) and rotation (the UI's own settings file), on a
fake sysfs directory and a temporary file: no Kivy, no real /sys."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ui import backlight, uisettings
from ui.backlight import MIN_PERCENT, BacklightError, find_backlight


def _light(root: Path, name: str, level: int, top: int) -> Path:
    path = root / name
    path.mkdir(parents=True)
    (path / "brightness").write_text(f"{level}\n")
    (path / "max_brightness").write_text(f"{top}\n")
    (path / "actual_brightness").write_text(f"{level}\n")
    return path


def test_no_backlight_directory_or_an_empty_one_means_none(tmp_path):
    assert find_backlight(tmp_path / "missing") is None
    (tmp_path / "backlight").mkdir()
    assert find_backlight(tmp_path / "backlight") is None
    broken = tmp_path / "backlight" / "acpi_video0"
    broken.mkdir()
    (broken / "brightness").write_text("3\n")
    (broken / "max_brightness").write_text("zero\n")  # unreadable: skipped
    assert find_backlight(tmp_path / "backlight") is None


def test_the_pi_display_is_preferred_and_read_in_percent(tmp_path):
    _light(tmp_path, "acpi_video0", 5, 10)
    _light(tmp_path, "rpi_backlight", 204, 255)
    light = find_backlight(tmp_path)
    assert light.name == "rpi_backlight"
    assert (light.level(), light.max_level(), light.percent()) == (204, 255, 80)


def test_a_coarse_backlight_reports_the_percent_it_really_set(tmp_path):
    path = _light(tmp_path, "10-0045", 31, 31)
    light = find_backlight(tmp_path)
    assert light.set_percent(50) == 52  # 15.5 of 31 raw steps rounds to 16: 52 % is what is set
    assert (path / "brightness").read_text() == "16\n"


def test_set_percent_figures(tmp_path):
    path = _light(tmp_path, "rpi_backlight", 255, 255)
    light = find_backlight(tmp_path)
    assert light.set_percent(40) == 40
    assert (path / "brightness").read_text() == "102\n"
    assert light.set_percent(0) == MIN_PERCENT  # never black: it could not be brightened by touch
    assert (path / "brightness").read_text() == "26\n"
    assert light.set_percent(250) == 100
    assert (path / "brightness").read_text() == "255\n"


def test_a_refused_write_says_it_is_a_permission_matter(tmp_path, monkeypatch):
    path = _light(tmp_path, "rpi_backlight", 100, 255)
    (path / "brightness").chmod(0o444)  # as sysfs without the udev rule
    if os.geteuid() == 0:  # root writes a read-only file anyway: refuse as the kernel would
        def refuse(file, mode="r", *args, **kwargs):
            if "w" in mode:
                raise PermissionError(13, "Permission denied", str(file))
            return open(file, mode, *args, **kwargs)
        monkeypatch.setattr(backlight, "open", refuse, raising=False)
    with pytest.raises(BacklightError) as caught:
        find_backlight(tmp_path).set_percent(60)
    assert caught.value.permission is True
    assert str(caught.value) == f"no permission to write {path / 'brightness'}"
    assert (path / "brightness").read_text() == "100\n"


def test_a_write_into_a_vanished_backlight_is_an_error_not_a_crash(tmp_path):
    path = _light(tmp_path, "rpi_backlight", 100, 255)
    light = find_backlight(tmp_path)
    (path / "brightness").unlink()
    (path / "brightness").mkdir()  # writing a directory fails with IsADirectoryError
    with pytest.raises(BacklightError) as caught:
        light.set_percent(60)
    assert caught.value.permission is False


def test_settings_round_trip_through_the_file(tmp_path, monkeypatch):
    target = tmp_path / "conf" / "ui.json"
    monkeypatch.setenv("HAUNT_UI_SETTINGS", str(target))
    assert uisettings.settings_path() == target
    assert uisettings.load() == uisettings.UISettings(0, None)  # no file yet
    assert uisettings.save(uisettings.UISettings(180, 70)) == target
    assert json.loads(target.read_text()) == {"rotation": 180, "brightness": 70}
    assert uisettings.load() == uisettings.UISettings(180, 70)
    assert not target.with_name("ui.json.tmp").exists()


@pytest.mark.parametrize("text, expected", [
    ("{not json", uisettings.UISettings()),
    ("[90]", uisettings.UISettings()),
    ('{"rotation": 45, "brightness": 70}', uisettings.UISettings(0, 70)),
    ('{"rotation": true, "brightness": 170}', uisettings.UISettings(0, None)),
    ('{"rotation": 270}', uisettings.UISettings(270, None)),
])
def test_a_broken_settings_file_gives_defaults_never_a_crash(tmp_path, text, expected):
    path = tmp_path / "ui.json"
    path.write_text(text)
    assert uisettings.load(path) == expected


def test_without_the_variable_the_file_is_in_the_user_config_dir(monkeypatch, tmp_path):
    monkeypatch.delenv("HAUNT_UI_SETTINGS", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert uisettings.settings_path() == tmp_path / "haunt-companion" / "ui.json"
