"""The daemon's unit with and without phones (issue 22): the network only through the
``20-phones.conf`` drop-in that ``companion install`` writes while the config enables
phones; ``systemd-analyze`` verifies both and scores them (0.7 without, 1.5 with, on
systemd 252; the budget stays 2.0)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.install import PHONES_DROPIN, Installer

ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed (apt-get install systemd)")
PHONES = '[phones]\nenabled = true\nlisten = "0.0.0.0:8765"\n'
DROPIN = str(PHONES_DROPIN).lstrip("/")


def _root(tmp_path: Path, config: str | None) -> Path:
    root = tmp_path / "root"
    if config is not None:
        path = root / "etc/haunt-companion/config.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(config)
    Installer(root, run_commands=False, prefix="/opt/haunt-companion/.venv").install()
    return root


def test_the_network_drop_in_exists_only_while_phones_are_enabled(tmp_path):
    root = _root(tmp_path, PHONES)
    text = (root / DROPIN).read_text()
    assert "PrivateNetwork=no" in text and "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6" in text
    assert "IPAddressAllow=localhost link-local 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 fc00::/7" in text
    (root / "etc/haunt-companion/config.toml").write_text(PHONES.replace("true", "false"))
    Installer(root, run_commands=False, prefix="/opt/haunt-companion/.venv").install()
    assert not (root / DROPIN).exists()  # turned off again: the unit has no network
    assert not _root(tmp_path / "shipped", None).joinpath(DROPIN).exists()


def _analyzable(root: Path) -> Path:
    for system in ("/usr/lib/systemd/system", "/lib/systemd/system"):
        if Path(system).is_dir():
            shutil.copytree(system, root / "usr/lib/systemd/system", symlinks=True, dirs_exist_ok=True)
            break
    stub = root / "opt/haunt-companion/.venv/bin/companion"
    stub.parent.mkdir(parents=True, exist_ok=True)
    stub.write_text("#!/bin/sh\n")
    stub.chmod(0o755)
    return root


def _exposure(root: Path) -> float:
    done = subprocess.run([ANALYZE, "security", "--offline=true", f"--root={root}", "haunt-companion.service"],
                          capture_output=True, text=True, timeout=60)
    return float(re.search(r"Overall exposure level for \S+: (\d+\.\d)", done.stdout).group(1))


@needs_analyze
def test_both_units_verify_and_stay_within_the_exposure_budget(tmp_path):
    off = _analyzable(_root(tmp_path / "off", None))
    on = _analyzable(_root(tmp_path / "on", PHONES))
    for root in (off, on):
        done = subprocess.run([ANALYZE, "verify", f"--root={root}", "haunt-companion.service"],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and not [line for line in done.stderr.splitlines() if "haunt" in line]
    without, with_phones = _exposure(off), _exposure(on)
    assert without < with_phones <= 2.0, (without, with_phones)
