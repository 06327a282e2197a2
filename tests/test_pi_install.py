"""Issue 20: the Pi install (``.[pi]``) resolves to exactly one ``RPi.GPIO`` provider,
rpi-lgpio, and every resolved package's requirements are met by the set (``pip check`` on
the resolved set as data, for an aarch64 Pi); the MFRC522 driver works without the
``mfrc522`` package (which would bring the stock RPi.GPIO back)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]

#: The marker environment of a Raspberry Pi OS Bookworm (64-bit) Pi with Python 3.11.
PI_ENV = {"platform_machine": "aarch64", "sys_platform": "linux", "platform_system": "Linux",
          "os_name": "posix", "python_version": "3.11", "python_full_version": "3.11.2",
          "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}

#: Distributions that install the ``RPi.GPIO`` module.
GPIO_PROVIDERS = {"rpi-gpio", "rpi-lgpio"}


def _pi_requirements() -> list[Requirement]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project = data["project"]
    reqs = [Requirement(text) for text in project["dependencies"] + project["optional-dependencies"]["pi"]]
    return [r for r in reqs if r.marker is None or r.marker.evaluate(PI_ENV)]


def test_the_pi_extra_names_one_gpio_provider_and_no_mfrc522():
    names = {canonicalize_name(r.name) for r in _pi_requirements()}
    assert names & GPIO_PROVIDERS == {"rpi-lgpio"}
    assert "mfrc522" not in names  # it requires the stock RPi.GPIO
    assert {"spidev", "gpiozero", "pyserial"} <= names


def _resolve(tmp_path: Path) -> list[dict]:
    """pip's resolution of the Pi's requirements (the markers already evaluated for aarch64;
    these packages' metadata does not depend on the machine), as pip's install report."""
    reqs = [str(Requirement(f"{r.name}{r.specifier}")) for r in _pi_requirements()
            if canonicalize_name(r.name) != "kivy"]  # the screen's wheel: not what this is about
    report = tmp_path / "report.json"
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
                          "--disable-pip-version-check", "--report", str(report), "--timeout", "20", "--retries", "1",
                          *reqs],
                         capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        network = ("NewConnectionError", "Network is unreachable", "Temporary failure in name resolution",
                   "ConnectTimeout", "ReadTimeout", "Connection refused", "ProxyError", "SSLError")
        said = [line for line in run.stderr.splitlines() if any(word in line for word in network)]
        if said:  # only a failure to reach the index skips; a real resolution conflict fails
            pytest.skip(f"the package index cannot be reached: {said[0].strip()[:200]}")
        raise AssertionError(run.stderr)
    return json.loads(report.read_text())["install"]


@pytest.mark.slow
@pytest.mark.network
def test_the_resolved_pi_set_has_one_gpio_provider_and_passes_pip_check(tmp_path):
    resolved = _resolve(tmp_path)
    names = {canonicalize_name(item["metadata"]["name"]) for item in resolved}
    assert names & GPIO_PROVIDERS == {"rpi-lgpio"}
    assert {"rpi-lgpio", "lgpio", "spidev", "gpiozero", "pyserial"} <= names
    missing = []  # pip check, on the resolved set, for an aarch64 Pi
    for item in resolved:
        for text in item["metadata"].get("requires_dist", []):
            req = Requirement(text)
            if req.marker is not None and not Marker(str(req.marker)).evaluate(PI_ENV):
                continue
            if canonicalize_name(req.name) not in names | {"kivy"}:
                missing.append(f"{item['metadata']['name']} requires {req}")
    assert missing == []


def test_the_mfrc522_driver_works_without_the_mfrc522_package(monkeypatch):
    from hardware.nfc.mfrc522 import MFRC522Reader
    from hardware.testing.fake_spidev import installed
    from hardware.testing.mfrc522_chip import SimCard, SimChip

    chip = SimChip()
    with installed(chip):
        monkeypatch.setitem(sys.modules, "mfrc522", None)  # not installed: import fails
        with MFRC522Reader("cards", spi_speed_hz=2_000_000) as reader:
            assert reader.register_layer == "spidev (built in)"
            assert chip.spi_speed_hz == 2_000_000  # the clock the bus runs at
            chip.present(SimCard.ntag215(bytes.fromhex("04112233445566")))
            assert reader.poll() == bytes.fromhex("04112233445566")
