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
import re
import socket
import stat
import tempfile
import warnings
from pathlib import Path

from companion.errors import StoreError, UnusablePath
from companion.i18n import msg

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

    return ensure_dir(user_data_path(APP), "XDG_DATA_HOME") / "companion.sqlite3"


def ensure_dir(path: Path, variable: str) -> Path:
    """``path``, made when missing (with its parents).

    Raises:
        PathRefused: it cannot be made (a read-only home, issue 26: a 35-line traceback),
            naming the folder, why, and the variable that chooses another place.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PathRefused(f"cannot make the folder {path} ({exc.strerror or exc}): set {variable} to a folder "
                          f"you can write, or give --db") from None
    return path


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


#: Why the socket is not in the usual runtime dir, once said (:func:`runtime_dir_note`).
_RUNTIME_NOTES: dict[str, str] = {}


def _say_runtime_dir(reason: str, directory: str) -> None:
    """Note (debug level: clients stay quiet) why the socket is not in the usual runtime
    dir; the daemon logs it once (:func:`runtime_dir_note`). platformdirs' own "falling back
    to X" is left out: X may be the very directory it found wanting (issue 18)."""
    reason = reason.split(", falling back to ", 1)[0].rstrip(".")
    note = f"{reason}: the daemon socket goes in {directory} (set COMPANION_SOCKET to choose another place)"
    unsafe = re.match(r"XDG_RUNTIME_DIR (/\S+) has mode (\d+)", reason)
    if unsafe and os.path.realpath(directory).startswith(os.path.realpath(unsafe[1]) + os.sep):
        note = (f"XDG_RUNTIME_DIR {unsafe[1]} has mode {unsafe[2]} (other users may look in it; "
                f"chmod 700 {unsafe[1]} makes it private): the daemon socket goes in {directory} all the same")
    if _RUNTIME_NOTES.setdefault(reason, note) is note:
        log.debug("%s", note)


def runtime_dir_note() -> str | None:
    """The sentence saying why the daemon socket is not in the usual runtime dir, or None."""
    return next(reversed(_RUNTIME_NOTES.values()), None)


def check_private_dir(path: Path) -> None:
    """Refuse a data file whose directory (or the file itself) anyone may write: another
    user could replace the event store or plant a ``-wal`` beside it (issue 8).

    The advice is ``chmod o-w`` only for a place that is the user's own; a directory shared
    by everyone on purpose (``/tmp``, ``/dev/shm``: the sticky bit, or not owned by the user)
    must stay as it is, so the advice there is a path the companion accepts (issue 20).

    Raises:
        PrivateDirRefused: naming the path and what to do (exit 2, like every refused path).
    """
    for part in (path.parent, path):
        try:
            info = part.stat()
        except FileNotFoundError:
            continue
        if info.st_mode & stat.S_IWOTH and not _read_only_mount(part):
            raise PrivateDirRefused(f"{part} can be written by any user, so the companion keeps no game "
                                    f"there: {_private_advice(part, info)}")


def _read_only_mount(part: Path) -> bool:
    """Whether ``part`` is on a read-only mount: nobody writes it, whatever its mode says."""
    try:
        return bool(os.statvfs(part).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _private_advice(part: Path, info: os.stat_result) -> str:
    """What to do about a world-writable ``part``: chmod one's own, move out of a shared one."""
    shared = info.st_mode & stat.S_ISVTX or info.st_uid != os.getuid()
    if stat.S_ISDIR(info.st_mode) and shared:
        return f"give a path in a folder of your own, e.g. --db {safe_db_example()}"
    return f"run chmod o-w {part}, or give another path, e.g. --db {safe_db_example()}"


def safe_db_example(near: Path | None = None) -> Path:
    """An event store path the companion would accept, for advice: ``near``'s
    ``companion.sqlite3`` when that folder is a private one the user may write, else the
    user data dir's."""
    if near is not None and _acceptable_folder(near):
        return near / "companion.sqlite3"
    from platformdirs import user_data_path

    return user_data_path(APP) / "companion.sqlite3"


def _acceptable_folder(folder: Path) -> bool:
    """A folder the store may live in: it exists, the user may write it, nobody else may."""
    try:
        info = folder.stat()
    except OSError:
        return False
    system = Path(os.path.realpath(folder)).parts[1:2] in (("dev",), ("proc",), ("sys",), ("run",))
    return (stat.S_ISDIR(info.st_mode) and not info.st_mode & stat.S_IWOTH and os.access(folder, os.W_OK)
            and not system)


# ---------------------------------------------------------------------- path arguments (issue 20)

class PathRefused(UnusablePath, ValueError):
    """A path argument names a file the command must not touch (another store, the store's
    own WAL, a directory...). The command stops before changing anything (exit 2)."""


class PrivateDirRefused(PathRefused, StoreError):
    """An event store in a place any user may write (:func:`check_private_dir`)."""


#: What SQLite and the store keep beside the database ``<db>``: ``<db><suffix>``.
STORE_SUFFIXES = ("", "-wal", "-shm", "-journal", ".lock", ".last-good", ".last-good.tmp", ".restoring")

#: Names the store gives its own side files: a ``--db`` named like one is one of them.
_SIDE_FILE = re.compile(r"(-wal|-shm|-journal|\.lock|\.last-good|\.tmp|\.restoring|\.damaged-[0-9-]+(-wal|-shm)?)$")

_SQLITE_MAGIC = b"SQLite format 3\x00"


def store_files(db: str | Path) -> list[Path]:
    """The database ``db`` and every file SQLite or the store keeps beside it."""
    return [Path(f"{db}{suffix}") for suffix in STORE_SUFFIXES]


def describe(path: Path) -> str:
    """What is at ``path``, in words (``"a directory"``, ``"a regular file"``...), not following
    a final symbolic link; ``"nothing"`` when there is nothing. A :class:`~companion.i18n.Msg`,
    so that a refusal naming it is said in the language asked (``play --lang it``)."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return msg("nothing")
    except OSError as exc:
        return msg("something that cannot be read ({reason})", reason=exc.strerror or "")
    kinds = ((stat.S_ISLNK, msg("a symbolic link")), (stat.S_ISDIR, msg("a directory")),
             (stat.S_ISREG, msg("a regular file")), (stat.S_ISSOCK, msg("a socket")),
             (stat.S_ISFIFO, msg("a named pipe")), (stat.S_ISCHR, msg("a device")), (stat.S_ISBLK, msg("a device")))
    return next((name for test, name in kinds if test(mode)), msg("a special file"))


def _first_existing(path: Path) -> Path | None:
    """``path`` or its nearest ancestor that exists (a symbolic link followed), or None."""
    for place in (path, *path.parents):
        if os.path.lexists(place):
            return place
    return None


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file (after symbolic links), existing or not."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def check_socket_path(sock: str | Path, db: str | Path | None = None) -> None:
    """Refuse a ``--socket`` that is, or would replace, anything but a Unix socket: the daemon
    removes only a socket nobody answers on (:func:`remove_stale_socket`). Nothing is changed.

    Raises:
        PathRefused: ``sock`` is the store ``db`` or one of its side files, a symbolic link,
            a directory, a regular file or anything else that is not a socket, its
            directory is not a directory, or the path is too long for a Unix socket.
    """
    sock = Path(sock)
    _check_socket_length(sock)
    if db is not None and str(db) != ":memory:":
        for mine in store_files(db):
            if _same_file(sock, mine):
                raise PathRefused(f"--socket {sock} is the event store's own file {mine}: give the socket "
                                  f"a path of its own, e.g. --socket {Path(db).parent / 'companion.sock'}")
    parent = sock.parent
    if parent.exists() and not parent.is_dir():
        raise PathRefused(msg("--socket {sock}: {parent} is {kind}, not a directory", sock=str(sock),
                              parent=str(parent), kind=describe(parent)))
    _check_writable_folder(sock)
    kind = describe(sock)
    if kind not in ("nothing", "a socket"):
        raise PathRefused(msg("--socket {sock} is {kind}, not a socket: the daemon replaces only a socket nobody "
                              "answers on, so it leaves it alone (give another path)", sock=str(sock), kind=kind))
    _check_bindable(sock)


def check_socket_folder(sock: str | Path) -> None:
    """Refuse a ``--socket`` in a folder that does not exist, as ``--db`` is refused (newcomer 16:
    ``--socket /nope/s.sock`` made ``/nope``, as root). The default socket's folder (the runtime
    dir, :func:`default_socket`) is made when missing, as before. Nothing is changed.

    Raises:
        PathRefused: the folder is missing, or a file stands where it would go.
    """
    sock = Path(sock)
    folder = sock.parent
    if folder.is_dir() or folder == default_socket().parent:
        return
    blocker = _first_existing(folder)
    if blocker is None or blocker.is_dir():
        raise PathRefused(msg("--socket {sock}: the folder {folder} does not exist (create it first, or give a path "
                              "in a folder that exists)", sock=str(sock), folder=str(folder)))
    raise PathRefused(msg("--socket {sock}: {parent} is {kind}, not a directory", sock=str(sock), parent=str(blocker),
                          kind=describe(blocker)))


#: The longest path a Unix socket can be bound to on Linux (``sun_path`` is 108 bytes, NUL included).
SOCKET_PATH_MAX = 107


#: The prefix of the private folder the daemon binds its socket in, beside the socket's path
#: (:class:`companion.daemon.hub.BoundSocket`), and the bound path's tail in it:
#: ``.sXXXXXXXX/s`` (``tempfile.mkdtemp`` adds 8 characters).
BIND_PREFIX, BIND_TAIL = ".s", "/s"
_BIND_EXTRA = len(BIND_PREFIX) + 8 + len(BIND_TAIL) + 1  # the slash before the folder


def _check_socket_length(sock: Path) -> None:
    """A socket path longer than ``sun_path`` cannot be bound (``AF_UNIX path too long``); nor
    can the private path the daemon binds it at first (longer when the name is under 12 characters)."""
    size = len(os.fsencode(sock))
    if size > SOCKET_PATH_MAX:
        raise PathRefused(f"--socket {sock} is {size} bytes long; a Unix socket's path can be at most "
                          f"{SOCKET_PATH_MAX}: give a shorter --socket, or set XDG_RUNTIME_DIR (or TMPDIR) "
                          f"to a shorter folder")
    bound = len(os.fsencode(sock.parent)) + _BIND_EXTRA
    if bound > SOCKET_PATH_MAX:
        first = str(sock.parent / BIND_PREFIX) + "XXXXXXXX" + BIND_TAIL
        raise PathRefused(msg("--socket {sock} is too long for a Unix socket: the daemon binds it first as "
                              "{bound}, {size} bytes, and a Unix socket's path can be at most {most} (give a "
                              "shorter --socket)", sock=str(sock), bound=first, size=bound, most=SOCKET_PATH_MAX))


def _check_bindable(sock: Path) -> None:
    """Bind a socket for a moment where the daemon will bind ``sock`` (a fresh private folder in
    its folder, or in the nearest existing folder above it, where that one would be made), then
    remove both: a folder that refuses sockets (``/proc``, a read-only mount, a file system
    without sockets) is refused before the daemon opens or saves a game (newcomer13: root
    passed :func:`_check_writable_folder` for ``/proc``, then the daemon saved a new game of
    0 inputs and died with a traceback when it bound its socket). Nothing is left behind.

    Raises:
        PathRefused: no socket can be bound there (the system's reason in brackets).
    """
    folder = next((p for p in (sock.parent, *sock.parent.parents) if p.exists()), None)
    if folder is None or not folder.is_dir():
        return
    try:
        private = Path(tempfile.mkdtemp(prefix=BIND_PREFIX, dir=folder))
    except OSError as exc:
        raise unbindable(sock, folder, exc) from None
    bound = Path(f"{private}{BIND_TAIL}")
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as trial:
            trial.bind(str(bound))
    except OSError as exc:
        raise unbindable(sock, folder, exc) from None
    finally:
        bound.unlink(missing_ok=True)
        private.rmdir()


def unbindable(sock: Path, folder: Path, exc: OSError) -> PathRefused:
    """The refusal of ``sock``: no socket can be bound in ``folder`` (``exc`` says why)."""
    return PathRefused(msg("--socket {sock}: no socket can be made in the folder {folder} ({reason}): give a "
                           "--socket in a folder you can write, e.g. one in $XDG_RUNTIME_DIR", sock=str(sock),
                           folder=str(folder), reason=exc.strerror or str(exc)))


def check_data_mount(db: Path, mount: str | Path | None) -> None:
    """With a data partition (``--data-mount``, ``$COMPANION_DATA_MOUNT``): refuse to start
    unless ``mount`` is a mount point and the store's folder is on it. Without the check, a
    data partition that failed to mount left the store on the root file system, in RAM under
    the read-only root's overlay: every game lost at the next reboot (issue 26).

    Raises:
        PathRefused: it is not mounted, or the store's folder is elsewhere (the bind mount
            onto it is missing).
    """
    if mount is None:
        return
    mount, folder = Path(mount), db.parent
    if not os.path.ismount(mount):
        raise PathRefused(f"the data partition {mount} is not mounted, so the event store {db} would not be kept "
                          f"on it: the daemon does not start (see findmnt {mount} and /etc/fstab)")
    try:
        on_it = os.stat(folder).st_dev == os.stat(mount).st_dev
    except OSError as exc:
        raise PathRefused(f"the event store's folder {folder} cannot be checked ({exc.strerror}): "
                          f"the daemon does not start") from None
    if not on_it:
        raise PathRefused(f"the event store's folder {folder} is not on the data partition {mount} (its bind "
                          f"mount is missing): the daemon does not start (see findmnt {folder} and /etc/fstab)")


def _check_writable_folder(sock: Path) -> None:
    """Refuse a socket whose folder (or the nearest existing folder above it, where it would be
    made) this user cannot write (issue 26: a PermissionError traceback)."""
    folder = next((p for p in (sock.parent, *sock.parent.parents) if p.exists()), None)
    if folder is not None and folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
        raise PathRefused(msg("--socket {sock}: the folder {folder} cannot be written by this user (give a --socket "
                              "in a folder you can write, e.g. one in $XDG_RUNTIME_DIR)", sock=str(sock),
                              folder=str(folder)))


def remove_stale_socket(sock: Path, seen: os.stat_result | None = None) -> bool:
    """Remove the socket at ``sock`` if it is still the socket ``seen`` (inode), or any socket
    when ``seen`` is None; never anything else. Whether it removed it."""
    try:
        info = sock.lstat()
    except FileNotFoundError:
        return False
    if not stat.S_ISSOCK(info.st_mode):
        return False
    if seen is not None and (info.st_ino, info.st_dev) != (seen.st_ino, seen.st_dev):
        return False
    sock.unlink(missing_ok=True)
    return True


def check_db_path(db: str | Path, option: str = "--db") -> None:
    """Refuse an event store path that is not a store: a directory, a socket or device, a
    side file of another store (``-wal``, ``.lock``, ``.last-good``...) or a file that holds
    something else (opening it would move it aside as "damaged" and write a database in its
    place). A missing file and an SQLite file are fine; so is a damaged store, which has the
    companion's ``.lock`` or last good copy beside it (issue 8's recovery), and an empty file
    with that beside it (a power cut as the store was made). An empty file without is refused:
    the companion did not make it.

    Raises:
        PathRefused: naming the path and what is there.
    """
    db = Path(db)
    kind = describe(db)
    if kind == "a symbolic link":
        kind = describe(Path(os.path.realpath(db)))
    if not db.parent.is_dir():
        blocker = _first_existing(db.parent)  # notes.txt/x.db: a file stands where the folder goes
        if blocker is None or blocker.is_dir():
            raise PathRefused(msg("{option} {db}: the folder {folder} does not exist (create it first, or give a "
                                  "path in a folder that exists)", option=option, db=str(db), folder=str(db.parent)))
        raise PathRefused(msg("{option} {db}: {folder} is {kind}, not a folder: give a path in a folder that "
                              "exists", option=option, db=str(db), folder=str(blocker), kind=describe(blocker)))
    if kind not in ("nothing", "a regular file"):
        example = safe_db_example(db if kind == "a directory" else None)
        raise PathRefused(msg("{option} {db} is {kind}, not an event store file: give the path of a file, "
                              "e.g. {option} {example}", option=option, db=str(db), kind=kind, example=str(example)))
    side = _SIDE_FILE.search(db.name)
    if side:
        raise PathRefused(msg("{option} {db} is named like a file the event store keeps beside its database "
                              "({suffix}): give the database itself, e.g. {option} {example}", option=option,
                              db=str(db), suffix=side.group(1), example=str(db.parent / db.name[:side.start()])))
    if kind == "a regular file" and _empty_and_not_ours(db):
        raise PathRefused(msg("{option} {db} is an empty file, not a Haunt Companion store: give a new path or "
                              "delete it", option=option, db=str(db)))
    if kind == "a regular file" and not _looks_like_a_store(db):
        raise PathRefused(msg("{option} {db} holds something other than an event store (it is not an SQLite "
                              "file): the companion leaves it alone (give another path)", option=option, db=str(db)))


def _empty_and_not_ours(db: Path) -> bool:
    """An empty file with nothing of the companion's beside it: one the user made, not a store
    a power cut stopped at its creation (that one has its ``.lock`` beside it)."""
    try:
        if db.stat().st_size:
            return False
    except OSError:
        return False  # unreadable: the store's own error says why
    return not _ours_beside(db)


def _ours_beside(db: Path) -> bool:
    return any(Path(f"{db}{suffix}").exists() for suffix in (".lock", ".last-good"))


def _looks_like_a_store(db: Path) -> bool:
    """Empty, SQLite, or ours though damaged (a ``.lock`` or last good copy beside it)."""
    try:
        with open(db, "rb") as file:
            head = file.read(len(_SQLITE_MAGIC))
    except OSError:
        return True  # unreadable: the store's own error says why
    if not head or head == _SQLITE_MAGIC:
        return True
    return _ours_beside(db)
