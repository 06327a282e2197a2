"""The daemon: owns the session and the hardware inputs, serves the table's clients.

One asyncio loop. Hardware threads (reader runners, gpiozero callbacks) hand their inputs
over with :meth:`Daemon.submit`, which is thread-safe; the loop handles inputs one at a
time, records each accepted one in the event store, and only then publishes the new state
to every client of the Unix socket. A client (the Kivy UI) can crash or restart without
touching the game.

The parts (docs/architecture.md follows one tap through them):

* :mod:`.core`: :class:`Daemon`, which owns the loop, the one queue and its input worker;
* :mod:`.game_on_table`: the session on the table, its revision, new and resumed games;
* :mod:`.play`: one input on the worker (flashed, told to the tag feedback, played);
* :mod:`.devices`: the readers' status, the dice button and the tag feedback;
* :mod:`.services`: the phones and the venue link, started when the daemon serves;
* :mod:`.afterwards`: what waits until a state has gone out: :mod:`.heap`, the heap settled
  once a game is on the table and the table quiet; :mod:`.snapshots`, a long game's due snapshot;
* :mod:`.publisher`: the state message, notices and input flashes;
* :mod:`.hub`: the socket's clients (connections, broadcast, slow clients);
* :mod:`.commands`: the command table, one handler per socket command
  (:mod:`.answers`: what is answered to one client; :mod:`.args`: argument checks);
* :mod:`.enroller`: the tag registry commands and the enrollment walk;
* :mod:`.programmer`: writing component ids onto tags;
* :mod:`.taps`: virtual readers (a table without card readers) and the ``tap`` command;
* :mod:`.thread`: :class:`DaemonThread`, a daemon in a background thread;
* :mod:`.settings`: :class:`DaemonSettings`, what a daemon is given at construction;
* :mod:`.boot`: building the daemon ``companion daemon`` asks for (store, settings, game);
* :mod:`.table_hardware`: :class:`TableHardware`, the one place readers are wired: the readers
  (real and virtual) and the dice button from the config, and the replays' simulated table.
"""

from companion.daemon.core import Daemon
from companion.daemon.devices import dice_input, presence_input
from companion.daemon.hub import MAX_BACKLOG, DaemonBusy
from companion.daemon.publisher import RECENT_NEWS
from companion.daemon.settings import DaemonSettings
from companion.daemon.thread import DaemonThread

__all__ = ["MAX_BACKLOG", "RECENT_NEWS", "Daemon", "DaemonBusy", "DaemonSettings", "DaemonThread", "dice_input",
           "presence_input"]
