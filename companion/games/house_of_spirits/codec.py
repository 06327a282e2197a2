"""House of Spirits state <-> plain JSON, for the event store's snapshots.

Hidden information is included (hands, secret victory cards, the known bottom of the
decks): this is never for a screen. ``decode(encode(state)) == state``. The card data
(``cards``) is not stored: the state rebuilds it from the table's entries (``content``).
"""

from __future__ import annotations

from companion.engine.codec import DICT, enum, record, records, state_codec
from companion.games.house_of_spirits.state import Deck, Pending, Roll, State, Step

#: Format version of :func:`encode`'s dict (2: the table's entered card data, ``content``;
#: 3: the shared codec; 4: the action under way on the engine's frame stack, ``frames``). A
#: snapshot of another version is not used: the session replays the game's log instead.
VERSION = 4

_DECK = record(Deck)

encode, decode = state_codec(State, VERSION, "House of Spirits", {
    "room_deck": _DECK, "monster_deck": _DECK, "plot_deck": _DECK, "frames": records(Pending),
    "options": DICT, "step": enum(Step), "roll": enum(Roll)}, derived=("cards",))
