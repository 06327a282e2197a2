"""The players' links as QR codes (segno: the encoder is not ours)."""

from __future__ import annotations

import io
from typing import TextIO


def this_machine_only(link: str) -> bool:
    """True when ``link``'s host is this machine's loopback address (``127.0.0.1``, ``[::1]``,
    ``localhost``): a QR code of it is one no phone can open (newcomer19 10g)."""
    import ipaddress
    from urllib.parse import urlsplit

    host = urlsplit(link).hostname or ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def terminal(link: str, out: TextIO) -> None:
    """``link`` as a QR code drawn with block characters (two rows of modules per line)."""
    import segno

    segno.make(link, error="m").terminal(out=out, compact=True, border=2)


def png(link: str, scale: int = 8) -> bytes:
    """``link`` as a PNG image (dark modules on white, a quiet zone of 4 modules)."""
    import segno

    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="png", scale=scale, border=4)
    return buffer.getvalue()


def print_links(links: dict[str, str], out: TextIO, codes: bool = True) -> None:
    """Each player's name, link and (``codes``) QR code."""
    for player, link in links.items():
        print(f"{player}: {link}", file=out)
        if codes:
            terminal(link, out)
            print(file=out)
