"""The owner's desk in a real browser (issue 34): Debian's headless Chromium driven by
Selenium, one browser for the module. Card data typed on the desk reaches the next new
game; a file exported from one table imports into a fresh one with the same forms; a game
set aside comes back from the saved games; the history draws its chart.

Screenshots at 1280x800 and 390x844: ``tests/artifacts/desk/``.
"""

from __future__ import annotations

import json
import re
import shutil
import time
import urllib.request
from pathlib import Path

import pytest

from companion import table_content
from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.daemon.settings import DaemonSettings
from companion.desk.config import DeskConfig
from companion.engine import get_game
from companion.store import EventStore
from tests.phones.test_phone_browser import CHROMIUM, DRIVER, FLAGS

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover
    webdriver = None

pytestmark = [pytest.mark.browser, pytest.mark.skipif(
    webdriver is None or not CHROMIUM.exists() or not DRIVER.exists() or shutil.which("chromedriver") is None,
    reason="needs chromium, chromium-driver (apt-get install chromium chromium-driver) and selenium")]

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "desk"
TABLET, MONSTER = "children:tablet:tablet-1-4", "house_of_spirits:monster:monster-02"


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument("--window-size=1280,800")
    driver = webdriver.Chrome(options=options, service=Service(str(DRIVER)))
    yield driver
    driver.quit()


class Table:
    """A daemon on its own store, with its desk started; :meth:`ask` sends a command."""

    def __init__(self, path: Path, name: str, language: str = "en"):
        self.store = EventStore(path / f"{name}.sqlite3")
        self.daemon = Daemon(self.store, path / f"{name}.sock", DaemonSettings(desk=DeskConfig(port=0),
                                                                               language=language))
        self.thread = DaemonThread(self.daemon)
        self.thread.__enter__()
        self.link = self.ask({"cmd": "desk_link"}, "desk_link")["link"]

    def ask(self, message: dict, answer: str | None = None) -> dict:
        replies: list[dict] = []
        with Client(self.daemon.socket_path, on_message=replies.append).connect(timeout=3.0) as client:
            ack = client.request(message)
        return next(m for m in replies if m.get("type") == answer) if answer else ack

    def close(self) -> None:
        self.thread.__exit__(None, None, None)
        self.store.close()


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    from companion import script as scripts
    from companion.replay import replay
    from tests.conftest import SCRIPTS

    path = tmp_path_factory.mktemp("desk")
    replay(scripts.load(SCRIPTS / "creepy_cellar" / "basic-won.jsonl"), db=path / "first.sqlite3")
    opened = {"first": Table(path, "first"), "fresh": Table(path, "fresh"), "italian": Table(path, "italian", "it")}
    yield opened
    for table in opened.values():
        table.close()


def _wait(browser, condition, timeout: float = 10.0):
    from selenium.common.exceptions import StaleElementReferenceException

    return WebDriverWait(browser, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda b: condition(b))


def _open_game(browser, game: str) -> None:
    _wait(browser, lambda b: b.find_elements(By.CSS_SELECTOR, f"#games button[data-game='{game}']"))
    browser.execute_script("window.scrollTo(0, 0)")
    browser.find_element(By.CSS_SELECTOR, f"#games button[data-game='{game}']").click()
    _wait(browser, lambda b: b.find_elements(By.CSS_SELECTOR, f"#cards tr[data-card^='{game}:']"))


def _cell(browser, card: str, field: str):
    return browser.find_element(By.CSS_SELECTOR, f"#cards tr[data-card='{card}'] [name='{card}:{field}']")


def _saved_state(browser, card: str) -> str:
    return browser.find_element(By.CSS_SELECTOR, f"#cards tr[data-card='{card}'] td:last-child").text


def _retype(box, text: str) -> None:
    """Select what the field holds and type over it, then Tab, as a hand does (``clear()``
    sends a change of its own: an empty field the desk refuses and puts back)."""
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(text, Keys.TAB)  # tab to the next field: the change is saved as you go


def _type(browser, card: str, field: str, text: str) -> None:
    _retype(_cell(browser, card, field), text)
    _wait(browser, lambda b: _saved_state(b, card) == "Saved")


def _shoot(browser, name: str, size: tuple[int, int]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    width, height = size
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    browser.execute_script("window.scrollTo(0, 0)")
    browser.save_screenshot(str(ARTIFACTS / f"{name}-{width}x{height}.png"))
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_card_data_entered_on_the_desk_reaches_the_next_new_game(browser, tables):
    table = tables["first"]
    browser.get(table.link)
    _open_game(browser, "children")
    count = browser.find_element(By.CSS_SELECTOR, "#games button[data-game='children'] .count").text
    assert count == "Children: 42 of 46 cards still to enter"
    _type(browser, TABLET, "name", "Music Room")
    _cell(browser, TABLET, "doors").click()  # the first flag: "left" off
    _wait(browser, lambda b: _saved_state(b, TABLET) == "Saved")
    _wait(browser, lambda b: "41 of 46" in b.find_element(By.CSS_SELECTOR, "[data-game='children'] .count").text)
    _shoot(browser, "cards", (1280, 800))
    _shoot(browser, "cards", (390, 844))
    _type(browser, TABLET, "name", "x" * 40 + "y")  # the field's limit: 40 characters are kept
    _retype(_cell(browser, TABLET, "name"), "Music Room")
    _open_game(browser, "house_of_spirits")
    _type(browser, MONSTER, "attack", "7")
    _retype(_cell(browser, MONSTER, "defence"), "12")
    _wait(browser, lambda b: _saved_state(b, MONSTER) == "Not saved")  # and why, beside the field:
    refusal = browser.find_element(By.CSS_SELECTOR, f"#cards tr[data-card='{MONSTER}'] .refusal").text
    assert refusal == "Defence is a whole number from 0 to 9, not 12"
    assert _cell(browser, MONSTER, "defence").get_attribute("value") == "1"  # the stored value, put back
    assert table.store.content("children") == {TABLET: {"name": "Music Room", "doors": ["right"]}}
    assert table.store.content("house_of_spirits") == {MONSTER: {"attack": 7}}
    assert table.ask({"cmd": "new_game", "game": "children", "players": ["Ada", "Bo"]})["ok"]
    assert table.daemon.session.state.name("tablet-1-4") == "Music Room"
    assert table.ask({"cmd": "new_game", "game": "house_of_spirits", "players": ["Ada", "Bo"], "abandon": True})["ok"]
    assert table.daemon.session.state.cards["monster-02"].attack == 7


def test_an_exported_file_imports_into_a_fresh_store_with_the_same_forms(browser, tables, tmp_path):
    first, fresh = tables["first"], tables["fresh"]
    browser.get(first.link)
    _open_game(browser, "children")
    href = browser.find_element(By.ID, "export-toml").get_attribute("href")
    exported = tmp_path / "children.toml"
    exported.write_bytes(urllib.request.urlopen(href).read())
    browser.get(fresh.link)
    _open_game(browser, "children")
    wrong = tmp_path / "spirits.toml"
    wrong.write_text('game = "house_of_spirits"\n\n["house_of_spirits:monster:monster-02"]\nattack = 3\n')
    for path, says in ((wrong, "Nothing was imported: this file holds card data of House of Spirits, not of "
                               "Children"), (exported, "Imported 1 cards.")):
        browser.find_element(By.ID, "import-file").send_keys(str(path))
        browser.find_element(By.ID, "import-button").click()
        _wait(browser, lambda b, says=says: b.find_element(By.ID, "msg").text == says)
    _wait(browser, lambda b: _cell(b, TABLET, "name").get_attribute("value") == "Music Room")
    spec = get_game("children")
    assert table_content.forms(spec, fresh.store.content("children"), "en") == \
        table_content.forms(spec, first.store.content("children"), "en")
    assert fresh.store.content("house_of_spirits") == {}


def test_a_game_set_aside_is_resumed_from_the_saved_games(browser, tables):
    table = tables["first"]
    assert table.ask({"cmd": "new_game", "game": "creepy_cellar", "players": ["Ada", "Bo"], "abandon": True})["ok"]
    running = table.daemon.session.game_id
    browser.get(table.link)
    browser.find_element(By.ID, "tab-saved").click()
    row = f"#saved tr[data-game-id='{running}']"
    _wait(browser, lambda b: b.find_elements(By.CSS_SELECTOR, row))
    assert "on the table" in browser.find_element(By.CSS_SELECTOR, row).text
    assert "Delete" not in browser.find_element(By.CSS_SELECTOR, row).text  # the running game cannot be deleted
    browser.find_element(By.CSS_SELECTOR, f"{row} button").click()  # Set aside
    _wait(browser, lambda b: "Resume" in b.find_element(By.CSS_SELECTOR, row).text)
    assert table.daemon.session is None
    _shoot(browser, "saved", (1280, 800))
    browser.find_element(By.CSS_SELECTOR, f"{row} button").click()  # Resume
    _wait(browser, lambda b: "on the table" in b.find_element(By.CSS_SELECTOR, row).text)
    assert table.daemon.session.game_id == running
    finished = table.store.games()[1].id  # the Children game of the first test, in progress
    browser.find_element(By.CSS_SELECTOR, f"#saved tr[data-game-id='{finished}'] button.danger").click()
    browser.switch_to.alert.dismiss()  # asked, and kept
    assert table.store.game(finished) is not None
    browser.find_element(By.CSS_SELECTOR, f"#saved tr[data-game-id='{finished}'] button.danger").click()
    browser.switch_to.alert.accept()
    _wait(browser, lambda b: not b.find_elements(By.CSS_SELECTOR, f"#saved tr[data-game-id='{finished}']"))
    assert table.store.game(finished) is None


def test_the_history_shows_a_table_and_a_chart(browser, tables):
    browser.get(tables["first"].link)
    history = json.loads(urllib.request.urlopen(tables["first"].link + "/api/history").read())
    assert [p["player"] for p in history["players"]] == ["Ada", "Bo", "Cy"]  # the replayed Creepy Cellar game
    browser.find_element(By.ID, "tab-history").click()
    _wait(browser, lambda b: b.find_elements(By.CSS_SELECTOR, "#chart svg rect.wins"))
    rows = browser.find_elements(By.CSS_SELECTOR, "#players tr")
    assert [r.text.split()[0] for r in rows[1:]] == [p["player"] for p in history["players"]]
    bars = browser.find_elements(By.CSS_SELECTOR, "#chart svg rect.wins")
    assert len(bars) == len(history["players"]) and all(float(b.get_attribute("width")) > 0 for b in bars)
    _shoot(browser, "history", (1280, 800))
    _shoot(browser, "history", (390, 844))


def test_the_italian_desk_puts_a_refused_value_back_and_says_why_beside_it(browser, tables):
    """Newcomer19 9: -999 in a character's Attack stayed in the field, unmarked, while the
    refusal sat in English at the row's far end, off-screen at 1280 px; the Italian page had
    English column headers, "broken mirror" in lower case, US dates and "in corso" for a game
    set aside."""
    table = tables["italian"]
    assert table.ask({"cmd": "new_game", "game": "creepy_cellar", "players": ["Ada", "Bo"]})["ok"]
    aside = table.daemon.session.game_id
    assert table.ask({"cmd": "set_aside"})["ok"]
    browser.get(table.link)
    _open_game(browser, "house_of_spirits")
    spirits = "#cards tr[data-card^='house_of_spirits:']"
    headers = _wait(browser, lambda b: [th.text for th in b.find_elements(By.CSS_SELECTOR, "#cards th")
                                        if b.find_elements(By.CSS_SELECTOR, spirits)])
    assert headers[:4] == ["Carta", "Nome stampato sulla carta", "Attacco", "Difesa"], headers
    assert not {"Attack", "Defence", "Investigation", "Health"} & set(headers)
    assert _cell(browser, "house_of_spirits:item:broken-mirror", "name").get_attribute("value") == "Broken Mirror"
    card = "house_of_spirits:character:character-4"
    # a name the companion made is in the page's language (words20: "Character 4 (placeholder)"),
    # and is not saved with the Attack below (the store keeps only what was typed)
    assert _cell(browser, card, "name").get_attribute("value") == "Personaggio 4 (segnaposto)"
    box = _cell(browser, card, "attack")
    _retype(box, "-999")
    said = f"#cards tr[data-card='{card}'] .refusal"
    _wait(browser, lambda b: b.find_elements(By.CSS_SELECTOR, said))
    refusal = browser.find_element(By.CSS_SELECTOR, said)
    assert refusal.text == "Attacco è un numero intero da 0 a 9, non -999"
    assert box.get_attribute("value") == "3" and box.get_attribute("aria-invalid") == "true"
    assert refusal.find_element(By.XPATH, "..") == box.find_element(By.XPATH, "..")  # in the field's own cell
    right, width = browser.execute_script(
        "return [arguments[0].getBoundingClientRect().right, window.innerWidth]", refusal)
    assert 0 < right <= width  # in view at 1280 px
    _shoot(browser, "refused-it", (1280, 800))
    box = _cell(browser, card, "attack")
    _retype(box, "4")
    _wait(browser, lambda b: not b.find_elements(By.CSS_SELECTOR, said))
    assert box.get_attribute("aria-invalid") is None and table.store.content("house_of_spirits") == {
        card: {"attack": 4}}
    browser.find_element(By.ID, "tab-saved").click()
    row = f"#saved tr[data-game-id='{aside}']"
    _wait(browser, lambda b: b.find_elements(By.CSS_SELECTOR, row))
    cells = [td.text for td in browser.find_elements(By.CSS_SELECTOR, f"{row} td")]
    assert cells[5] == "messa da parte (non finita)" and "Riprendi" in cells[6]
    started = time.localtime(table.store.game(aside).started)
    day = f"{started.tm_mday:02d}/{started.tm_mon:02d}/{started.tm_year}"  # Italian: day first, 24 hours
    assert re.fullmatch(rf"{day}, \d\d:\d\d:\d\d", cells[3]), cells[3]
    _shoot(browser, "saved-it", (1280, 800))
