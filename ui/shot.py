"""Screenshots of the window to an exact path (Kivy numbers its files: ``name0001.png``)."""

from __future__ import annotations

import os
from pathlib import Path


def save_screenshot(path: str | Path) -> Path:
    """Draw a fresh frame and save it as PNG at ``path``; returns the path.

    Raises:
        OSError: Kivy could not write the file.
    """
    from kivy.core.window import Window

    target = Path(path).resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    Window.dispatch("on_draw")  # the back buffer now holds the current frame
    written = Window.screenshot(name=str(target.with_name(f"{target.stem}-kivy.png")))
    if not written or not os.path.exists(written):
        raise OSError(f"Kivy did not write a screenshot for {target}")
    os.replace(written, target)
    return target
