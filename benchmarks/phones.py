"""Phone figures (issue 22): state change -> the phone page showing it (p50/p99 over 200
changes, loopback), the daemon's resident memory with 6 phones connected, and its CPU while
they idle.

    .venv/bin/python -m benchmarks.phones [--changes 200] [--idle 30]

(from the checkout's root).

Runs the real daemon (``python -m companion daemon``, a six-player CLUE: IT game, phones on
127.0.0.1) in a child process. One phone is Debian's headless Chromium (Selenium,
chromium-driver) showing the real page, which notes ``performance.timeOrigin +
performance.now()`` (wall-clock ms) whenever an update is drawn; five more are aiohttp
WebSocket clients that read every update, as a page does. A "state change" is a touch on
the table's socket (Ada picks her Kid, then Undo, alternately: each recorded in the store
with its fsync, then published); its latency is from just before the touch is sent to the
moment the page drew the update. RSS and CPU come from ``/proc/<pid>``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.procstat import cpu_seconds
from tests.checkout import ROOT, checkout_env

PLAYERS = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]
OBSERVER = """
window.__drawn = [];
new MutationObserver(function () {
  window.__drawn.push([Number(document.body.dataset.updates), performance.timeOrigin + performance.now()]);
}).observe(document.body, {attributes: true, attributeFilter: ["data-updates"]});
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _daemon(work: Path, phones: bool) -> tuple[subprocess.Popen, Path, int]:
    port = _free_port()
    config = work / f"config-{phones}.toml"
    config.write_text(f'[dice]\nenabled = false\n[phones]\nenabled = {str(phones).lower()}\n'
                      f'listen = "127.0.0.1:{port}"\n')
    sock = work / f"c-{phones}.sock"
    child = subprocess.Popen([sys.executable, "-m", "companion", "daemon", "--config", str(config), "--db",
                              str(work / f"d-{phones}.sqlite3"), "--socket", str(sock), "--new", "clue_it",
                              "--players", ",".join(PLAYERS)], cwd=ROOT, stderr=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, env=checkout_env())
    child.stdout.readline()  # "companion daemon listening on ..."
    return child, sock, port


def _links(sock: Path) -> dict[str, str]:
    from companion.client import Client

    replies: list[dict] = []
    with Client(sock, on_message=replies.append).connect() as client:
        assert client.request({"cmd": "phone_links"})["ok"]
    return next(m for m in replies if m.get("type") == "phone_links")["links"]


def _five_phones(links: dict[str, str], stop: threading.Event, ready: threading.Event, counts: dict) -> None:
    import aiohttp

    async def phone(http, name):
        claim = f"{PLAYERS.index(name):032x}"
        async with http.ws_connect(links[name].replace("http://", "ws://") + "/ws?claim=" + claim) as ws:
            counts[name] = 0
            while not stop.is_set():
                try:
                    await asyncio.wait_for(ws.receive(), 0.5)
                    counts[name] += 1
                except TimeoutError:
                    pass

    async def main():
        async with aiohttp.ClientSession() as http:
            tasks = [asyncio.ensure_future(phone(http, name)) for name in PLAYERS[1:]]
            while len(counts) < len(tasks):
                await asyncio.sleep(0.05)
            ready.set()
            await asyncio.gather(*tasks)

    asyncio.run(main())


def _browser():
    from tests.phones.test_phone_browser import _browser as make  # the tests' flags and 390x844 viewport

    return make()


def _latencies(browser, sock: Path, changes: int) -> list[float]:
    from companion.client import Client

    browser.execute_script(OBSERVER)
    out = []
    with Client(sock).connect() as table:
        for i in range(changes):
            before = len(browser.execute_script("return window.__drawn"))
            start = time.time() * 1000
            assert (table.choose("kid:kid-3") if i % 2 == 0 else table.undo())["ok"]
            while len(drawn := browser.execute_script("return window.__drawn")) <= before:
                time.sleep(0.002)
            out.append(drawn[before][1] - start)
    return out


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=200)
    parser.add_argument("--idle", type=float, default=30.0)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="phones-bench-"))

    off, _sock, _port = _daemon(work, phones=False)
    time.sleep(2)
    rss_off = _rss_kib(off.pid)
    off.terminate(), off.wait(10)

    child, sock, _port = _daemon(work, phones=True)
    try:
        links = _links(sock)
        rss_start = _rss_kib(child.pid)
        stop, ready, counts = threading.Event(), threading.Event(), {}
        others = threading.Thread(target=_five_phones, args=(links, stop, ready, counts), daemon=True)
        others.start()
        ready.wait(30)
        browser = _browser()
        try:
            browser.get(links["Ada"])
            while not browser.execute_script("return document.body.dataset.updates"):
                time.sleep(0.05)
            latencies = _latencies(browser, sock, args.changes)
            time.sleep(1)
            rss_six = _rss_kib(child.pid)
            cpu_before, wall_before = cpu_seconds(child.pid), time.monotonic()
            time.sleep(args.idle)
            cpu_used = cpu_seconds(child.pid) - cpu_before
            cpu_idle = cpu_used / (time.monotonic() - wall_before)
        finally:
            browser.quit()
            stop.set()
            others.join(10)
    finally:
        child.terminate()
        child.wait(10)
    print(f"state change -> phone page drew it ({len(latencies)} changes, loopback, Chromium): "
          f"p50 {statistics.median(latencies):.1f} ms, p99 {_percentile(latencies, 99):.1f} ms, "
          f"max {max(latencies):.1f} ms")
    print(f"the other five phones received {sum(counts.values())} updates in all "
          f"({min(counts.values())} at least each)")
    print(f"daemon RSS: {rss_off / 1024:.1f} MiB with phones off; {rss_start / 1024:.1f} MiB with phones on, none "
          f"connected; {rss_six / 1024:.1f} MiB with 6 phones connected")
    print(f"daemon CPU while 6 phones idle ({args.idle:.0f} s): {cpu_used:.2f} s, {cpu_idle * 100:.2f} % of one core"
          f" (clock ticks of {1 / os.sysconf('SC_CLK_TCK') * 1000:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
