"""``companion doctor`` on a fake Raspberry Pi /dev tree in tmp_path, and on this machine."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from companion.config import Config, ConfigPathRefused, DiceConfig, ReaderConfig, default_config
from companion.doctor import SERIAL_HINT, SPI_HINT, Probe, doctor_command, run_doctor, try_import
from hardware.nfc.mfrc522_settings import MFRC522Settings
from hardware.nfc.pn532_settings import PN532Settings

ALL_GROUPS = {"gpio", "spi", "dialout", "video", "render", "input"}
MFRC = ReaderConfig("cards", "mfrc522", "cards", MFRC522Settings(bus=0, device=0, reset_pin=25))
PN532 = ReaderConfig("tiles", "pn532", "tiles", PN532Settings(port="/dev/serial0", baudrate=115200))


def fake_pi(root: Path, spi: bool = True, serial: bool = True, spi_on: bool = True,
            console: bool = False) -> Path:
    """A Pi's /dev and /boot/firmware under ``root``."""
    dev = root / "dev"
    (dev / "dri").mkdir(parents=True)
    (dev / "snd").mkdir()  # a speaker (issue 28: the voice)
    for name in ("gpiochip0", "gpiochip4", "dri/card0", "snd/pcmC0D0p"):
        (dev / name).touch()
    if spi:
        (dev / "spidev0.0").touch()
        (dev / "spidev0.1").touch()
    if serial:
        (dev / "ttyS0").touch()
        (dev / "serial0").symlink_to("ttyS0")
    boot = root / "boot" / "firmware"
    boot.mkdir(parents=True)
    (boot / "config.txt").write_text("[all]\n" + ("dtparam=spi=on\n" if spi_on else
                                                  "#dtparam=spi=on\n"))
    cmdline = "console=serial0,115200 console=tty1 root=PARTUUID=1" if console else \
        "console=tty1 root=PARTUUID=1"
    (boot / "cmdline.txt").write_text(cmdline + "\n")
    return root


def probe_for(root: Path, missing_modules=(), groups=ALL_GROUPS, access=True,
              factory="LGPIOFactory", environ=None, machine="aarch64") -> Probe:
    """A probe of the fake tree: chosen modules missing, chosen groups, fixed access."""

    def fake_import(module):
        return f"ModuleNotFoundError: No module named {module!r}" if module in missing_modules \
            else None

    def fake_factory():
        if isinstance(factory, Exception):
            raise factory
        return factory

    return Probe(root=root, environ=environ or {}, try_import=fake_import,
                 pin_factory=fake_factory, groups=lambda: set(groups),
                 known_groups=lambda: set(ALL_GROUPS), is_root=lambda: False,
                 access=(lambda path, mode: access(path) if callable(access) else access),
                 machine=lambda: machine)


def doctor(config, probe) -> tuple[int, str]:
    out = io.StringIO()
    code = run_doctor(config, out=out, probe=probe)
    return code, out.getvalue()


def test_this_machine_without_config_exits_0():
    code, text = doctor(None, None)
    assert code == 0
    assert "no config file: nothing is required" in text
    assert "everything the config needs is there" in text


def test_this_machine_via_the_command_without_a_config_file(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    out = io.StringIO()
    assert doctor_command(out=out) == 0
    assert f"no config file at {tmp_path / 'haunt-companion' / 'config.toml'}" in out.getvalue()


def test_a_named_config_that_is_missing_is_an_error(tmp_path, monkeypatch):
    """A named file that is missing: the command line cannot be used (exit 2, as the daemon; cli15)."""
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "absent.toml"))
    with pytest.raises(ConfigPathRefused, match="no such config file"):
        doctor_command(out=io.StringIO())


def test_a_full_pi_with_everything_exits_0(tmp_path):
    config = Config(readers=(MFRC, PN532))
    code, text = doctor(config, probe_for(fake_pi(tmp_path)))
    assert code == 0, text
    assert "readers: cards (mfrc522), tiles (pn532); dice button: GPIO 17" in text
    assert "[ok] SPI devices: spidev0.0, spidev0.1" in text
    assert "[ok] /dev/spidev0.0 is readable and writable" in text
    assert "[ok] /dev/serial0 is readable and writable" in text
    assert "[ok] GPIO chips: gpiochip0, gpiochip4" in text
    assert "[ok] gpiozero pin factory: LGPIOFactory" in text
    assert "[ok] display: /dev/dri/card0" in text
    assert "[ok] group dialout (serial ports (PN532)): member" in text
    assert "MISSING" not in text and "->" not in text


def test_spidev_absent_with_an_mfrc522_exits_1_with_the_spi_hint(tmp_path):
    code, text = doctor(Config(readers=(MFRC,)),
                        probe_for(fake_pi(tmp_path, spi=False, spi_on=False)))
    assert code == 1
    assert "[MISSING] no /dev/spidev* (dtparam=spi=on is not set)" in text
    assert f"-> {SPI_HINT}" in text
    assert "1 problem to fix" in text


def test_spidev_absent_although_enabled_suggests_a_reboot(tmp_path):
    code, text = doctor(Config(readers=(MFRC,)), probe_for(fake_pi(tmp_path, spi=False)))
    assert code == 1
    assert "dtparam=spi=on is set but no device appeared (reboot?)" in text


def test_spidev_absent_without_an_mfrc522_is_informational(tmp_path):
    code, text = doctor(Config(readers=(PN532,)), probe_for(fake_pi(tmp_path, spi=False)))
    assert code == 0, text
    assert "[info] no /dev/spidev* (dtparam=spi=on is set" in text
    assert "only MFRC522 readers need SPI" in text


def test_the_configured_spidev_must_exist(tmp_path):
    reader = ReaderConfig("cards", "mfrc522", settings=MFRC522Settings(bus=1, device=0, reset_pin=25))
    code, text = doctor(Config(readers=(reader,)), probe_for(fake_pi(tmp_path)))
    assert code == 1
    assert "[MISSING] /dev/spidev1.0 does not exist" in text


def test_a_missing_serial_port_exits_1_with_the_console_hint(tmp_path):
    code, text = doctor(Config(readers=(PN532,)), probe_for(fake_pi(tmp_path, serial=False)))
    assert code == 1
    assert "[MISSING] /dev/serial0 does not exist" in text
    assert f"-> {SERIAL_HINT}" in text
    assert "disable the serial console" in SERIAL_HINT


def test_a_serial_port_without_access_asks_for_dialout(tmp_path):
    probe = probe_for(fake_pi(tmp_path), groups=ALL_GROUPS - {"dialout"},
                      access=lambda path: path.name != "serial0")
    code, text = doctor(Config(readers=(PN532,)), probe)
    assert code == 1
    assert "[MISSING] /dev/serial0 exists but is not readable and writable by this user" in text
    assert "-> sudo usermod -aG dialout $USER, then log out and back in" in text
    assert "[warn] group dialout (serial ports (PN532)): not a member" in text


def test_the_serial_console_still_on_is_a_problem(tmp_path):
    code, text = doctor(Config(readers=(PN532,)), probe_for(fake_pi(tmp_path, console=True)))
    assert code == 1
    assert "[MISSING] the serial console is on (console=serial0 in cmdline.txt)" in text


def test_a_required_module_missing_exits_1_with_the_package(tmp_path):
    probe = probe_for(fake_pi(tmp_path), missing_modules=("spidev", "serial"))
    code, text = doctor(Config(readers=(MFRC,)), probe)
    assert code == 1
    assert "[MISSING] python module spidev (SPI access (MFRC522)) does not import" in text
    assert "-> pip install spidev  (or: sudo apt install python3-spidev)" in text
    # serial is not needed without a PN532: a warning, not a problem
    assert "[warn] python module serial (UART access (PN532)) does not import" in text
    assert "-> pip install pyserial  (or: sudo apt install python3-serial)" in text
    assert "1 problem to fix" in text


def test_no_pin_factory_fails_only_when_the_dice_button_is_enabled(tmp_path):
    root = fake_pi(tmp_path)
    broken = RuntimeError("Unable to load any default pin factory!")
    code, text = doctor(default_config(), probe_for(root, factory=broken))
    assert code == 1
    assert "[MISSING] gpiozero pin factory: none loads: RuntimeError: Unable" in text
    assert "-> on a Raspberry Pi: pip install lgpio" in text
    off = Config(dice=DiceConfig(enabled=False))
    code, text = doctor(off, probe_for(root, factory=broken))
    assert code == 0, text
    assert "[warn] gpiozero pin factory: none loads" in text


def test_the_mock_pin_factory_is_reported(tmp_path):
    probe = probe_for(fake_pi(tmp_path), factory="MockFactory",
                      environ={"GPIOZERO_PIN_FACTORY": "mock"})
    code, text = doctor(default_config(), probe)
    assert code == 0
    assert ("[warn] gpiozero pin factory: MockFactory (GPIOZERO_PIN_FACTORY=mock): "
            "the dice button is simulated") in text


def test_no_gpio_chip_fails_when_the_dice_button_is_enabled(tmp_path):
    root = fake_pi(tmp_path)
    for chip in (root / "dev").glob("gpiochip*"):
        chip.unlink()
    code, text = doctor(default_config(), probe_for(root))
    assert code == 1
    assert "[MISSING] no /dev/gpiochip* (not a Raspberry Pi?)" in text
    assert "-> run on a Raspberry Pi, or set [dice] enabled = false" in text


def test_gpio_chips_without_access_ask_for_the_gpio_group(tmp_path):
    probe = probe_for(fake_pi(tmp_path), groups=ALL_GROUPS - {"gpio"},
                      access=lambda path: not path.name.startswith("gpiochip"))
    code, text = doctor(default_config(), probe)
    assert code == 1
    assert "[MISSING] GPIO chips gpiochip0, gpiochip4 are not readable and writable" in text
    assert "-> sudo usermod -aG gpio $USER" in text


def test_groups_not_needed_are_informational(tmp_path):
    code, text = doctor(Config(dice=DiceConfig(enabled=False)),
                        probe_for(fake_pi(tmp_path), groups={"video"}))
    assert code == 0
    assert "[info] group input (touchscreen): not a member" in text
    assert "[ok] group video (display): member" in text


def test_display_from_the_environment_or_missing(tmp_path):
    root = fake_pi(tmp_path)
    (root / "dev" / "dri" / "card0").unlink()
    code, text = doctor(None, probe_for(root, environ={"WAYLAND_DISPLAY": "wayland-0"}))
    assert code == 0
    assert "[ok] display: WAYLAND_DISPLAY=wayland-0" in text
    code, text = doctor(None, probe_for(root))
    assert code == 0
    assert "[warn] display: no DISPLAY/WAYLAND_DISPLAY and no /dev/dri/card*" in text


def test_a_failing_probe_becomes_a_line_not_a_crash(tmp_path):
    probe = probe_for(fake_pi(tmp_path))

    def broken():
        raise OSError("no group database")

    probe.groups = broken
    code, text = doctor(None, probe)
    assert code == 0
    assert "[info] groups: cannot be read (OSError: no group database)" in text


def test_an_empty_machine_with_no_config_is_0(tmp_path):
    code, text = doctor(None, probe_for(tmp_path, missing_modules=("mfrc522", "spidev",
                                                                   "RPi.GPIO", "lgpio",
                                                                   "serial", "gpiozero"),
                                        factory=RuntimeError("none"), groups=set()))
    assert code == 0, text
    assert "MISSING" not in text
    assert "[info] no /dev/gpiochip* (not a Raspberry Pi?); nothing configured needs GPIO" \
        in text


def test_the_command_reports_a_bad_config_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('language = "fr"\n')
    out = io.StringIO()
    assert doctor_command(path, out=out) == 1
    assert "companion doctor: bad config:" in out.getvalue()
    assert "language: must be one of en, it, got 'fr'" in out.getvalue()


def test_the_command_loads_the_config_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[dice]\nenabled = false\n[[readers]]\nname = "t"\ndriver = "pn532"\n')
    out = io.StringIO()
    code = doctor_command(path, out=out, probe=probe_for(fake_pi(tmp_path / "pi")))
    assert code == 0, out.getvalue()
    assert "readers: t (pn532); dice button: disabled" in out.getvalue()


def test_try_import_reports_instead_of_raising():
    assert try_import("json") is None
    assert try_import("no_such_module_for_doctor").startswith("ModuleNotFoundError:")


@pytest.mark.skipif(not hasattr(os, "getgroups"), reason="POSIX groups")
def test_real_group_lookup_does_not_raise():
    from companion.doctor import existing_groups, user_groups

    assert isinstance(user_groups(), set) and isinstance(existing_groups(), set)


def test_a_chip_library_that_refuses_a_non_pi_is_not_called_missing(tmp_path):
    """Found by a newcomer: off a Pi, an installed mfrc522 was reported with "pip install mfrc522"."""
    import dataclasses

    probe = probe_for(tmp_path)
    pi_only = "RuntimeError: This module can only be run on a Raspberry Pi!"
    probe = dataclasses.replace(probe, try_import=lambda m: pi_only if m in ("mfrc522", "RPi.GPIO") else None)
    out = io.StringIO()
    run_doctor(None, out=out, probe=probe)
    text = out.getvalue()
    assert ("python module mfrc522 (MFRC522 chip library) is installed; it imports only on a Raspberry Pi, and "
            "this machine is not one") in text
    assert ("[info] python module RPi.GPIO (GPIO for the MFRC522 reset pin) is installed; it imports only on a "
            "Raspberry Pi, and this machine is not one") in text  # never [MISSING] for what is installed
    assert "pip install mfrc522" not in text


# ---------------------------------------------------------------------- issue 20

def _pi5(root: Path) -> Path:
    model = root / "proc" / "device-tree" / "model"
    model.parent.mkdir(parents=True)
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    return root


def test_doctor_names_the_rpi_gpio_it_has(tmp_path):
    probe = probe_for(fake_pi(tmp_path))
    probe.gpio_providers = lambda: {"rpi-lgpio": "0.6"}
    code, text = doctor(Config(readers=(MFRC,)), probe)
    assert "[ok] RPi.GPIO is rpi-lgpio 0.6 (on lgpio: every Pi, the Pi 5 too)" in text and code == 0


def test_doctor_names_the_clash_of_two_rpi_gpio_packages(tmp_path):
    probe = probe_for(fake_pi(tmp_path))
    probe.gpio_providers = lambda: {"rpi-lgpio": "0.6", "RPi.GPIO": "0.7.1"}
    code, text = doctor(Config(readers=(MFRC,)), probe)
    assert code == 1
    assert ("[MISSING] RPi.GPIO is installed twice (rpi-lgpio 0.6, RPi.GPIO 0.7.1): both packages are the "
            "RPi.GPIO module and overwrite each other; the one imported is whichever was installed last") in text
    assert "-> pip uninstall -y RPi.GPIO mfrc522 && pip install --force-reinstall rpi-lgpio" in text


def test_doctor_names_the_soc_error_of_the_stock_rpi_gpio_on_a_pi5(tmp_path):
    probe = probe_for(_pi5(fake_pi(tmp_path)))
    probe.gpio_providers = lambda: {"RPi.GPIO": "0.7.1"}
    probe.try_import = lambda m: ("RuntimeError: Cannot determine SOC peripheral base address"
                                  if m in ("RPi.GPIO", "mfrc522") else None)
    code, text = doctor(Config(readers=(MFRC,)), probe)
    assert code == 1
    assert ("[MISSING] python module RPi.GPIO does not import: the stock RPi.GPIO does not work on a Pi 5 "
            "(Cannot determine SOC peripheral base address)") in text
    assert "[MISSING] RPi.GPIO is the stock RPi.GPIO 0.7.1: on a Pi 5 it fails (Cannot determine SOC" in text
    assert "[info] Raspberry Pi model: Raspberry Pi 5 Model B Rev 1.0" in text


def test_doctor_tells_a_pi5_its_header_uart(tmp_path):
    probe = probe_for(_pi5(fake_pi(tmp_path)))
    code, text = doctor(Config(readers=(PN532,)), probe)
    assert code == 1  # issue 30: an error, not a warning: the PN532 cannot answer there
    assert ("[MISSING] on a Pi 5, /dev/serial0 is the debug connector, not the UART on GPIO 14/15: the PN532 "
            "cannot answer there") in text
    assert '-> set port = "/dev/ttyAMA0" and add dtoverlay=uart0-pi5 to /boot/firmware/config.txt' in text


def test_doctor_says_nothing_of_the_pi5_uart_elsewhere(tmp_path):
    code, text = doctor(Config(readers=(PN532,)), probe_for(fake_pi(tmp_path)))
    assert "ttyAMA0" not in text and "[info] Raspberry Pi model: not a Raspberry Pi" in text


def test_doctor_prints_each_readers_settings(tmp_path):
    from companion.config import parse_config

    config = parse_config('[[readers]]\nname = "cards"\ndriver = "mfrc522"\nantenna_gain = 48\n'
                          '[[readers]]\nname = "tiles"\ndriver = "pn532"\nport = "/dev/ttyAMA0"\n')
    _code, text = doctor(config, probe_for(fake_pi(tmp_path)))
    assert ("[info] cards: MFRC522 on /dev/spidev0.0, reset GPIO 25, SPI 1 MHz, poll budget 50 ms, "
            "antenna gain 48 dB") in text
    assert ("[info] tiles: PN532 on /dev/ttyAMA0 at 115200 baud, 2 activation retries (MxRty), "
            "poll timeout 0.1 s") in text


def test_a_missing_mfrc522_package_is_fine(tmp_path):
    code, text = doctor(Config(readers=(MFRC,)), probe_for(fake_pi(tmp_path), missing_modules=("mfrc522",)))
    assert code == 0
    assert "[info] python module mfrc522 (MFRC522 chip library) is not installed: the MFRC522 driver talks" in text
def test_doctor_says_whether_phones_are_on_and_their_address():
    from companion.phones.config import PhonesConfig

    out = io.StringIO()
    run_doctor(default_config(), out, Probe(try_import=lambda m: None))
    assert ("[info] phones: off (the daemon opens no network port; "
            "[phones] enabled = true turns them on)") in out.getvalue()
    on = Config(phones=PhonesConfig(True, "0.0.0.0", 8765, "http://192.168.1.20:8765"))
    out = io.StringIO()
    run_doctor(on, out, Probe(try_import=lambda m: None))
    assert "[ok] phones: on, listening on 0.0.0.0:8765; links start with http://192.168.1.20:8765/p/" in out.getvalue()
    out = io.StringIO()
    loopback = Config(phones=PhonesConfig(True, "127.0.0.1", 8765))
    assert run_doctor(loopback, out, Probe(try_import=lambda m: "no module" if m == "segno" else None)) == 1
    assert "[MISSING] phones: segno cannot be imported" in out.getvalue()
    assert "loopback address: no phone can reach it" in out.getvalue()


def test_a_phones_only_config_does_not_fail_on_gpio(tmp_path):
    """Issue 17: a table of phones and touches (no [dice], no readers) on a machine without
    GPIO is not broken; GPIO is mentioned, not MISSING. A [dice] table still requires it."""
    path = tmp_path / "config.toml"
    path.write_text('[phones]\nenabled = true\nurl = "http://192.168.1.20:8765"\n')
    no_gpio = probe_for(tmp_path / "laptop", factory=RuntimeError("Unable to load any default pin factory!"))
    out = io.StringIO()
    assert doctor_command(path, out=out, probe=no_gpio) == 0, out.getvalue()
    text = out.getvalue()
    assert "MISSING" not in text
    assert "readers: none; dice button: GPIO 17 if this machine has GPIO (no [dice] table)" in text
    assert "[warn] gpiozero pin factory: none loads: RuntimeError: Unable" in text
    path.write_text('[dice]\npin = 17\n[phones]\nenabled = true\nurl = "http://192.168.1.20:8765"\n')
    out = io.StringIO()
    assert doctor_command(path, out=out, probe=no_gpio) == 1
    assert "[MISSING] gpiozero pin factory: none loads" in out.getvalue()


def test_an_installed_gpio_module_off_a_pi_is_a_warning_not_missing_even_when_needed(tmp_path):
    """Newcomer's report: "[MISSING] python module RPi.GPIO ... is installed" said both at once."""
    import dataclasses

    pi_only = "RuntimeError: This module can only be run on a Raspberry Pi!"
    probe = dataclasses.replace(probe_for(tmp_path), try_import=lambda m: pi_only if m == "RPi.GPIO" else None)
    _code, text = doctor(Config(readers=(MFRC,)), probe)
    assert ("  [warn] python module RPi.GPIO (GPIO for the MFRC522 reset pin) is installed; it imports only on a "
            "Raspberry Pi, and this machine is not one\n      -> nothing to install: run companion doctor on the Pi"
            ) in text


def test_a_pc_is_never_told_to_install_the_pi_only_gpio_modules(tmp_path):
    """Issue 30: doctor on a laptop said "pip install lgpio", which has nothing to drive there."""
    probe = probe_for(tmp_path, missing_modules=("lgpio", "RPi.GPIO"), factory=RuntimeError("none"),
                      machine="x86_64")
    code, text = doctor(default_config(), probe)
    assert "pip install lgpio" not in text and "pip install rpi-lgpio" not in text
    assert ("[info] python module lgpio (gpiozero's preferred pin library) does not import; it works only on a "
            "Raspberry Pi, and this machine is a PC") in text
    assert "-> nothing to install: run companion doctor on the Pi" in text  # the dice button's pin factory
    _code, text = doctor(Config(readers=(MFRC,)), probe)
    assert ("[warn] python module RPi.GPIO (GPIO for the MFRC522 reset pin) does not import; it works only on a "
            "Raspberry Pi, and this machine is a PC\n      -> nothing to install: run companion doctor on the Pi"
            ) in text
