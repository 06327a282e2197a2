"""The phone page in a real browser (issue 22): Debian's headless Chromium driven by
Selenium through chromium-driver, at an iPhone-sized 390x844 viewport. Two players paired
in a CLUE: IT game; Ada accuses on her phone page; Bo's page, the screens' state messages
(what the table screen draws) and the log never show her picks before the reveal.

Screenshots: ``tests/artifacts/phones/``. Skipped only when Chromium, its driver or
Selenium is not installed (the Makefile's TEST_APT installs chromium and chromium-driver).
"""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

import pytest

from companion.client import Client
from companion.daemon import Daemon, DaemonThread
from companion.daemon.settings import DaemonSettings
from companion.phones.config import PhonesConfig
from companion.store import EventStore
from tests.collector import Collector
from tests.phones import clue_table

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

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "phones"
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage")


def _browser():
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0},
        "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
                     "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"})
    return webdriver.Chrome(options=options, service=Service(str(DRIVER)))


@pytest.fixture
def browsers():
    opened = []

    def make():
        opened.append(_browser())
        return opened[-1]
    yield make
    for browser in opened:
        browser.quit()


@pytest.fixture
def daemon(tmp_path):
    store = EventStore(tmp_path / "d.sqlite3")
    d = Daemon(store, tmp_path / "run" / "companion.sock", DaemonSettings(phones=PhonesConfig(True, "127.0.0.1", 0)))
    with DaemonThread(d):
        yield d
    store.close()


def _revision(browser) -> int:
    return int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-revision") or -1)


def _wait_past(browser, revision: int) -> int:
    WebDriverWait(browser, 10).until(lambda b: _revision(b) > revision)
    return _revision(browser)


def _click(browser, label: str) -> None:
    revision = _revision(browser)
    buttons = [b for b in browser.find_elements(By.CSS_SELECTOR, "#choices button") if b.text == label]
    assert len(buttons) == 1, [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#choices button")]
    buttons[0].click()
    _wait_past(browser, revision)


def _shot(browser, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    browser.save_screenshot(str(path))
    return path


def _links(table, seen) -> dict[str, str]:
    assert table.request({"cmd": "phone_links"})["ok"]
    return [m for m in seen.messages if m.get("type") == "phone_links"][-1]["links"]


def test_ada_accuses_on_her_phone_and_nobody_else_sees_it(daemon, browsers, caplog):
    caplog.set_level(logging.DEBUG)
    watcher, seen = Collector(), Collector()
    picks = clue_table.names(clue_table.WRONG)
    bo_pages: list[str] = []
    with Client(daemon.socket_path, on_message=watcher).connect(), \
            Client(daemon.socket_path, on_message=seen).connect() as table:
        clue_table.start(daemon, table)
        links = _links(table, seen)
        ada, bo = browsers(), browsers()
        ada.get(links["Ada"])
        bo.get(links["Bo"])
        _wait_past(ada, -1), _wait_past(bo, -1)
        watcher.wait_for(lambda m: m.get("type") == "state" and m.get("phones") == {"Ada": True, "Bo": True})
        assert ada.find_element(By.ID, "me").text == "Ada" and bo.find_element(By.ID, "me").text == "Bo"
        assert len(ada.find_elements(By.CSS_SELECTOR, "#choices button")) == 8  # seven Kids and Start again
        assert [b.text for b in bo.find_elements(By.CSS_SELECTOR, "#choices button")] == []
        _shot(ada, "ada-accusation-kid")
        _shot(bo, "bo-while-ada-accuses")
        for name in picks:
            _click(ada, name)
            bo_pages.append(bo.find_element(By.TAG_NAME, "body").text)
        lines = ada.find_element(By.ID, "lines").text
        assert ", ".join(picks) in lines
        _shot(ada, "ada-accusation-confirm")
        _click(ada, "Check my accusation")
        bo_pages.append(bo.find_element(By.TAG_NAME, "body").text)
        _shot(ada, "ada-after-her-accusation")
        table.request({"cmd": "state"})
        states_before_reveal = [m for m in watcher.messages if m.get("type") == "state"]
        clue_table.bo_accuses_rightly(table)
        watcher.wait_for(lambda m: m.get("type") == "state" and m["view"].get("outcome") == "Bo")
        _wait_past(bo, _revision(bo) - 1)
        _shot(bo, "bo-game-over")

    # Bo's page never named a pick; the screens' sentences never did; the log never did.
    sentences = json.dumps([[m["news"], m["log"], m["todo"], m["prompt"]["text"]] for m in states_before_reveal])
    logged = "\n".join(r.getMessage() for r in caplog.records  # the daemon's and its server's, not Selenium's
                        if r.name.startswith(("companion", "aiohttp", "asyncio")))
    for name in picks:
        assert not any(name in page for page in bo_pages), name
        assert name not in sentences and name not in logged, name
    assert not [c for m in states_before_reveal for c in m["prompt"]["choices"] if c["key"].startswith("pick:")]
    assert "Ada's accusation is wrong: Ada is out of the game." in sentences
    for token in (link.rsplit("/", 1)[1] for link in links.values()):
        assert token not in logged


def test_the_page_in_italian_and_a_revoked_link(daemon, browsers):
    seen = Collector()
    with Client(daemon.socket_path, on_message=seen).connect() as table:
        assert table.request({"cmd": "language", "language": "it"})["ok"]
        clue_table.start(daemon, table)
        links = _links(table, seen)
        page = browsers()
        page.get(links["Ada"])
        _wait_past(page, -1)
        assert page.find_element(By.ID, "only").text == "Questa pagina la vedi solo tu"
        assert page.find_element(By.TAG_NAME, "html").get_attribute("lang") == "it"
        _shot(page, "ada-italian")
        from companion.header import GameHeader
        daemon.call(lambda: daemon.start_game(GameHeader.from_json({**clue_table.RAW, "seed": 2})))
        WebDriverWait(page, 10).until(lambda b: "partita precedente" in b.find_element(By.ID, "status").text)
        assert page.find_elements(By.CSS_SELECTOR, "#choices button") == []
        _shot(page, "ada-revoked-italian")
        page.get(links["Ada"])  # a reload of the old link: a bare 404
        assert "Questa pagina" not in page.page_source and "Kid" not in page.page_source


def test_each_phone_shows_only_its_own_secret_victory_card(daemon, browsers):
    """House of Spirits with the companion dealing the secret victory cards: each page shows
    its own card, and only its own."""
    from hos_checks import complete_content  # tests/games (pytest's pythonpath)

    from companion.header import GameHeader

    raw = {"game": "house_of_spirits", "players": ["Ada", "Bo"], "seed": 9,
           "options": {"secret_cards": "companion"}, "content": complete_content(),
           "stack": {"secret": ["secret-3", "secret-6"]}}
    seen = Collector()
    with Client(daemon.socket_path, on_message=seen).connect() as table:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(raw)))
        assert table.choose("start")["ok"]
        links = _links(table, seen)
        pages = {}
        for player in ("Ada", "Bo"):
            pages[player] = browsers()
            pages[player].get(links[player])
            _wait_past(pages[player], -1)
        texts = {p: b.find_element(By.ID, "lines").text for p, b in pages.items()}
        _shot(pages["Ada"], "ada-secret-victory-card")
    not_entered = "its text is not entered yet (Settings, Card data)"  # newcomer 20: no card to look at
    assert "Your secret victory card" in texts["Ada"] and f"Secret victory card 3: {not_entered}" in texts["Ada"]
    assert f"Secret victory card 6: {not_entered}" in texts["Bo"]
    assert "card 6" not in texts["Ada"] and "card 3" not in texts["Bo"]


def test_a_second_phone_with_the_same_link_gets_nothing_until_the_seat_is_paired_again(daemon, browsers):
    """Ada's page opened first keeps her seat; the same link in another browser (a photo of
    her code) is told so and shows nothing of hers. Once the table pairs her seat again
    (``phone_links`` with ``repair``), the first page is told so and emptied, and the new
    link opens her seat in the other browser (issue 26)."""
    seen = Collector()
    with Client(daemon.socket_path, on_message=seen).connect() as table:
        clue_table.start(daemon, table)
        link = _links(table, seen)["Ada"]
        first, second = browsers(), browsers()
        first.get(link)
        _wait_past(first, -1)
        second.get(link)
        WebDriverWait(second, 10).until(lambda b: "another phone" in b.find_element(By.ID, "status").text)
        _shot(second, "second-phone-same-link")
        shown = second.find_element(By.TAG_NAME, "body").text
        assert "(to keep)" not in shown and second.find_elements(By.CSS_SELECTOR, "#choices button") == []
        first.refresh()  # the first phone, reloading, keeps its seat
        _wait_past(first, -1)
        assert len(first.find_elements(By.CSS_SELECTOR, "#choices button")) == 8
        assert table.request({"cmd": "phone_links", "repair": "Ada"})["ok"]
        new = [m for m in seen.messages if m.get("type") == "phone_links"][-1]["links"]["Ada"]
        WebDriverWait(first, 10).until(lambda b: "paired again" in b.find_element(By.ID, "status").text)
        _shot(first, "seat-paired-again")
        assert "(to keep)" not in first.find_element(By.TAG_NAME, "body").text
        assert first.find_elements(By.CSS_SELECTOR, "#choices button") == []
        second.get(new)
        _wait_past(second, -1)
        assert new != link and len(second.find_elements(By.CSS_SELECTOR, "#choices button")) == 8


def test_a_news_line_on_the_phone_opens_to_its_explanation_in_english_and_italian(daemon, browsers):
    """Issue 33 item 2: on Ada's page each news line the companion explained opens (a touch)
    to its rulebook section and explanation, the state's shared ``why``; a line without one
    is plain. Creepy Cellar: Ada rolls 4; then, in Italian, Bo rolls 6."""
    from companion.header import GameHeader

    raw = {"game": "creepy_cellar", "players": ["Ada", "Bo"], "seed": 3, "options": {},
           "stack": {"movement_die": [4, 6, 6], "ghost": ["room-C", "room-F"]}}
    seen, opened = Collector(), {}
    with Client(daemon.socket_path, on_message=seen).connect() as table:
        daemon.call(lambda: daemon.start_game(GameHeader.from_json(raw)))
        page = browsers()
        page.get(_links(table, seen)["Ada"])
        for lang, keys, line, rule in (("en", ["roll"], "Ada rolled 4.", "Let's Play"),
                                       ("it", ["end-turn", "roll"], "Bo ha fatto 6.", "Si gioca")):
            if lang == "it":
                assert table.request({"cmd": "language", "language": "it"})["ok"]
            revision = _revision(page)
            for key in keys:
                assert table.choose(key)["ok"], key
            state = seen.wait_for(lambda m, line=line: m.get("type") == "state" and line in m.get("news", []))
            WebDriverWait(page, 10).until(lambda b, s=state["revision"], r=revision: _revision(b) >= s > r)
            explained = page.find_elements(By.CSS_SELECTOR, "#news details, #todo-list details")
            plain = [li.text for li in page.find_elements(By.CSS_SELECTOR, "#news > li:not(.explained)")]
            assert len(explained) == sum(1 for w in state["why"] if w), (state["news"], state["why"])  # todo too
            found = [d for d in explained if d.find_element(By.TAG_NAME, "summary").text.startswith(line)]
            assert len(found) == 1 and not found[0].find_element(By.CLASS_NAME, "why").is_displayed()
            found[0].find_element(By.TAG_NAME, "summary").click()
            why = found[0].find_element(By.CLASS_NAME, "why")
            WebDriverWait(page, 5).until(lambda _b, why=why: why.is_displayed())
            opened[lang] = (why.text, state["why"][state["news"].index(line)], plain)
            assert why.text.startswith(f"{rule}: ")
            _shot(page, f"ada-why-{lang}")
    text, sent, plain = opened["en"]
    assert text == f"{sent['rule']}: {sent['text']}" and text.startswith("Let's Play: The movement die shows 4")
    text, sent, plain = opened["it"]
    assert text == f"{sent['rule']}: {sent['text']}" and text.startswith("Si gioca: Il dado di movimento mostra 6")
    assert "Un 6: nessuna carta Fantasma in questo turno." in plain  # no why: a plain line
