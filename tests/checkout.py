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
