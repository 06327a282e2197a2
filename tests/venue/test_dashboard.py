"""``companion venue`` in a real headless Chromium (issue 32): 20 tables on a real Mosquitto
(their real links, fed the states of recorded games), the login, every tile, one table's
change reaching its tile, a staff call shown first and acknowledged from its tile (the
command goes through the broker to that table). Screenshots at 1280x800 and 390x844 in
``tests/artifacts/venue/``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.checkout import checkout_env
from tests.collector import wait_until
from tests.venue.broker import free_port
from tests.venue.fleet import GAMES, Fleet, recorded

CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover
    webdriver = None

pytestmark = [pytest.mark.browser, pytest.mark.skipif(
    webdriver is None or not CHROMIUM.exists() or not DRIVER.exists() or shutil.which("chromedriver") is None,
    reason="needs chromium, chromium-driver (apt-get install chromium chromium-driver) and selenium")]

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "venue"
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage")
TOKEN = "staff-token-0123456789"


def _browser(width: int, height: int, phone: bool = False):
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0}})
    else:
        options.add_argument(f"--window-size={width},{height}")
    return webdriver.Chrome(options=options, service=Service(str(DRIVER)))


@pytest.fixture
def dashboard(broker, tmp_path):
    port = free_port()
    config = tmp_path / "venue.toml"
    config.write_text(f'[mqtt]\nhost = "127.0.0.1"\nport = {broker.port}\n\n'
                      f'[venue]\nlisten = "127.0.0.1:{port}"\ntoken = "{TOKEN}"\n')
    process = subprocess.Popen([sys.executable, "-m", "companion", "venue", "--config", str(config)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=checkout_env())
    try:
        assert "the dashboard listens on" in process.stdout.readline(), process.stderr.read()
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.terminate()
        assert process.wait(10) == 0


def _login(browser, url: str) -> None:
    browser.get(url)
    browser.find_element(By.ID, "token").send_keys(TOKEN)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.ID, "tiles"))


def _tiles(browser) -> list:
    return browser.find_elements(By.CSS_SELECTOR, "#tiles .tile")


def _tile(browser, name: str):
    found = browser.find_elements(By.ID, f"tile-{name}")
    return found[0] if found else None


def _attr(browser, name: str, key: str) -> str | None:
    tile = _tile(browser, name)
    try:
        return tile.get_attribute(f"data-{key}") if tile is not None else None
    except Exception:  # redrawn between the find and the read: look again
        return None


def _shot(browser, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    browser.save_screenshot(str(path))
    return path


def test_the_dashboard_shows_twenty_tables_live_and_staff_answer_a_call(broker, dashboard):
    games = [recorded(script) for script in GAMES[:4]]  # (Children's 400 lines would only cost time)
    with Fleet(broker.port, 20) as fleet:
        wait_until(fleet.connected, what="20 tables on the broker")
        for i, table in enumerate(fleet.tables):
            states = games[i % len(games)]
            fleet.show(table.name, states[min(len(states) - 1, 10 + 7 * i)])
        desk, phone = _browser(1280, 800), _browser(390, 844, phone=True)
        try:
            for browser in (desk, phone):
                browser.get(dashboard + "ws")  # no cookie: no WebSocket
                assert "403" in browser.page_source or "Forbidden" in browser.page_source
                _login(browser, dashboard)
                WebDriverWait(browser, 15).until(lambda b: len(_tiles(b)) == 20)
            names = {tile.get_attribute("data-table") for tile in _tiles(desk)}
            assert names == {f"t{i:02d}" for i in range(1, 21)}
            assert all(_attr(desk, name, "online") == "true" for name in names)
            # One table's change reaches its tile.
            states = games[1]
            fleet.show("t07", states[-1])
            revision = str(states[-1]["revision"])
            WebDriverWait(desk, 10).until(lambda b: _attr(b, "t07", "revision") == revision)
            assert "Game over" in _tile(desk, "t07").text
            # A call for staff: the loudest tile, first on both screens.
            fleet.call(lambda: fleet.loop.create_task(fleet.table("t13")._command("call_staff", None)))
            for browser in (desk, phone):
                WebDriverWait(browser, 10).until(lambda b: _attr(b, "t13", "called") == "true")
                assert _tiles(browser)[0].get_attribute("data-table") == "t13"
            _shot(desk, "dashboard-1280x800-call")
            _shot(phone, "dashboard-390x844-call")
            _tile(desk, "t13").find_element(By.CSS_SELECTOR, "button.ack").click()
            wait_until(lambda: not fleet.table("t13").staff.called, what="the acknowledgement to reach t13")
            for browser in (desk, phone):
                WebDriverWait(browser, 10).until(lambda b: _attr(b, "t13", "called") == "false")
            _shot(desk, "dashboard-1280x800")
            _shot(phone, "dashboard-390x844")
        finally:
            desk.quit()
            phone.quit()
