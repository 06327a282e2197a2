"""The truth about the table's hardware, in words (issue 17 item 7). No Kivy import here.

The daemon's state says which hardware it has: ``"hardware": {"dice_button": bool,
"virtual": bool, "readers": [{"name", "role", "online", "virtual"}]}``. An older daemon
sends no such key: then nothing is claimed (unknown) and the readers come from the state's
``readers`` and the ``about`` answer's reader roles, as before. Home and Settings both read
the readers from :func:`readers_of`, so they agree. The prompts come worded for the
hardware already ("touch Roll the die" on a table without a dice button: the daemon renders
:func:`companion.i18n.press_or_touch` sentences); the client shows them as they are.
"""

from __future__ import annotations

from ui.text import Translate, english


def dice_button(hardware: dict) -> bool | None:
    """True/False: the table has a dice button or not; None: the daemon does not say."""
    return (hardware or {}).get("dice_button")  # true or false when said (companion.schema)


def readers_of(hardware: dict, readers: dict, roles: dict | None = None) -> dict[str, dict]:
    """Reader name -> ``{"online", "detail", "role", "virtual"}``: the daemon's hardware
    list when it sends one, else the state's ``readers`` and the configured ``roles``."""
    listed = (hardware or {}).get("readers")
    if listed is not None:
        return {str(r.get("name")): {"online": bool(r.get("online")), "detail": str(r.get("detail", "")),
                                     "role": str(r.get("role", "")), "virtual": bool(r.get("virtual"))}
                for r in listed if r.get("name")}
    out = {name: {"online": bool(r.get("online")), "detail": str(r.get("detail", "")),
                  "role": str((roles or {}).get(name, "")), "virtual": False}
           for name, r in (readers or {}).items()}
    for name, role in (roles or {}).items():
        out.setdefault(name, {"online": False, "detail": "", "role": str(role), "virtual": False,
                              "unreported": True})
    return out


def no_reader_text(hardware: dict, _: Translate = english) -> str:
    """What Home and Settings say when no reader is configured, true to the dice button."""
    if "readers" not in (hardware or {}):
        return _("No reader has reported yet.")
    if dice_button(hardware):
        return _("No NFC reader is configured: the table plays by touch and the dice button.")
    return _("No NFC reader is configured: the table plays by touch.")


def can_enroll(hardware: dict, readers: dict) -> bool | None:
    """Enrollment needs a reader: False when none is configured, None when unknown."""
    if "readers" not in (hardware or {}):
        return None if not readers else True
    return bool(readers)

