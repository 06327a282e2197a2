"""Creepy Cellar's rules card: its rulebook's sections in the companion's own words
(:mod:`companion.engine.rulecard`)."""

from companion.engine.rulecard import RuleSection
from companion.i18n import msg

SECTIONS = (
    RuleSection(
        msg("Object of the Game"),
        msg("Carry every treasure down to the cellar and get every hunter out of the castle before all 8 "
            "hauntings are on the board. You all win or lose together."),
    ),
    RuleSection(
        msg("Let's Play"),
        msg("A turn starts with the movement die. A ghost on the die means a Ghost card is flipped first. Then "
            "move up to the number rolled; after moving come fighting, dropping off and picking up."),
        keys=("roll", "die", "move", "done-moving", "end-turn", "hunter"), sources=("movement_die",), turn=True,
    ),
    RuleSection(
        msg("Ghost Cards"),
        msg("A room card puts a ghost in that room. Doors Locked cards lock the doors of their colour. Draw and "
            "Shuffle cards draw more cards, then shuffle the deck again."),
        keys=("ghost",), sources=("ghost",),
    ),
    RuleSection(
        msg("Ghost King card"),
        msg("The Ghost King goes to the room of the top Ghost King card. If two other ghosts are there, the room "
            "becomes a haunting and the King moves on to the next letter. Nobody can fight the King."),
        keys=("king",), sources=("king",),
    ),
    RuleSection(
        msg("Fighting Ghosts and Hauntings"),
        msg("Fight the ghosts in your room with the fight dice. A treasure can only be picked up once its room "
            "has no ghost left. The Ghost King can never be fought."),
        keys=("fight", "fight-dice"), sources=("fight_dice",),
    ),
    RuleSection(
        msg("Secret Passages"),
        msg("In a room with a passage tile, one movement point takes you to any other room with a passage. "
            "The tile of the room you left is then taken away."),
        keys=("passage",),
    ),
    RuleSection(
        msg("Cursed Treasures"),
        msg("Every treasure has a catch while you carry it: one less on the movement die, an extra Ghost card, "
            "no fighting alone, no secret passages, a ghost added to your room as your turn starts, or no leaving "
            "a room with a ghost in it."),
        keys=("pick-up", "treasure"), sources=("treasure",),
    ),
    RuleSection(
        msg("Dropping Off a Treasure"),
        msg("Treasures fill the cellar's numbered slots in order. Dropping one off ends your move; you still "
            "fight any ghost in the room, then draw a Cellar card."),
        keys=("drop-off", "put-back"),
    ),
    RuleSection(
        msg("Cellar Cards"),
        msg("Unlock all doors, a free movement (no ghost this time), a ghost added to the room of the next Ghost "
            "King card, remove any one ghost but the King, or a Jinxed Item for you."),
        keys=("cellar", "remove-ghost"), sources=("cellar",),
    ),
    RuleSection(
        msg("Jinxed Item"),
        msg("While you hold a Jinxed Item you cannot pick up treasures or leave the castle. Drop it off in the "
            "room printed on its back, and a secret passage may come back there."),
        keys=("jinxed",), sources=("jinxed",),
    ),
    RuleSection(
        msg("Winning the Game"),
        msg("Everyone wins when every treasure is in the cellar and every hunter is out of the castle. Everyone "
            "loses when all 8 hauntings are on the board."),
    ),
)
