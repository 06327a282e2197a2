"""The phone page: one HTML file with its script inline (no build step), its words in the
table's language, and what the page shows of a player's private answer."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any

from companion.i18n import msg, render
from companion.protocol import view_heading, view_text

#: The page's own words, rendered in the table's language (the daemon's sentences come
#: already rendered).
WORDS = {
    "only_you": msg("Only you see this page"),
    "connecting": msg("Connecting to the companion…"),
    "lost": msg("Connection lost: trying again…"),
    "revoked": msg("This link is from an earlier game: scan the new code on the table screen."),
    "claimed": msg("This seat is already open on another phone. If that phone is not yours, "
                   "pair your seat again on the table screen: Menu, Phones, your name."),
    "replaced": msg("Your seat was paired again at the table: scan the new code on the table screen."),
    "turn": msg("Whose turn: {player}"),
    "todo": msg("At the table"),
    "yours": msg("Yours alone"),
    "nothing": msg("Nothing secret to see now."),
    "choose": msg("Your choice"),
    "over": msg("The game is over."),
    "no_game": msg("No game yet: start a new one."),
    "why": msg("Why?"),
}

def words(lang: str) -> dict[str, str]:
    """The page's words in ``lang`` (``turn`` keeps its ``{player}`` field for the page)."""
    return {key: render(text, lang) if "{" not in text else _pattern(text, lang) for key, text in WORDS.items()}


def _pattern(text, lang: str) -> str:
    from companion.i18n import translations

    return translations(lang).gettext(text.msgid)


def private_part(answer: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the page shows of one player's ``private`` answer: ``lines`` (``{"heading",
    "text"}`` for each entry of the view) and ``prompt`` (``{"text", "choices"}`` when the
    private choices are theirs, else None)."""
    lines = [{"heading": view_heading(key, answer.get("headings")), "text": view_text(value)}
             for key, value in (answer.get("view") or {}).items()]
    prompt = answer.get("prompt")
    if prompt is not None:
        prompt = {"text": prompt.get("text") or "",
                  "choices": [{"key": c["key"], "label": c["label"], "private": bool(c.get("private"))}
                              for c in prompt.get("choices") or ()]}
    return {"lines": lines, "prompt": prompt}


@lru_cache(maxsize=1)
def _template() -> tuple[str, str]:
    """The page's HTML (with ``<!--WORDS-->`` and ``<!--LANG-->``) and its script."""
    files = resources.files("companion.phones")
    return (files / "page.html").read_text(encoding="utf-8"), (files / "page.js").read_text(encoding="utf-8")


def _script_hash() -> str:
    digest = hashlib.sha256(_template()[1].encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode()


def html(lang: str) -> str:
    """The page, its words in ``lang``."""
    body, script = _template()
    data = json.dumps(words(lang), ensure_ascii=False).replace("<", "\\u003c")
    lang = lang if re.fullmatch(r"[a-z]{2}", lang or "") else "en"
    return (body.replace("<!--LANG-->", lang).replace("<!--WORDS-->", data)
            .replace("<!--SCRIPT-->", script))


#: Headers of every answer: nothing cached or framed, no referrer (the address holds the
#: token).
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
}


def page_headers(host: str) -> dict[str, str]:
    """The page's headers: :data:`HEADERS`, and a policy that runs only its own script and
    connects only back to ``host`` (named as well as 'self': older Safari does not count a
    WebSocket as 'self')."""
    host = host if re.fullmatch(r"[A-Za-z0-9.:\[\]-]{1,100}", host or "") else ""
    live = f" ws://{host} wss://{host}" if host else ""
    policy = (f"default-src 'none'; script-src '{_script_hash()}'; style-src 'unsafe-inline'; "
              f"connect-src 'self'{live}; img-src 'none'; base-uri 'none'; form-action 'none'; "
              "frame-ancestors 'none'")
    return {**HEADERS, "Content-Security-Policy": policy}
