"""Ghost at Home's rules card: its rulebook's sections (Italian, as printed) in the companion's
own words (:mod:`companion.engine.rulecard`)."""

from companion.engine.rulecard import RuleSection
from companion.i18n import msg

SECTIONS = (
    RuleSection(
        msg("Summary (Riepilogo)"),
        msg("Each player explores their own haunted house, floor by floor, from the bottom up. The first to "
            "escape, with every floor full, wins."),
    ),
    RuleSection(
        msg("Play (Gioco)"),
        msg("On your turn do ONE thing: play room cards, play a ghost, play a cat, turn on a light, play a "
            "special card, or discard and draw."),
        turn=True,
    ),
    RuleSection(
        msg("Play one or more room cards (Gioca una o più carte stanza)"),
        msg("A room card fills an empty space of its floor. Every lower floor must be full first. Several cards "
            "in one turn are fine."),
        keys=("room", "done", "bulbs"),
    ),
    RuleSection(
        msg("Play a ghost card (Gioca una carta fantasma)"),
        msg("A ghost goes on an opponent's highest floor with a room. A cat there sends both away. On a dark "
            "floor the ghost clears the floor; on a lit floor it takes two ghosts, and the light goes out."),
        keys=("ghost", "target", "let-in", "defend"),
    ),
    RuleSection(
        msg("Play a cat card (Gioca una carta gatto)"),
        msg("A cat goes in a room of your own house, not on another cat. On a ghost, both go away and the rooms "
            "stay. A cat in your hand can also stop a ghost sent at you, even out of turn."),
        keys=("cat", "cat-floor", "to-floor"),
    ),
    RuleSection(
        msg("Turn on the light (Accendi la luce)"),
        msg("Discard 2 or 3 cards showing at least 5 bulbs in all to light a floor whose lower floors are full. "
            "A lit floor needs two ghosts to be cleared."),
        keys=("light", "pay", "pay-done", "light-yes", "light-no", "cancel"),
    ),
    RuleSection(
        msg("Play a special card (Gioca una carta speciale)"),
        msg("Time-Space Hole moves a ghost to an opponent's house; Light Bulb lights a floor; Cat Food takes a cat "
            "from an opponent; Elevator moves your cat; Lightning turns off an opponent's light; a Room Wild Card "
            "is a room of any floor."),
        keys=("special", "bolt", "bulb", "from", "from-floor", "to"),
    ),
    RuleSection(
        msg("Discard one or more cards (Scarta una o più carte)"),
        msg("Discard face down as many cards as you like and draw as many. Nobody sees what you discarded."),
        keys=("discard", "discard-n"),
    ),
    RuleSection(
        msg("End of the turn (Fine del turno)"),
        msg("With your house not complete, draw back up to 3 cards. With it complete, you are escaping: each "
            "other player may play one ghost to stop you (two in a 2-player game). Not stopped: you win."),
        keys=("pass", "stop"),
    ),
)
