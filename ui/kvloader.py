"""Loads the ``ui/kv/<name>.kv`` rule files, each at most once per process."""

from __future__ import annotations

from pathlib import Path

KV_DIR = Path(__file__).resolve().parent / "kv"

_loaded: set[str] = set()


def load_kv(name: str) -> None:
    """Load ``ui/kv/<name>.kv`` unless it is already loaded (call before the widget's
    ``__init__`` so its rules apply)."""
    if name in _loaded:
        return
    from kivy.lang import Builder

    from ui.kvfast import quiet_kv

    if not _loaded:
        quiet_kv()  # before the first widget binds its rules

    Builder.load_file(str(KV_DIR / f"{name}.kv"))
    _loaded.add(name)
