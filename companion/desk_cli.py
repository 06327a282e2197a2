"""The owner's terminal commands (issue 34): card data and tag files, backups, saved games,
history and the desk's link. :mod:`companion.cli` registers them with one line each.

* ``companion content export GAME [--format toml|csv] [-o FILE]`` and ``companion content
  import FILE [--game GAME]`` (through the daemon, which owns the store);
* ``companion tags export [--format] [-o FILE]`` and ``companion tags import FILE``;
* ``companion backup FILE`` (while the daemon runs) and ``companion restore FILE`` (with it
  stopped);
* ``companion games --saved`` and ``companion history [--json|--csv]`` (read from a copy of
  the store file: the daemon need not run);
* ``companion desk``: the owner's desk link and its QR code (none for a desk on loopback).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path

from companion.client import Client

#: Exit code of a refused import, backup or restore.
EXIT_REFUSED = 2


# ---------------------------------------------------------------------- registration

def content_arguments(content: argparse.ArgumentParser) -> None:
    """``content export GAME`` / ``content import FILE``: the arguments they add."""
    content.add_argument("file", nargs="?", metavar="GAME|FILE",
                         help="after export: the game; after import: the card data file (TOML or CSV)")
    content.add_argument("--format", choices=("toml", "csv"), default="toml", help="export: the file's format")
    content.add_argument("-o", "--output", type=Path, help="export: write to this new file (default: standard output)")
    content.add_argument("--game", help="import: refuse a file that is not this game's")


def content_command(args) -> int | None:
    """``content export|import``; None for the other ``content`` commands."""
    from companion.paths import default_socket

    socket = args.socket or default_socket()
    if args.target == "export" and args.file:
        return _export(socket, {"cmd": "content_export", "game": args.file, "format": args.format},
                       "content_export", args.output)
    if args.target == "import" and args.file:
        return _import(socket, "content_import", Path(args.file), {"game": args.game} if args.game else {})
    if args.target in ("export", "import"):
        print(f"companion: content {args.target} needs {'a game' if args.target == 'export' else 'a file'}",
              file=sys.stderr)
        return EXIT_REFUSED
    if args.file:
        print(f"companion: content {args.target} takes no {args.file!r} (content export GAME, content import FILE)",
              file=sys.stderr)
        return EXIT_REFUSED
    return None


def tags_commands(tags_sub) -> None:
    """``tags export`` and ``tags import``."""
    export = tags_sub.add_parser("export", help="the enrolled tags as a file (TOML or CSV), to share with the stickers")
    export.add_argument("--format", choices=("toml", "csv"), default="toml")
    export.add_argument("-o", "--output", type=Path, help="write to this new file (default: standard output)")
    export.set_defaults(run=lambda a: _export(_socket(a), {"cmd": "tags_export", "format": a.format},
                                              "tags_export", a.output))
    load = tags_sub.add_parser("import", help="enroll every tag of a tags file (checked as a whole first)")
    load.add_argument("file", type=Path)
    load.set_defaults(run=lambda a: _import(_socket(a), "tags_import", a.file, {}))
    for command in (export, load):
        command.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")


def games_arguments(games: argparse.ArgumentParser) -> None:
    games.add_argument("--saved", action="store_true", help="every game in the event store instead")
    games.add_argument("--db", type=Path, help="with --saved: the event store (default: the user data dir)")


def register(sub) -> None:
    """``backup``, ``restore``, ``history`` and ``desk``."""
    backup = sub.add_parser("backup", help="copy the event store to FILE (safe while the daemon runs)")
    backup.add_argument("file", type=Path, help="the new backup file")
    backup.add_argument("--db", type=Path, help="event store (default: the user data dir)")
    backup.set_defaults(run=backup_command)
    restore = sub.add_parser("restore", help="put a backup in the place of the event store (daemon stopped)",
                             description="Check that FILE is an undamaged event store this companion reads, "
                                         "keep the current store as STORE.before-restore, then put FILE in its "
                                         "place. Stop the daemon first.")
    restore.add_argument("file", type=Path, help="the backup file")
    restore.add_argument("--db", type=Path, help="event store (default: the user data dir)")
    restore.set_defaults(run=restore_command)
    history = sub.add_parser("history", help="finished games, and wins and lengths per player and per game")
    shape = history.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="one JSON object")
    shape.add_argument("--csv", choices=("games", "players", "per-game"), nargs="?", const="games",
                       help="one CSV table: the games (default), the players, or per game")
    history.add_argument("--db", type=Path, help="event store (default: the user data dir)")
    history.set_defaults(run=history_command)
    desk = sub.add_parser("desk", help="the owner's desk: a web page for card data, saved games, history, backups")
    desk.add_argument("--no-code", action="store_true",
                      help="the link only, no QR code (a desk on loopback has none: a phone cannot open it)")
    desk.add_argument("--socket", type=Path, help="the daemon socket (default: the user runtime dir)")
    desk.set_defaults(run=desk_command)


def _socket(args) -> Path:
    from companion.paths import default_socket

    return args.socket or default_socket()


def _db(args) -> Path:
    from companion.paths import default_db

    return args.db or default_db()


# ---------------------------------------------------------------------- files through the daemon

def _ask(socket: Path, message: dict, answer_type: str) -> tuple[dict | None, dict]:
    replies: list[dict] = []
    with Client(socket, on_message=replies.append).connect(timeout=3.0) as client:
        ack = client.request(message, timeout=30.0)
    return next((m for m in replies if m.get("type") == answer_type), None), ack


def _export(socket: Path, message: dict, answer_type: str, output: Path | None) -> int:
    answer, ack = _ask(socket, message, answer_type)
    if answer is None or not ack["ok"]:
        print(f"companion: {ack['text']}", file=sys.stderr)
        return EXIT_REFUSED
    if output is None:
        sys.stdout.write(answer["text"])
        return 0
    try:
        with open(output, "x", encoding="utf-8") as file:  # never over a file that is there
            file.write(answer["text"])
    except FileExistsError:
        print(f"companion: {output} already exists: give the export a new name (nothing was written)",
              file=sys.stderr)
        return EXIT_REFUSED
    except OSError as exc:
        print(f"companion: cannot write {output}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_REFUSED
    print(f"Wrote {output}.", file=sys.stderr)
    return 0


def _import(socket: Path, cmd: str, path: Path, extra: dict) -> int:
    from companion.content_io import MAX_BYTES, too_big

    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            print(f"companion: nothing was imported: {too_big(size)}", file=sys.stderr)
            return EXIT_REFUSED
        data = path.read_bytes()
    except OSError as exc:
        print(f"companion: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_REFUSED
    text = data.decode("utf-8", errors="surrogateescape")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        print(f"companion: nothing was imported: {path.name} is not UTF-8 text", file=sys.stderr)
        return EXIT_REFUSED
    answer, ack = _ask(socket, {"cmd": cmd, "text": text, "name": path.name, **extra}, cmd)
    if answer is None or not answer["ok"]:
        problems = answer["problems"] if answer else [ack["text"]]
        print(f"companion: nothing was imported from {path.name}:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return EXIT_REFUSED
    print(ack["text"])
    return 0


# ---------------------------------------------------------------------- the store file

def backup_command(args) -> int:
    from companion.backup import backup
    from companion.errors import StoreError

    try:
        backup(_db(args), args.file)
    except StoreError as exc:
        print(f"companion: no backup: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    print(f"Backed up {_db(args)} to {args.file} ({args.file.stat().st_size // 1024} KB).")
    return 0


def restore_command(args) -> int:
    from companion.backup import RestoreRefused, restore
    from companion.errors import StoreError
    from companion.store import NotOurs

    try:
        kept = restore(args.file, _db(args))  # a --db that is no store: PathRefused, said as the daemon says it
    except NotOurs as exc:  # the --db file is another program's: the daemon's words, it was left untouched
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    except (RestoreRefused, StoreError) as exc:
        print(f"companion: nothing was restored: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    print(f"Restored {args.file} as the event store {_db(args)}." +
          (f" The store as it was is kept as {kept}." if kept else "") +
          " Start the companion again: the unfinished game resumes.")
    return 0


def _store_copy(args):
    import os

    from companion.recovery import memory_copy

    db = _db(args)
    problem = _not_a_store(db, given=args.db is not None or "COMPANION_DB" in os.environ)
    if problem:
        print(f"companion: {problem}", file=sys.stderr)
        return None
    return memory_copy(db)


def _not_a_store(db: Path, given: bool) -> str | None:
    """Why the file at ``db`` cannot be an event store (nothing is created beside it), or None.
    The default store not made yet is no problem: no game has been played (an empty store)."""
    if not db.exists():
        return f"there is no event store at {db}" if given else None
    if db.is_dir():
        return f"{db} is a folder, not an event store"
    try:
        with open(db, "rb") as file:
            head = file.read(16)
    except OSError as exc:
        return f"cannot read {db}: {exc.strerror or exc}"
    if head and head != b"SQLite format 3\x00":
        return f"{db} is not an SQLite database, so not a Haunt Companion event store; it was left untouched"
    return None


def saved_command(args) -> int:
    """``games --saved``: every game in the store, newest first."""
    from companion.saved_games import game_to_resume, saved

    store = _store_copy(args)
    if store is None:
        return EXIT_REFUSED
    try:
        games = saved(store)
        resumes = game_to_resume(store)
    finally:
        store.close()
    if not games:
        print("The store holds no game yet." if _db(args).exists() else
              f"No game yet: the event store {_db(args)} is made when the first game starts.", file=sys.stderr)
    if games:  # the columns (newcomer 19: no header line)
        print("\t".join(["id", "game", "players", "started", "last input", "inputs", "status"]))
    for game in games:
        print("\t".join([str(game["id"]), game["title"], ", ".join(game["players"]), _when(game["started"]),
                         _when(game["last_move"]), _moves(game["inputs"]), _status(game, resumes)]))
    return 0


def _status(game: dict, resumes) -> str:
    """A saved game's status in words: of the unfinished games, only the one the companion
    resumes at its next start is "in progress"; the others were set aside (unfinished, and
    ``companion play ITS-GAME`` goes back to one)."""
    if game["status"] != "in progress" or (resumes is not None and resumes.id == game["id"]):
        return game["status"]
    return "set aside (unfinished)"


def _moves(count: int) -> str:
    """The inputs in effect, the word every command counts them with."""
    return "1 input" if count == 1 else f"{count} inputs"


def _when(seconds: float | None) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds)) if seconds else "-"


def history_command(args) -> int:
    from companion.saved_games import history

    store = _store_copy(args)
    if store is None:
        return EXIT_REFUSED
    try:
        figures = history(store)
    finally:
        store.close()
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=1))
    elif args.csv:
        _history_csv(figures, args.csv)
    else:
        _history_text(figures)
    return 0


def _history_csv(figures: dict, table: str) -> None:
    writer = csv.writer(sys.stdout, lineterminator="\n")
    if table == "players":
        writer.writerow(["player", "played", "wins", "average_minutes"])
        writer.writerows([r["player"], r["played"], r["wins"], r["average_minutes"]] for r in figures["players"])
        return
    if table == "per-game":
        writer.writerow(["game", "title", "played", "wins", "average_minutes"])
        writer.writerows([r["game"], r["title"], r["played"], r["wins"], r["average_minutes"]]
                         for r in figures["per_game"])
        return
    writer.writerow(["id", "game", "players", "started", "minutes", "outcome", "winners", "hauntings", "scores"])
    for g in figures["games"]:
        scores = g["figures"].get("scores")
        writer.writerow([g["id"], g["game"], " ".join(g["players"]), _when(g["started"]), g["minutes"], g["outcome"],
                         " ".join(g["winners"]), g["figures"].get("hauntings", ""),
                         " ".join(f"{p}={s}" for p, s in scores.items()) if scores else ""])


def _history_text(figures: dict) -> None:
    if not figures["games"]:
        print("No game has been finished yet.")
        return
    print("id\tstarted\tgame\tplayers\twon by\tminutes")
    for g in figures["games"]:
        extra = "".join([f", {g['figures']['hauntings']} hauntings" if "hauntings" in g["figures"] else "",
                         ", scores " + ", ".join(f"{p} {s}" for p, s in g["figures"]["scores"].items())
                         if "scores" in g["figures"] else ""])
        won = ", ".join(g["winners"]) or "nobody"
        print(f"{g['id']}\t{_when(g['started'])}\t{g['title']}\t{', '.join(g['players'])}\t"
              f"{won}\t{g['minutes']} min{extra}")
    print("\nPlayer\tplayed\twins\taverage minutes")
    for r in figures["players"]:
        print(f"{r['player']}\t{r['played']}\t{r['wins']}\t{r['average_minutes']}")
    print("\nGame\tplayed\twon by a player\taverage minutes")
    for r in figures["per_game"]:
        print(f"{r['title']}\t{r['played']}\t{r['wins']}\t{r['average_minutes']}")


# ---------------------------------------------------------------------- the desk

def desk_command(args) -> int:
    answer, ack = _ask(_socket(args), {"cmd": "desk_link"}, "desk_link")
    if answer is None:
        print(f"companion: {ack['text']}", file=sys.stderr)
        return EXIT_REFUSED
    print("The owner's desk (keep this link to yourself: it opens the card data, saved games and backups):")
    print(answer["link"])
    from companion.qr import terminal, this_machine_only

    if this_machine_only(answer["link"]):
        # newcomer19 10g: a QR code of http://127.0.0.1:8765/... is one no phone can open
        print("It opens on this machine only (the desk listens on loopback), so there is no QR code for a phone: "
              "[desk] network = true in the config opens it to the local network.")
    elif not args.no_code:
        terminal(answer["link"], sys.stdout)
    return 0

