"""``companion tap``: a virtual tap from the command line, and the ``tap`` message a typed card
name makes (the terminal's ``tap CARD`` sends the same)."""

from __future__ import annotations

import sys
from pathlib import Path

#: ``companion tap``'s exit codes: accepted, refused by the rules, or impossible (no such
#: component, no daemon, no virtual reader).
TAP_ACCEPTED, TAP_REFUSED, TAP_IMPOSSIBLE = 0, 1, 2


def _say(text: str, code: int = 2) -> int:
    print(f"companion: {text}", file=sys.stderr, flush=True)
    return code


def tap_command(card: str, reader: str | None, hold: float, socket: Path) -> int:
    """``companion tap COMPONENT|UID [--reader ROLE] [--hold S]``: 0 accepted, 1 refused
    (the table's sentence is printed), 2 no such component, no daemon or no virtual reader."""
    from companion.client import Client, DaemonUnavailable, NoDaemon
    from companion.daemon.taps import READ_WAIT

    try:
        with Client(socket).connect(timeout=3.0) as client:
            message = tap_message(card, reader, client.state or {})
            if isinstance(message, str):
                return _say(message)
            ack = client.request({**message, "hold": hold}, timeout=hold + READ_WAIT + 5.0)
            virtual = bool(((client.state or {}).get("hardware") or {}).get("virtual"))
    except NoDaemon as exc:
        return _say(exc.sentence())
    except DaemonUnavailable as exc:
        return _say(f"{exc}. Start one with companion play GAME --players A,B (or companion daemon)")
    if ack.get("ok"):
        print(ack.get("text") or "accepted")
        return TAP_ACCEPTED
    print(ack.get("text", ""), file=sys.stderr)
    return TAP_REFUSED if virtual else TAP_IMPOSSIBLE


def tap_message(card: str, reader: str | None, state: dict) -> dict | str:
    """The ``tap`` command for ``card``, or the sentence saying why there is none."""
    from companion.inputs import InputError, normalise_uid

    hardware = state.get("hardware") or {}
    virtual = [r for r in hardware.get("readers") or [] if r.get("virtual")]
    if reader is not None and virtual and reader not in {r["name"] for r in virtual} | {r["role"] for r in virtual}:
        names = ", ".join(f"{r['name']} ({r['role']})" for r in virtual)
        return f"no virtual reader {reader!r}; the daemon's virtual readers: {names}"
    message: dict = {"cmd": "tap"} if reader is None else {"cmd": "tap", "reader": reader}
    card = card.strip()
    component, near = _component_named(card, state)
    if component is not None:
        return {**message, "component": component}
    if ":" not in card:
        try:
            return {**message, "uid": normalise_uid(card)}
        except InputError:
            pass
    return near


def _component_named(card: str, state: dict) -> tuple[str | None, str]:
    """The component id ``card`` names (an id in any case, the game's prefix left out or
    not, a printed name; ``#n`` for a copy), or None and the sentence for a miss (with the
    nearest ids)."""
    from companion import card_names
    from companion.engine import all_games, known_piece

    game = state.get("game")
    if known_piece(card) or (game and known_piece(f"{game}:{card}")):
        return (card if known_piece(card) else f"{game}:{card}"), ""
    base, hash_, copy = card.partition("#")
    games = [game] if game in all_games() else sorted(all_games())
    found = card_names.find(base, games, state.get("language") or "en")
    if found.component is not None and known_piece(found.component + hash_ + copy):
        return found.component + hash_ + copy, ""
    return None, card_names.miss(card, found, game, state.get("language") or "en")
