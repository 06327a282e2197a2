"""Screenshots of the window to an exact path (Kivy numbers its files: ``name0001.png``)."""

from __future__ import annotations

import os
from pathlib import Path

_PNG = b"\x89PNG\r\n\x1a\n"


def refused_target(path: str | Path) -> str | None:
    """Why a screenshot must not be written at ``path``, or None: it may replace only a PNG
    (an earlier screenshot), never another file, a folder or a link; its folder must exist
    (a missing one is not made: a typo must not create folders anywhere)."""
    target = Path(path)
    folder = target.parent
    if not folder.is_dir():
        what = "nothing" if not os.path.lexists(folder) else "not a folder"
        return (f"the folder {folder} does not exist: create it first (nothing was written)" if what == "nothing"
                else f"{folder} is not a folder: give a path in a folder (nothing was written)")
    if target.is_symlink():
        return f"{target} is a link: give a new path or an earlier screenshot's (nothing was written)"
    if target.is_dir():
        return f"{target} is a folder: give a file name ending .png (nothing was written)"
    if target.exists():
        try:
            with open(target, "rb") as existing:
                head = existing.read(len(_PNG))
        except OSError as exc:
            return f"{target} cannot be read ({exc.strerror}): nothing was written"
        if head != _PNG:
            return f"{target} exists and is not a PNG image: give a new path (nothing was written)"
    return None


def save_screenshot(path: str | Path) -> Path:
    """Draw a fresh frame and save it as PNG at ``path``; returns the path.

    Raises:
        OSError: Kivy could not write the file.
    """
    from kivy.core.window import Window

    target = Path(path).resolve()
    # The command line refuses a missing folder first (refused_target); the window tests'
    # scenarios save into tests/artifacts/<name>/, made here on a clean checkout.
    target.parent.mkdir(parents=True, exist_ok=True)
    Window.dispatch("on_draw")  # the back buffer now holds the current frame
    written = Window.screenshot(name=str(target.with_name(f"{target.stem}-kivy.png")))
    if not written or not os.path.exists(written):
        raise OSError(f"Kivy did not write a screenshot for {target}")
    os.replace(written, target)
    return target
