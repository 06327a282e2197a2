"""The table on the venue's MQTT broker (issue 32): imported by the daemon only when the
config has ``[mqtt]`` (so a table without it never loads an MQTT library).

:class:`TableLink` is handed every public ``state`` message the daemon broadcasts
(:meth:`TableLink.published`, a few microseconds on the loop: the input is already on the
screens), cuts the venue's part from it (:func:`companion.venue.public.public_state`),
notes the events, and a task of its own (:meth:`TableLink.run`) sends them when the broker
is there. No input ever waits on the broker. While it is away the table plays on: the
link reconnects with backoff, then publishes the current state again and the events of the
gap in order (a bounded queue: the oldest are dropped first and counted).

Topics (``<prefix>/<table>/...``): ``status`` (``online``/``offline``, retained; the
broker's Last Will says ``offline`` when the table dies), ``state`` (retained, QoS 1,
JSON), ``event`` (QoS 1, JSON), ``command`` (listened to: :data:`COMMANDS`), and with Home
Assistant ``trigger`` (the device triggers' plain payloads) and the discovery topics.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import ssl
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import aiomqtt

from companion.venue import discovery
from companion.venue.config import MqttConfig
from companion.venue.public import events, public_state

log = logging.getLogger(__name__)

#: Seconds before the first, second, ... reconnection attempt (then the last, with jitter).
BACKOFF = (0.5, 1.0, 2.0, 3.0)
#: Events kept while the broker is away.
MAX_QUEUED = 500
#: Seconds a publish may wait for the broker's answer before the link calls it gone.
PUBLISH_TIMEOUT = 5.0
#: What the network may ask of a table: nothing else (no move, undo or end of a game).
COMMANDS = ("call_staff", "staff_ack", "message")
#: Longest command payload read, in bytes.
MAX_COMMAND = 1024
#: Events that are also Home Assistant device triggers (published on ``trigger``).
TRIGGERS = ("haunting", "game_over", "staff_called")

Command = Callable[[str, str | None], Awaitable[tuple[bool, str]]]


class TableLink:
    """One table's connection to the broker.

    Args:
        config: the ``[mqtt]`` section.
        on_command: awaited with a checked command (:data:`COMMANDS`) and its text; answers
            ``(ok, why)``.
        on_status: called (on the loop) when the broker's status changes (the screens show it).
        version: the companion's version (Home Assistant's device ``sw_version``).
    """

    def __init__(self, config: MqttConfig, on_command: Command, on_status: Callable[[], None] = lambda: None,
                 version: str = "", clock: Callable[[], float] = time.time):
        self.config, self.on_command, self.on_status = config, on_command, on_status
        self.version, self.clock = version, clock
        self.public: dict[str, Any] | None = None
        self.queued: deque[dict[str, Any]] = deque(maxlen=MAX_QUEUED)
        self.dropped = 0
        self.connected = False
        self.problem: str | None = None
        self.refused = 0
        self._sent_state: bytes | None = None
        self._wake = asyncio.Event()

    # ------------------------------------------------------------------ from the daemon

    def published(self, state: dict[str, Any], game_id: int | None = None, started: float | None = None) -> None:
        """A state message went to the screens: note its public part and its events."""
        if state.get("type") != "state":
            return
        now = self.clock()
        public = public_state(state, self.config.table, game_id, started)
        for event in events(self.public, public, now):
            self.event(event)
        self.public = public
        self._wake.set()

    def event(self, event: dict[str, Any]) -> None:
        """Queue ``event`` for the broker (the oldest is dropped, and counted, when full)."""
        if len(self.queued) == self.queued.maxlen:
            self.dropped += 1
        self.queued.append(event)
        self._wake.set()

    def status(self) -> dict[str, Any]:
        """The broker's status for the screens and the doctor (never the account)."""
        return {"broker": self.config.broker, "table": self.config.table, "connected": self.connected,
                "problem": self.problem, "queued": len(self.queued), "dropped": self.dropped}

    # ------------------------------------------------------------------ the connection

    async def run(self) -> None:
        """Connect, publish, listen; reconnect with backoff; until cancelled (then say
        ``offline`` on the way out when the broker is there)."""
        attempt = 0
        while True:
            try:
                async with self._client_for() as client:
                    attempt = 0
                    try:
                        await self._session(client)
                    except asyncio.CancelledError:
                        await self._goodbye(client)
                        raise
            except aiomqtt.MqttError as exc:
                self._lost(exc)
            delay = BACKOFF[min(attempt, len(BACKOFF) - 1)]
            attempt += 1
            await asyncio.sleep(delay * random.uniform(0.8, 1.0))

    def _client_for(self) -> aiomqtt.Client:
        config = self.config
        will = aiomqtt.Will(config.topic("status"), b"offline", qos=1, retain=True)
        tls = None
        if config.tls:
            tls = ssl.create_default_context(cafile=config.ca_file)
        return aiomqtt.Client(config.host, config.port, username=config.username, password=config.password,
                              identifier=f"haunt-{config.table}", will=will, tls_context=tls, keepalive=10,
                              timeout=PUBLISH_TIMEOUT, logger=log.getChild("client"))

    async def _session(self, client: aiomqtt.Client) -> None:
        config = self.config
        await client.publish(config.topic("status"), b"online", qos=1, retain=True)
        if config.homeassistant:
            for topic, payload in discovery.payloads(config, self.version):
                await client.publish(topic, json.dumps(payload), qos=1, retain=True)
        await client.subscribe(config.topic("command"), qos=1)
        self._sent_state = None  # the broker may have lost it: publish it again
        self.connected, self.problem = True, None
        log.info("venue: connected to the broker %s as table %s", config.broker, config.table)
        self.on_status()
        self._wake.set()
        sender = asyncio.create_task(self._send(client))
        listener = asyncio.create_task(self._listen(client))
        try:
            done, _pending = await asyncio.wait({sender, listener}, return_when=asyncio.FIRST_EXCEPTION)
            for task in done:
                task.result()
        finally:
            for task in (sender, listener):
                task.cancel()
            await asyncio.gather(sender, listener, return_exceptions=True)

    def _lost(self, exc: Exception) -> None:
        problem = str(exc) or type(exc).__name__
        if self.connected or problem != self.problem:
            log.warning("venue: the broker %s: %s; the table plays on and tries again", self.config.broker, problem)
        changed = self.connected or problem != self.problem
        self.connected, self.problem = False, problem
        if changed:
            self.on_status()

    async def _goodbye(self, client: aiomqtt.Client) -> None:
        """A clean stop: ``offline`` now (the Last Will is for a table that dies)."""
        if not self.connected:
            return
        try:
            await asyncio.wait_for(client.publish(self.config.topic("status"), b"offline", qos=1, retain=True), 1.0)
        except (aiomqtt.MqttError, TimeoutError, asyncio.CancelledError):
            pass
        self.connected = False

    async def _send(self, client: aiomqtt.Client) -> None:
        """Publish the queued events in order, then the state when it changed."""
        config = self.config
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self.queued:
                event = self.queued[0]
                await client.publish(config.topic("event"), json.dumps(event), qos=1)
                if config.homeassistant and event["event"] in TRIGGERS:
                    await client.publish(config.topic("trigger"), event["event"], qos=1)
                if self.queued and self.queued[0] is event:  # (not dropped meanwhile)
                    self.queued.popleft()
            if self.public is not None:
                payload = json.dumps(self.public, separators=(",", ":")).encode()
                if payload != self._sent_state:
                    await client.publish(config.topic("state"), payload, qos=1, retain=True)
                    self._sent_state = payload

    async def _listen(self, client: aiomqtt.Client) -> None:
        async for message in client.messages:
            await self.command(message.payload)

    async def command(self, payload: Any) -> tuple[bool, str]:
        """One message from ``<prefix>/<table>/command``, checked: only :data:`COMMANDS`."""
        name, text, problem = read_command(payload)
        if problem is None:
            ok, why = await self.on_command(name, text)
        else:
            ok, why = False, problem
        if not ok:
            self.refused += 1
            log.warning("venue: a command from the broker was refused: %s", why)
        else:
            log.info("venue: %s from the broker", name)
        return ok, why


def read_command(payload: Any) -> tuple[str, str | None, str | None]:
    """``(name, text, None)`` for a command the table takes, else ``("", None, problem)``.
    A command is JSON: ``{"cmd": "call_staff"}``, ``{"cmd": "staff_ack"}``, ``{"cmd":
    "message", "text": "On my way"}``; a bare ``call_staff`` or ``staff_ack`` too."""
    raw = payload if isinstance(payload, (bytes, bytearray)) else str(payload or "").encode()
    if len(raw) > MAX_COMMAND:
        return "", None, f"a command of {len(raw)} bytes (at most {MAX_COMMAND})"
    text = raw.decode("utf-8", "replace").strip()
    if text in ("call_staff", "staff_ack"):
        return text, None, None
    try:
        message = json.loads(text)
    except ValueError:
        return "", None, "a command is JSON such as {\"cmd\": \"staff_ack\"}"
    name = message.get("cmd") if isinstance(message, dict) else None
    if name not in COMMANDS:
        shown = name if isinstance(name, str) else type(name).__name__
        return "", None, f"{shown[:40]!r} is not a venue command (only {', '.join(COMMANDS)}): the game is the table's"
    words = message.get("text")
    if name == "message" and words is not None and not isinstance(words, str):
        return "", None, "a message's text is text"
    return name, words, None
