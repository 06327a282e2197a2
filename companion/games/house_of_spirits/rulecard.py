"""House of Spirits' rules card: its rulebook's sections in the companion's own words
(:mod:`companion.engine.rulecard`)."""

from companion.engine.rulecard import RuleSection
from companion.i18n import msg

SECTIONS = (
    RuleSection(
        msg("The Goal of the Game"),
        msg("Survive to the end with the most points. If every character falls in the same round, everyone "
            "loses."),
    ),
    RuleSection(
        msg("Game Setup"),
        msg("Shuffle the room, plot, monster and main decks (the Vestibule on top of the rooms). Each player "
            "draws a character and a secret victory card blindly, and keeps the secret card hidden."),
        keys=("start", "draw"), sources=("secret",),
    ),
    RuleSection(
        msg("Sequence of Play"),
        msg("Each round: a new room when no monster is left, one roll of the die per player for monsters (a roll "
            "at or under the room's skulls brings one), cards laid out up to one per player, then one action each."),
        keys=("roll", "face"), sources=("die",),
    ),
    RuleSection(
        msg("Player Actions"),
        msg("Each turn, take exactly one action: investigate, play a plot card, pick up a card, heal, or attack "
            "a monster. Every monster in play must be attacked by someone each round."),
        turn=True,
    ),
    RuleSection(
        msg("Investigation"),
        msg("Your investigation score, plus the items you play, plus a roll of the die, must beat the top plot "
            "card's score. Win and you take the card; fail and it goes to the bottom. Only one investigation a round."),
        keys=("investigate", "cancel"),
    ),
    RuleSection(
        msg("Playing Plot Cards"),
        msg("Playing a plot card is your whole turn and scores 3 points, 6 for the last one. Not in the round "
            "you got it. A room or item plot card also needs the right roll of the die: the room's "
            "or item's bonus lets you add or take away up to its number."),
        keys=("play", "item"),
    ),
    RuleSection(
        msg("Pick up a card"),
        msg("Take one item or event card in play as your action. Hold at most 6 cards: discard down to 6."),
        keys=("pick", "discard"),
    ),
    RuleSection(
        msg("Heal himself or another player"),
        msg("Play healing cards on yourself or on another player who is wounded. Healing someone else scores 1 "
            "point. A character who dies comes back at full health next round, 2 points down, with no cards."),
        keys=("heal", "use", "done"),
    ),
    RuleSection(
        msg("Attack a Monster"),
        msg("Attack score plus items plus a roll of the die must beat the monster's defence plus its own roll: "
            "one wound. More than 6 over its defence kills it at once. A monster that survives strikes back; "
            "defence items help then. The final blow scores 3 points."),
        keys=("attack", "guard", "keep"),
    ),
    RuleSection(
        msg("End of the Game"),
        msg("The game ends when a player reaches 18 points, when every plot card is played (then secret victory "
            "cards add 4 points each), or when every character falls in the same round."),
        keys=("claim-secret",),
    ),
)
