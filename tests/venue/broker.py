"""A real Mosquitto on a free loopback port (issue 32): :class:`Broker` writes a config,
starts ``mosquitto``, waits until it listens, and kills, restarts and stops it;
:class:`Watcher` is a paho-mqtt subscriber that keeps every message it gets, in order."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Broker:
    """Mosquitto on 127.0.0.1:``port`` with the config lines ``extra`` (anonymous by default)."""

    def __init__(self, folder: Path, extra: str = "allow_anonymous true\n"):
        self.folder, self.port = folder, free_port()
        self.config = folder / "mosquitto.conf"
        user = "user root\n" if os.geteuid() == 0 else ""  # as root it would become "mosquitto": no test files
        self.config.write_text(f"listener {self.port} 127.0.0.1\npersistence false\nlog_dest stderr\n"
                               f"log_type error\nlog_type warning\n{user}{extra}")
        self.process: subprocess.Popen | None = None

    def start(self) -> Broker:
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)], stdout=subprocess.DEVNULL,
                                        stderr=open(self.folder / "mosquitto.log", "ab"))  # noqa: SIM115
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            assert self.process.poll() is None, (self.folder / "mosquitto.log").read_text()
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return self
            except OSError:
                time.sleep(0.02)  # the poll interval of the wait for it to listen
        raise AssertionError("mosquitto did not listen within 10 s")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(5)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(5)


class Watcher:
    """A subscriber to ``topic`` on the broker: every ``(topic, payload, retain)`` in order."""

    def __init__(self, port: int, topic: str = "#", username: str | None = None, password: str | None = None):
        import paho.mqtt.client as mqtt

        self.messages: list[tuple[str, bytes, bool]] = []
        self.cond = threading.Condition()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        if username:
            self.client.username_pw_set(username, password)
        subscribed = threading.Event()
        self.client.on_connect = lambda c, u, f, rc, p: c.subscribe(topic, qos=1)
        self.client.on_subscribe = lambda *a: subscribed.set()
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()
        assert subscribed.wait(10), "the watcher could not subscribe"

    def _message(self, client, userdata, message) -> None:
        with self.cond:
            self.messages.append((message.topic, bytes(message.payload), bool(message.retain)))
            self.cond.notify_all()

    def wait_for(self, predicate, timeout: float = 10.0) -> tuple[str, bytes, bool]:
        with self.cond:
            assert self.cond.wait_for(lambda: any(predicate(*m) for m in self.messages), timeout), \
                [m[:2] for m in self.messages[-8:]]
            return next(m for m in self.messages if predicate(*m))

    def on(self, topic: str) -> list[bytes]:
        with self.cond:
            return [payload for t, payload, _retain in self.messages if t == topic]

    def publish(self, topic: str, payload, qos: int = 1) -> None:
        self.client.publish(topic, payload, qos=qos).wait_for_publish(5)

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()
