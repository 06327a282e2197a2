"""Game tests: their helper modules (``hos_checks``) live next to them.

The suite runs with ``--import-mode=importlib``, which does not put test directories on
``sys.path``, so this directory is added here.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
