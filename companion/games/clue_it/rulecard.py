"""CLUE: IT's rules card: its rulebook's sections in the companion's own words
(:mod:`companion.engine.rulecard`)."""

from companion.engine.rulecard import RuleSection
from companion.i18n import msg

SECTIONS = (
    RuleSection(
        msg("Distribute Cards"),
        msg("One kid, one item and one location go secretly into the envelope. The other Rumor cards are dealt "
            "out evenly; keep yours secret. The highest roll starts."),
        keys=("kid", "seal", "sealed", "dealt", "rolloff"), sources=("envelope",),
    ),
    RuleSection(
        msg("Roll the Dice"),
        msg("Roll both dice and move up to their sum. A \"?\" on a die draws an Intrigue card, and you move up to "
            "the other die."),
        keys=("roll", "stop", "squares", "cancel-squares"), sources=("dice",), turn=True,
    ),
    RuleSection(
        msg("Use a Secret Passage"),
        msg("From a corner location, take its secret passage to the connected location instead of rolling."),
        keys=("passage",),
    ),
    RuleSection(
        msg("Ask a Question"),
        msg("After moving into a location (not the centre), name a kid, an item and the location you are in. "
            "That kid's mover and the item come to you."),
        keys=("ask", "ask-here", "no-question", "cancel-question"),
    ),
    RuleSection(
        msg("Answering a Question"),
        msg("The player on your left answers first: holding a named card, they show you one, to you alone. "
            "Otherwise the next player on the left tries, until someone shows a card or nobody can."),
        keys=("none", "showed"),
    ),
    RuleSection(
        msg("Mark your Clue Sheet"),
        msg("Cross off every card you are shown: it is not in the envelope."),
        keys=("end-turn",),
    ),
    RuleSection(
        msg("Make an Accusation"),
        msg("In the centre, say your accusation out loud, then look in the envelope alone. Right: you win. "
            "Wrong: you are out, and you put the cards back without a word."),
        keys=("accuse", "accuse-check", "accuse-restart", "cancel-accuse", "pick", "private-ready", "right",
              "wrong", "confirm-right", "cancel-right", "look-centre"),
    ),
    RuleSection(
        msg("Intrigue Cards"),
        msg("A \"Play Immediately\" card is played at once. Any other card is yours to keep and play on your "
            "turn; a used card is discarded."),
        keys=("intrigue", "play", "play-intrigue", "peek-show", "peek-hide", "cancel-intrigue"),
        sources=("intrigue",),
    ),
    RuleSection(
        msg("Personality Cards"),
        msg("Your kid's power can be used once a game, on your turn; then turn the card over."),
        keys=("power",),
    ),
)
