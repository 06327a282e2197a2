"""The desk page: one HTML file with its script inline (no build step), its words in the
table's language, the CSRF token of this run in a ``<meta>``."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from functools import lru_cache
from importlib import resources

from companion.i18n import msg, render
from companion.phones.page import HEADERS

#: The page's own words (the daemon's sentences come already rendered).
WORDS = {
    "title": msg("Owner's desk"),
    "cards": msg("Card data"),
    "saved": msg("Saved games"),
    "history": msg("History"),
    "backup": msg("Backup"),
    "left": msg("{title}: {left} of {cards} cards still to enter"),
    "all_entered": msg("{title}: every card entered"),
    "card": msg("Card"),
    "state": msg("Saved?"),
    "saving": msg("Saving…"),
    "saved_ok": msg("Saved"),
    "placeholder": msg("still to enter"),
    "export": msg("Download the card data:"),
    "import": msg("Import a card data file (TOML or CSV) for this game:"),
    "import_button": msg("Import"),
    "imported": msg("Imported {count} cards."),
    "not_imported": msg("Nothing was imported:"),
    "too_big": msg("The file is {size} KB; a card data file is at most 256 KB (is it the right file?)"),
    "game": msg("Game"),
    "players": msg("Players"),
    "started": msg("Started"),
    "last_move": msg("Last move"),
    "status": msg("Status"),
    "in progress": msg("in progress"),
    "set aside": msg("set aside (unfinished)"),
    "not_saved": msg("Not saved"),
    "finished": msg("finished"),
    "kept": msg("kept (older rules)"),
    "on_table": msg("on the table"),
    "resume": msg("Resume"),
    "set_aside": msg("Set aside"),
    "delete": msg("Delete"),
    "confirm_delete": msg("Delete game {id} ({title}, {players}) for good? This cannot be undone."),
    "no_games": msg("No game in the store yet."),
    "winners": msg("Won"),
    "nobody": msg("nobody"),
    "minutes": msg("Minutes"),
    "figures": msg("Figures"),
    "hauntings": msg("Hauntings"),
    "player": msg("Player"),
    "played": msg("Played"),
    "wins": msg("Wins"),
    "average": msg("Average minutes"),
    "no_history": msg("No game has been finished yet."),
    "chart": msg("Wins per player"),
    "backup_text": msg("A copy of the whole store: every game, the card data and the tags. Keep it somewhere "
                       "safe; companion restore FILE puts it back."),
    "download_backup": msg("Download backup"),
    "failed": msg("The companion did not answer: is it still running?"),
}


def words(lang: str) -> dict[str, str]:
    """The words in ``lang`` (``{field}`` left for the page to fill in)."""
    from companion.i18n import translations

    return {key: translations(lang).gettext(text.msgid) if "{" in text.msgid else render(text, lang)
            for key, text in WORDS.items()}


@lru_cache(maxsize=1)
def _template() -> tuple[str, str]:
    files = resources.files("companion.desk")
    return (files / "page.html").read_text(encoding="utf-8"), (files / "page.js").read_text(encoding="utf-8")


def _script_hash() -> str:
    digest = hashlib.sha256(_template()[1].encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode()


def html(lang: str, csrf: str) -> str:
    body, script = _template()
    data = json.dumps(words(lang), ensure_ascii=False).replace("<", "\\u003c")
    lang = lang if re.fullmatch(r"[a-z]{2}", lang or "") else "en"
    return (body.replace("<!--LANG-->", lang).replace("<!--WORDS-->", data).replace("<!--CSRF-->", csrf)
            .replace("<!--SCRIPT-->", script))


def page_headers() -> dict[str, str]:
    """:data:`HEADERS`, and a policy that runs only the page's own script, fetches only from
    its own address and sends no form anywhere."""
    policy = (f"default-src 'none'; script-src '{_script_hash()}'; style-src 'unsafe-inline'; "
              "connect-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return {**HEADERS, "Content-Security-Policy": policy}
