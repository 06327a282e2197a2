"""Where the companion keeps its files (platformdirs), overridable by environment variables.

* ``COMPANION_DB``: the event store (default: the user data dir's ``companion.sqlite3``;
  under systemd, ``$STATE_DIRECTORY/companion.sqlite3``).
* ``COMPANION_SOCKET``: the daemon socket (default: the user runtime dir's ``companion.sock``;
  under systemd, ``$RUNTIME_DIRECTORY/companion.sock``; for anyone else, the installed
  service's :data:`SYSTEM_SOCKET` when it exists, so ``companion enroll`` finds it).
"""

from __future__ import annotations

import logging
import os
import warnings
from functools import lru_cache
from pathlib import Path

log = logging.getLogger(__name__)

APP = "haunt-companion"

#: The socket of the daemon installed by ``companion install`` (haunt-companion.service).
SYSTEM_SOCKET = Path("/run/haunt-companion/companion.sock")


def default_db() -> Path:
    """The event store path."""
    if "COMPANION_DB" in os.environ:
        return Path(os.environ["COMPANION_DB"])
    if "STATE_DIRECTORY" in os.environ:
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0]) / "companion.sqlite3"
    from platformdirs import user_data_path

    return user_data_path(APP, ensure_exists=True) / "companion.sqlite3"


def default_socket() -> Path:
    """The daemon socket path."""
    if "COMPANION_SOCKET" in os.environ:
        return Path(os.environ["COMPANION_SOCKET"])
    if "RUNTIME_DIRECTORY" in os.environ:
        return Path(os.environ["RUNTIME_DIRECTORY"].split(":")[0]) / "companion.sock"
    if SYSTEM_SOCKET.exists():
        return SYSTEM_SOCKET
    from platformdirs import user_runtime_path

    # Without XDG_RUNTIME_DIR (a plain ssh or su session) platformdirs falls back to a
    # directory of its own and warns with its own class and a source line: say it once, plainly.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        path = user_runtime_path(APP) / "companion.sock"
    for warning in caught:
        if type(warning.message).__name__ == "RuntimeDirWarning":
            _say_runtime_dir(str(warning.message), str(path.parent))
        else:
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    return path


@lru_cache(maxsize=None)
def _say_runtime_dir(reason: str, directory: str) -> None:
    """Log, once per process and cause, why the socket is not in the usual runtime dir."""
    log.warning("%s: the daemon socket goes in %s (set COMPANION_SOCKET to choose another place)",
                reason.rstrip("."), directory)


def check_private_dir(path: Path) -> None:
    """Refuse a data file whose directory (or the file itself) anyone may write: another
    user could replace the event store or plant a ``-wal`` beside it (issue 8).

    Raises:
        StoreError: naming the path and the command that fixes it.
    """
    import stat

    from companion.errors import StoreError

    for part in (path.parent, path):
        try:
            mode = part.stat().st_mode
        except FileNotFoundError:
            continue
        if mode & stat.S_IWOTH:
            raise StoreError(f"{part} can be written by any user, so the game in it could be changed by "
                             f"anyone: run  chmod o-w {part}  (the companion refuses to use it as it is)")
