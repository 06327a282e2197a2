"""The fixed phrases of every game (issue 28): every sentence of the message catalogue
(``companion/locale``) with no name or number in it (no ``{placeholder}``), in English (the
message ids) and in Italian (their translations). ``companion voice prepare`` renders them
all ahead of time, so only phrases with names or numbers in them are rendered live."""

from __future__ import annotations

from companion.i18n import LANGUAGES, translations


def fixed_phrases(lang: str) -> list[str]:
    """Every fixed phrase in ``lang`` (``en`` or ``it``), sorted, without repeats."""
    catalogue = getattr(translations("it"), "_catalog", {})  # msgid -> Italian; the ids are the English
    phrases = set()
    for msgid, italian in catalogue.items():
        if not isinstance(msgid, str) or not msgid or _has_fields(msgid):
            continue  # the header, a plural form (it counts something), or a sentence with fields
        text = msgid if lang == "en" else italian
        if text and not _has_fields(text):
            phrases.add(" ".join(text.split()))
    return sorted(phrases)


def every_language() -> dict[str, list[str]]:
    return {lang: fixed_phrases(lang) for lang in LANGUAGES}


def _has_fields(text: str) -> bool:
    return "{" in text or "}" in text
