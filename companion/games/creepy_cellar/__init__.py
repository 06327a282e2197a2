"""Ghost Fightin' Treasure Hunters: Creepy Cellar (``creepy_cellar``).

Rulebook: ``shared/rulebooks/creepy-cellar.txt``; base-game facts and ambiguities:
``shared/games/notes.md`` 1.5 and 3.E. Modules: ``components`` (the printed material),
``state`` (the frozen state), ``board`` (ghosts, hauntings, the King), ``fight`` (fight
dice), ``checks`` (what the active hunter may do), ``prompts`` (what the table may do now),
``rules`` (set-up and actions), ``refusals`` (why an input is refused), ``view`` (public
view), ``odds`` (the odds meter), ``tablecheck`` (the table check and its corrections),
``codec`` (JSON snapshots).

Hunters: one per player, two each in a 2-player game (notes.md 1.5 "Setup"), moved in
turn (house rule ``two_player_turns``). Moves are reported with one touch on the map, or,
with option ``mover_tags``, by tapping the active hunter's mover on the tiles reader and
then touching the place (``prompts`` module docstring). What the companion checks about
movement: movement points (the die, the subtract-1 treasure, a drop-off ending the move,
Free Movement), one point per reported move or secret passage, the no-leave treasure, the
Jinxed Item's "no leaving the house", passages only between rooms with a tile, and which
door colour is locked. What it cannot check (the board layout is not public, notes.md
1.5): the spaces a move really takes and which doors it crosses; the move prompt tells the
table the points left and the locked colour so it checks those itself
(docs/house-rules.md).
"""

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from companion.engine.core import OptionSpec
from companion.engine.game import Game
from companion.games.creepy_cellar import codec, prompts, refusals, rulecard, rules, tablecheck, undo
from companion.games.creepy_cellar import components as cc
from companion.games.creepy_cellar import view as table_view
from companion.games.creepy_cellar.state import State
from companion.games.creepy_cellar.view import CreepyCellarView
from companion.i18n import Msg, NewsLine, msg, todo

#: Options and named house rules, each with the rulebook ambiguity it settles.
OPTIONS = (
    OptionSpec(
        "mode", "nightmare", cc.MODES,
        msg("Nightmare (12 cursed treasures, passages, jinxed items), Advanced (the 8 numbered "
            "treasures, dropped off in order) or Basic (8 treasures, a smaller Ghost deck)."),
        msg("Set Up"),
        title=msg("Mode"),
        refs="Set Up; Alternate Modes",
        setup=True,
    ),
    OptionSpec(
        "ghost_deck", "virtual", ("virtual", "physical"),
        msg("Who draws Ghost, Ghost King and Cellar cards: the companion, or the table tapping each real card."),
        msg("Set Up"),
        title=msg("Ghost deck"),
        setup=True,
    ),
    OptionSpec(
        "tiles", "virtual", ("virtual", "physical"),
        msg("Who picks treasures and Jinxed Items: the companion (the tiles stay in the box, a marker in "
            "each room) or the table, turning over the real tiles and tapping them."),
        msg("Set Up"),
        title=msg("Tiles"),
        refs="Set Up; Treasures; Cellar Cards",
        setup=True,
    ),
    OptionSpec(
        "mover_tags", False, (False, True),
        msg("The movers carry tags: in the move step the table may tap the active hunter's mover "
            "on the tiles reader, then touch where it goes."),
        msg("Set Up"),
        title=msg("Mover tags"),
        refs="Set Up (issue 4: a move reported by tapping a hunter's tile)",
        setup=True,
    ),
    OptionSpec(
        "rogue_ghost", "ghost_king", ("ghost_king", "remove"),
        msg("A Rogue Ghost card works as the Ghost King card or is taken out of the deck."),
        msg("Contents"),
        title=msg("Rogue ghost"),
        refs="Contents vs Ghost Cards (notes 3.E F-A1)",
    ),
    OptionSpec(
        "cursed_passage_scope", "secret", ("secret", "trapdoor", "both"),
        msg("The no-passage cursed treasure blocks secret passages, only the Trap Door card, or both."),
        msg("Cursed Treasures text"),
        title=msg("Cursed passage scope"),
        refs="Cursed Treasures text vs Quick Reference icon (notes 3.E F-A3)",
    ),
    OptionSpec(
        "cursed_leave_counts_king", False, (False, True),
        msg("Whether the Ghost King alone in a room also keeps a hunter with the no-leave cursed treasure there."),
        msg("Cursed Treasures"),
        title=msg("Cursed leave counts king"),
        refs="Cursed Treasures vs Quick Reference icon (notes 3.E F-A4)",
    ),
    OptionSpec(
        "cellar_turn_order", "reference", ("reference", "drop_first"),
        msg("Turn order: move, fight, then drop off (the reference card), or drop off as the move ends, then "
            "fight."),
        msg("Quick Reference"),
        title=msg("Cellar turn order"),
        refs="Quick Reference vs Pick Up Cellar Card (notes 3.E F-A5)",
    ),
    OptionSpec(
        "king_haunting", "ghosts", ("ghosts", "king"),
        msg("The Ghost King with two ghosts: the two ghosts become the haunting, or a haunting is added and the "
            "ghosts stay; either way the King moves on."),
        msg("Ghost King card"),
        title=msg("King haunting"),
        refs="Ghost King card (notes 3.E F-A6)",
    ),
    OptionSpec(
        "king_wrap", "wrap", ("wrap", "skip_cellar"),
        msg("After room N the Ghost King moves on to A, or he skips the cellar rooms M and N."),
        msg("Ghost King card"),
        title=msg("King wrap"),
        refs="Ghost King card (notes 3.E F-A7)",
    ),
    OptionSpec(
        "draw_shuffle_unlocks", False, (False, True),
        msg("Whether the shuffle after a Draw 2/3 + Shuffle card also unlocks the doors."),
        msg("Draw 2 and Draw 3 + Shuffle cards"),
        title=msg("Draw shuffle unlocks"),
        refs="Draw 2 and Draw 3 + Shuffle cards (notes 3.E F-A8)",
    ),
    OptionSpec(
        "basic_uses_king_and_cellar_decks", True, (True, False),
        msg("Basic mode still uses the Ghost King and Cellar decks, or drops the Trap Door and Rogue Ghost cards "
            "and draws no Cellar card."),
        msg("Alternate Modes"),
        title=msg("Basic uses king and cellar decks"),
        refs="Alternate Modes: Basic (notes 3.E F-A9)",
    ),
    OptionSpec(
        "jinxed_with_treasure", True, (True, False),
        msg("A hunter holding a Jinxed Item may still drop a treasure off in the cellar, or not."),
        msg("Cellar Cards"),
        title=msg("Jinxed with treasure"),
        refs="Cellar Cards: Jinxed Item (notes 3.E F-A10)",
    ),
    OptionSpec(
        "haunting_overflow", "none", ("none", "next_room"),
        msg("A ghost for a room that holds a haunting joins it as usual, or goes on to the next room."),
        msg("Ghost placement"),
        title=msg("Haunting overflow"),
        refs="Ghost placement (notes 1.5, 3.E F-A11)",
    ),
    OptionSpec(
        "pickup_requires_clear", True, (True, False),
        msg("A treasure can be picked up only from a room without ghosts or hauntings, or with them there."),
        msg("Treasures"),
        title=msg("Pickup requires clear"),
        refs="Treasures: fight before picking up (notes 3.E F-A12)",
    ),
    OptionSpec(
        "advanced_put_back", True, (True, False),
        msg("Advanced mode: a hunter may put a treasure that is not next down face-up in an emptied room, or must "
            "carry it until its slot is next."),
        msg("Alternate Modes"),
        title=msg("Advanced put back"),
        refs="Alternate Modes: Advanced (no rule for a wrong number)",
    ),
    OptionSpec(
        "haunting_face_beats_ghost", False, (False, True),
        msg("Whether a haunting face that beats no haunting beats an ordinary ghost."),
        msg("Fighting"),
        title=msg("Haunting face beats ghost"),
        refs="Fighting (notes 1.5: UNKNOWN)",
    ),
    OptionSpec(
        "two_player_turns", "alternate", ("alternate", "choose"),
        msg("With 2 players (two hunters each): each player moves their two hunters in turn, or picks which of "
            "the two takes each turn (tap or touch it)."),
        "",
        title=msg("Two player turns"),
        refs='notes 1.5 Setup: "With 2 players, each controls 2 hunters" (turns not stated)',
    ),
    OptionSpec(
        "jinxed_passage_room", "home", ("home", "jinxed_room"),
        msg("When a Jinxed Item is dropped, the table may put a discarded secret passage tile back in its own "
            "room (A, F, G or K), or in the Jinxed Item's room."),
        msg("Jinxed Item"),
        title=msg("Jinxed passage room"),
        refs='Jinxed Item: "you may place a previously discarded secret passage tile in its indicated room"',
    ),
    OptionSpec(
        "exited_hunters", "out_for_good", ("out_for_good", "keep_turns"),
        msg("A hunter who leaves the castle once every treasure is in stays out (that hunter's turns only flip "
            "Ghost cards for the table), or keeps moving and may go back in."),
        msg("Winning the Game"),
        title=msg("Exited hunters"),
        refs="Winning the Game (silent on hunters already out; docs/house-rules.md)",
    ),
    OptionSpec(
        "table_dice", False, (False, True),
        msg("The companion rolls the movement and fight dice, or the table rolls its own and touches the face "
            "shown (the dice button still lets the companion roll)."),
        msg("A table that keeps its own dice"),
        title=msg("Table dice"),
        refs="A table that keeps its own dice (issue 31, as House of Spirits' \"The die shows N\")",
    ),
)

#: The words of the options' values on the New game screen (:attr:`Game.option_words`).
OPTION_WORDS: Mapping[str, Msg] = MappingProxyType({
    "nightmare": msg("Nightmare"),
    "advanced": msg("Advanced"),
    "basic": msg("Basic"),
    "virtual": msg("virtual deck"),
    "physical": msg("physical deck"),
    # option tiles: the same two values, but no deck (cc21: it read "Tiles: virtual deck")
    "tiles:virtual": msg("companion picks"),
    "tiles:physical": msg("real tiles"),
    "ghost_king": msg("ghost king"),
    "remove": msg("remove"),
    "secret": msg("secret"),
    "trapdoor": msg("trapdoor"),
    "both": msg("both"),
    "reference": msg("reference"),
    "drop_first": msg("drop first"),
    "ghosts": msg("ghosts"),
    "king": msg("king"),
    "wrap": msg("wrap"),
    "skip_cellar": msg("skip cellar"),
    "none": msg("none"),
    "next_room": msg("next room"),
    "alternate": msg("in turn"),
    "choose": msg("choose"),
    "home": msg("home"),
    "jinxed_room": msg("jinxed room"),
    "out_for_good": msg("out for good"),
    "keep_turns": msg("keep turns"),
})


#: A player's colour is their hunter's pawn's (rulebook "Set Up": red, yellow, blue, green, in
#: seat order; with 2 players each moves two, Ada red and blue, Bo yellow and green: her colour
#: is her first pawn's). The palette (:mod:`companion.palette`, Okabe–Ito) has no pure red or
#: green: its nearest colours stand for them. Pawn colour -> palette key.
HUNTER_PALETTE = {"red": "vermillion", "yellow": "yellow", "blue": "blue", "green": "bluish_green"}

#: The pawns' printed colours, as the table screen draws them (``ui.theme.PAWNS``): the
#: header names a player in the pawn's red, not the palette's orange (issue 29 audit).
HUNTER_INKS = {"red": "#D7263D", "yellow": "#F6D13A", "blue": "#1F5FBF", "green": "#3DBE6A"}

#: The instructions whose reverse is said exactly when an input is undone (issue 26;
#: :mod:`companion.undo_words`): the instruction's message id -> its reverse, from its
#: parameters. Every other instruction gets its kind's reverse.
UNDO_SENTENCES: Mapping[str, Callable[[Mapping[str, Any]], NewsLine | None]] = MappingProxyType({
    "Lock the {doors}: nobody moves through them.": lambda p: todo("return", "Unlock the {doors}.", **p),
    "Lock the {doors}: nobody moves through them. The {unlocked} unlock.":
        lambda p: todo("return", "Unlock the {doors} and lock the {unlocked} again.", **p),
    "Unlock the {doors}.": lambda p: todo("return", "Lock the {doors} again: nobody moves through them.", **p),
    "Place a ghost in room {room}.": lambda p: todo("return", "Take the ghost back off room {room}.", **p),
    "Take a ghost off room {room}.": lambda p: todo("return", "Put the ghost back in room {room}.", **p),
    "{player} takes the secret passage from {left} to {room}: take the tile out of room {left}.":
        lambda p: todo("return", "Put the secret passage tile back in room {left}.", **p),
    "One ghost beaten in room {room}: take it off the board.":
        lambda p: todo("return", "Put the beaten ghost back in room {room}.", **p),
    "Two ghosts beaten in room {room}: take them off the board.":
        lambda p: todo("return", "Put the two beaten ghosts back in room {room}.", **p),
    "One haunting beaten in room {room}: take it off the board.":
        lambda p: todo("return", "Put the beaten haunting back in room {room}.", **p),
    "Two hauntings beaten in room {room}: take them off the board.":
        lambda p: todo("return", "Put the two beaten hauntings back in room {room}.", **p),
    "Three ghosts in room {room} become a haunting: swap them for a haunting.":
        lambda p: todo("return", "Swap the haunting in room {room} back for three ghosts.", **p),
    "The Ghost King and two ghosts in room {room}: swap the ghosts for a haunting.":
        lambda p: todo("return", "Swap the haunting in room {room} back for two ghosts.", **p),
    "The Ghost King and two ghosts in room {room}: place a haunting there.":
        lambda p: todo("return", "Take the haunting back off room {room}.", **p),
    "{player} drops off the {treasure} in cellar slot {slot}.":
        lambda p: todo("return", "{player} takes the {treasure} back from cellar slot {slot}.", **p),
    "{player} picks up the {treasure} in room {room}.":
        lambda p: todo("return", "{player} puts the {treasure} back face-down in room {room}.", **p),
    # option ``tiles = virtual``: the tile came out of the box, and a marker stood in the room
    "{player} picks up a treasure in room {room}. Swap the marker for this one from the box, facing out in your "
    "backpack: {treasure}.":
        lambda p: todo("return", "{player} puts the {treasure} back in the box and the marker back in room {room}.",
                       **p),
    "{player} puts the {treasure} down face-up in room {room}.":
        lambda p: todo("return", "{player} picks the {treasure} back up from room {room}.", **p),
    "{player} is out of the castle for good: from now on that hunter's turns only flip Ghost cards for the "
    "table.":
        lambda p: todo("return", "{player} is back in the castle.", **p),
    "Trap door! {player}: move your hunter to room {room} now.":
        lambda p: todo("return", "{player}: move your hunter back from room {room} to where it stood before the "
                                 "trap door.", **p),
    "Trap door! {player}: move the {hunter} to room {room} now.":
        lambda p: todo("return", "{player}: move the {hunter} back from room {room} to where it stood before the "
                                 "trap door.", **p),
    # "Jinxed Item card: Draw one Jinxed Item tile from the pile and place it in your backpack";
    # "When you get rid of a Jinxed Item, you may place a previously discarded secret passage
    # tile in its indicated room" (session 17b; before: "Take back what was put down ...").
    "{player} takes the {tile}: no treasure pick-up and no leaving the house until it is dropped there.":
        lambda p: todo("return", "{player} puts the {tile} back face-down on the Jinxed Item pile.", **p),
    "{player} gets a Jinxed Item: take the {tile} out of the box and put it in your backpack. No treasure pick-up "
    "and no leaving the house until it is dropped in room {room}.":
        lambda p: todo("return", "{player} puts the {tile} back in the box.", **p),
    "{player} gets rid of the Jinxed Item in room {room}.":
        lambda p: todo("return", "{player} takes the Jinxed Item back from room {room} into the backpack.", **p),
    "Put a secret passage tile back in room {room}.":
        lambda p: todo("return", "Take the secret passage tile back off room {room}: it is discarded again.", **p),
    "Put a discarded secret passage tile in room {room}.":
        lambda p: todo("return", "Take the secret passage tile back off room {room}: it is discarded again.", **p),
    # ``was`` (unsaid): the room the King stood in; none while he was off the board.
    "The Ghost King moves to room {room}.": lambda p: _king_back(p.get("was"), p["room"]),
    "The Ghost King moves on to room {room}.": lambda p: _king_back(p.get("was"), p["room"]),
    # Said by the draw's own undo step (undo.py): the cards to take back out of the deck, by name,
    # and the card on top; the extra cards of a Draw + Shuffle are inputs of their own.
    "Flip {extra} more Ghost cards, then shuffle.": lambda p: None,
    "Shuffle all Ghost cards back into the deck.": lambda p: None,
    "The Ghost deck is empty: shuffle its discards into a new deck.": lambda p: None,
    "Shuffle the Ghost deck and the Ghost King deck with their discards.": lambda p: None,
})


def _king_back(was: str | None, room: str) -> NewsLine | None:
    """"Move the Ghost King back to room B." (rulebook "Ghost King card": "Move the Ghost King
    to the room with the matching letter"); before his first card he was off the board; a
    card of his own room moved him nowhere: None."""
    if was is None:
        return todo("return", "Take the Ghost King off the board again.")
    if was == room:
        return None
    return todo("return", "Move the Ghost King back to room {room}.", room=was)


class CreepyCellar(Game[State]):
    """The game for the companion (:class:`~companion.engine.game.Game`): its own parts, and its
    hooks from its modules, assigned below."""

    # Its hooks (companion.engine.game.Game), from its modules.
    _setup = staticmethod(rules.setup)
    handlers = MappingProxyType(rules.HANDLERS)
    cleared = staticmethod(rules.cleared)
    settled = staticmethod(rules.settled)
    prompt = staticmethod(prompts.prompt)
    summary = staticmethod(prompts.summary)
    ending = staticmethod(prompts.ending)
    refusal = staticmethod(refusals.refusal)
    view = staticmethod(table_view.view)
    later = staticmethod(table_view.later)
    status_line = staticmethod(table_view.status_line)
    component_label = staticmethod(cc.component_label)
    check = staticmethod(tablecheck.check)
    undo_steps = staticmethod(undo.undo_steps)
    correct = staticmethod(tablecheck.correct)
    encode = staticmethod(codec.encode)
    decode = staticmethod(codec.decode)

    def view_first(self, state: State) -> CreepyCellarView:
        """The view with the odds meter's figure None: it follows in the later message."""
        return table_view.view_first(state)

    id = cc.GAME_ID
    title = "Ghost Fightin' Treasure Hunters: Creepy Cellar"
    short_title = "Creepy Cellar"
    min_players = 1
    max_players = 4
    options = OPTIONS
    option_words = OPTION_WORDS
    seat_colours = tuple(HUNTER_PALETTE[colour] for colour in cc.HUNTER_COLOURS)
    seat_inks = tuple(HUNTER_INKS[colour] for colour in cc.HUNTER_COLOURS)
    undo_sentences = UNDO_SENTENCES
    undo_complete = True  # every physical step has its undo line (session 17)
    chance_sources = ("movement_die", "ghost", "king", "fight_dice", "cellar", "treasure", "jinxed")
    components = cc.all_components()
    view_type = CreepyCellarView
    rule_sections = rulecard.SECTIONS
    pieces = cc.pieces()
    reader_roles = {"ghost": "cards", "king": "cards", "cellar": "cards",
                    "treasure": "tiles", "jinxed": "tiles", "hunter": "tiles"}
    # issue 19: front doors, fight after a +Ghost, passage tile pick, exited hunters, win after a correction
    rules_version = 2
    private_information = False  # every card and tile is face-up: nothing for a phone to hide


SPEC = CreepyCellar()
