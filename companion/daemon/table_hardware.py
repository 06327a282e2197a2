"""The table's readers, wired in this one place (issue 27): the configured readers (real ones,
each under its supervisor), the virtual readers (:func:`companion.daemon.taps.plan`: a table with
no reader, or ``virtual_taps = true``), the dice button and the tag feedback, all from the config;
and the replays' simulated table (:meth:`TableHardware.simulated`)."""

from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger("companion")


class TableHardware:
    """What ``config`` puts on the table; :meth:`start` starts it for a daemon.

    Attributes:
        config: the :class:`~companion.config.Config`.
        virtual: the virtual readers, name -> role.
    """

    def __init__(self, config, virtual: dict[str, str] | None = None):
        from companion.daemon.taps import plan

        self.config = config
        self.virtual = plan(config) if virtual is None else dict(virtual)

    def reader_roles(self) -> dict[str, str]:
        """Every reader's name -> role, the configured ones and the virtual ones."""
        return {**{reader.name: reader.role for reader in self.config.readers}, **self.virtual}

    def start(self, daemon) -> list:
        """Start the tag feedback, the dice button, one supervised runner per configured reader
        and the virtual readers, in the daemon's loop.

        Returns:
            The callables that stop them, for shutdown.
        """
        from functools import partial

        from hardware.factory import build_reader

        config, virtual = self.config, self.virtual
        stops = []
        feedback = tag_feedback(config.feedback)
        if feedback is not None:
            stops.append(feedback.close)
        button = dice_button(daemon, config.dice.pin) if config.dice.enabled else None
        if button is not None:
            stops.append(button.close)
        daemon.devices.opened(dice_button=button is not None, on_tag=feedback.tag if feedback else None)
        for reader in config.readers:
            stops.append(supervise(daemon, reader.name, partial(build_reader, reader.driver, reader.name,
                                                                **reader.driver_kwargs()),
                                   config.interval_for(reader)))
        if virtual:
            stops.extend(start_virtual(daemon, virtual))
            log.info("virtual readers: %s (companion tap CARD puts a card on one)",
                     ", ".join(f"{name} ({role})" for name, role in virtual.items()))
        return stops

    @staticmethod
    def simulated(on_presence: Callable, on_dice: Callable[[float], object], realtime: bool = False,
                  speed: float = 1.0):
        """The simulated table of a replay (the demo's too) and of the tests: fake readers, made
        by name on first use, and a dice button on gpiozero's mock pins
        (:class:`hardware.simulated.SimulatedTable`, whose arguments these are). Its taps and
        presses go to ``on_presence`` and ``on_dice`` from the caller's thread; close it after."""
        from hardware.simulated import SimulatedTable

        return SimulatedTable(on_presence, on_dice, realtime=realtime, speed=speed)


def supervise(daemon, name: str, open_reader: Callable, interval: float,
              on_presence: Callable | None = None) -> Callable[[], None]:
    """Start the reader ``open_reader()`` opens under its supervisor, polled every ``interval``
    seconds: its taps go to ``on_presence`` (the daemon's by default), its status and drop-outs
    to the daemon's devices, and tag writes run on its thread. Returns its stop."""
    from hardware.nfc.supervisor import ReaderSupervisor

    supervisor = ReaderSupervisor(name, open_reader, on_presence or daemon.on_presence, daemon.devices.on_status,
                                  interval=interval, on_dropout=daemon.devices.on_dropout)
    daemon.programmer.attach(name, supervisor.run_job)
    supervisor.start()
    return supervisor.stop


def start_virtual(daemon, names: dict[str, str]) -> list:
    """Start the virtual readers ``names`` (name -> role), each a fake reader under the real
    supervisor (:class:`hardware.nfc.virtual.VirtualReader`) reporting as a real one, given to
    the daemon's ``tap`` command and taking tag writes; returns their stop callables."""
    from hardware.nfc.virtual import VirtualReader

    stops = []
    for name, role in names.items():
        reader = VirtualReader(name, role, daemon.on_presence, daemon.devices.on_status)
        daemon.taps.add(reader)
        daemon.programmer.attach(name, reader.run_job)
        reader.start()
        stops.append(reader.stop)
    return stops


def tag_feedback(feedback):
    """The buzzer/LED of ``[feedback]``, or None (none configured, or its pin is unusable)."""
    if feedback.pin is None:
        return None
    import warnings

    from hardware.feedback import TagFeedback

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            device = TagFeedback(feedback.pin, feedback.device)
        log.info("tag feedback: %s on GPIO %d", feedback.device, feedback.pin)
        return device
    except Exception as exc:  # gpiozero raises its own errors, OSError or RuntimeError here
        log.warning("no tag feedback %s on GPIO %d (%s); reads work without it",
                    feedback.device, feedback.pin, exc)
        return None


def dice_button(daemon, pin: int):
    """The dice button on GPIO ``pin`` (BCM) when this machine has GPIO (gpiozero's default
    pin factory, or ``GPIOZERO_PIN_FACTORY``); None, with a log line, where it has none."""
    import warnings

    from hardware.dice.button import DiceButton

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # gpiozero warns once per pin library it lacks
            button = DiceButton(daemon.on_dice, pin=pin)
        factory = type(button.button.pin_factory).__name__
        log.info("dice button on %s through gpiozero's %s", button.button.pin.info.name, factory)
        return button
    except Exception as exc:  # gpiozero raises its own errors, OSError or RuntimeError here
        log.warning("%s", no_dice_button(exc))
        return None


def no_dice_button(exc: BaseException) -> str:
    """The plain sentence for a dice button that cannot be used (issue 20: not gpiozero's
    "Unable to load any default pin factory!" in brackets)."""
    if type(exc).__name__ == "BadPinFactory" or "pin factory" in str(exc):
        return ("No dice button: this machine has no GPIO library gpiozero can use (on a Raspberry Pi, "
                "install lgpio: sudo apt install python3-lgpio). Touches on the screen still work.")
    return (f"No dice button: its pin could not be set up ({type(exc).__name__}: {exc}). Touches on the screen "
            "still work; on a Pi, check the wiring and that the daemon's user is in the gpio group.")
