"""Facts about the board and the readers' settings that the config and the doctor need
without importing a driver (house style 2: only :mod:`hardware.factory` imports drivers):
the Raspberry Pi model, where a Pi 5's header UART is, and the PN532 poll timeout that its
activation retries need (issue 20)."""

from __future__ import annotations

from hardware.errors import fault

#: Seconds one passive activation attempt may take on a slow board (the PN532 makes
#: MxRtyPassiveActivation + 1 of them before its no-card answer to InListPassiveTarget).
PASSIVE_ATTEMPT = 0.02
#: Seconds added for the frames themselves and a busy host.
ANSWER_MARGIN = 0.04


def poll_timeout_for(retries: int) -> float:
    """The shortest per-poll timeout consistent with ``retries`` (MxRtyPassiveActivation):
    ``retries + 1`` attempts of :data:`PASSIVE_ATTEMPT` plus :data:`ANSWER_MARGIN` (0.1 s for
    the default 2 retries). A shorter one made a slow board's no-card answer look like a
    dead chip: 65 status changes in 10 s (issue 20)."""
    return round((retries + 1) * PASSIVE_ATTEMPT + ANSWER_MARGIN, 3)


#: Where the Pi's model is (a device-tree string ending in a NUL byte).
PI_MODEL = "/proc/device-tree/model"


def pi_model(path: str | None = None) -> str | None:
    """The Raspberry Pi model (``"Raspberry Pi 5 Model B Rev 1.0"``) from ``path`` (default
    :data:`PI_MODEL`, which tests replace), or None off a Pi."""
    try:
        with open(path or PI_MODEL, "rb") as file:
            return file.read(200).rstrip(b"\x00").decode("ascii", "replace").strip() or None
    except OSError:
        return None


def pi5_port_advice(port: str, model: str | None = None) -> str:
    """On a Pi 5, the words that say which port the header's UART is (``/dev/serial0`` is
    the debug connector there), or "" elsewhere."""
    model = pi_model() if model is None else model
    if not model or "Raspberry Pi 5" not in model or port == "/dev/ttyAMA0":
        return ""
    return fault("; on a Pi 5, {port} is not GPIO 14/15: set port = \"/dev/ttyAMA0\" and add dtoverlay=uart0-pi5 "
                 "to /boot/firmware/config.txt", port=port)


#: BCM TXD and RXD: the header's UART, in use when a PN532 (or the console) is on it.
UART_PINS = (14, 15)
#: Serial ports on the header's UART pins (a USB adapter uses none).
UART_PORTS = ("/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0")
