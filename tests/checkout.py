"""The checkout under test: its root, and the environment that makes a subprocess
(``python -m companion ...``) run this checkout's code, whatever package an editable
install elsewhere points at."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def checkout_env(**extra: str) -> dict[str, str]:
    """``os.environ`` with this checkout first on ``PYTHONPATH``, plus ``extra``: the ``env``
    of every subprocess that runs the companion."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, **extra}


def ctrl_c_as_at_a_terminal() -> None:
    """``preexec_fn`` for a subprocess that must see Ctrl-C (or the console view's stand-in
    for it, ``_thread.interrupt_main``) as a user at a terminal does: a test run started in
    the background (``cmd &``, nohup) hands its children SIGINT ignored, and Python then
    never raises KeyboardInterrupt."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
