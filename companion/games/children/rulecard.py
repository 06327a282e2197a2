"""Children's rules card: its rulebook's sections in the companion's own words
(:mod:`companion.engine.rulecard`)."""

from companion.engine.rulecard import RuleSection
from companion.i18n import msg

SECTIONS = (
    RuleSection(
        msg("Object of the Game"),
        msg("Trap ghosts with their beloved toys. When the draw pile runs out, everyone has one more turn, and "
            "whoever trapped the most ghosts wins."),
    ),
    RuleSection(
        msg("Dealing Players In"),
        msg("Each player gets 5 cards with no ghost and no fate card in them. The toy and child mini cards make "
            "13 stacks that say which ghost becomes enraged."),
        keys=("start",), sources=("pairing",),
    ),
    RuleSection(
        msg("Taking a Turn"),
        msg("Play a room tablet, take 2 actions, restore your hand to the hand limit, move one ghost, then move "
            "Kitty Kitty if you hold her card."),
        turn=True,
    ),
    RuleSection(
        msg("1. Play a Room Tablet"),
        msg("Put the top tablet on its own floor, next to a tablet already there. The first tablet of the game "
            "is where you start, and you draw a card."),
        keys=("tablet", "place", "enter"),
    ),
    RuleSection(
        msg("Move to an adjacent room"),
        msg("Move through a door or trapdoor on either room's tablet. You cannot leave a room holding more "
            "cards than the hand limit. Entering a room, draw a card, then look at the cards left there."),
        keys=("move", "go", "done"),
    ),
    RuleSection(
        msg("Draw a card from the Children Card draw pile"),
        msg("A ghost card goes under a room with no player in it; a fate card happens at once and you draw "
            "again; anything else goes in your hand."),
        keys=("draw", "haunt-room", "summon"),
    ),
    RuleSection(
        msg("Look at cards that have been left in the room you have entered"),
        msg("Pick up the cards under the room. A trap among them springs at once, even your own."),
        keys=("pickup", "spring", "no-trap", "defuse"),
    ),
    RuleSection(
        msg("Use a device"),
        msg("A device costs an action, or a skull token. Free Action devices can be used out of turn with a "
            "skull token; Turn Action devices only on your turn. A used device is discarded."),
        keys=("use", "free", "banish", "calm", "peek", "swap", "show-cage", "no-cage", "show-catnip",
              "no-catnip", "nearest"),
        sources=("nearest",),
    ),
    RuleSection(
        msg("Take a Skull Token"),
        msg("Trade an action for a skull token. You may hold 3 at most, and there are 2 per player in all."),
        keys=("skull",),
    ),
    RuleSection(
        msg("3. Restore your hand to the current hand limit"),
        msg("At the end of your actions, leave cards under your room or draw cards until you hold exactly the "
            "hand limit."),
        keys=("leave",),
    ),
    RuleSection(
        msg("4. Move 1 Ghost"),
        msg("Move one ghost to a room next door, only along the spectral flow arrows."),
        keys=("haunt", "skip"),
    ),
    RuleSection(
        msg("5. Move Kitty Kitty"),
        msg("If you hold the Kitty Kitty card, move her through a door to a room next door, then give the card "
            "to another player. A player she meets without Catnip can be sent to any room with no ghost."),
        keys=("kitty", "give", "kitty-at", "send", "stay"),
    ),
    RuleSection(
        msg("Trapping Ghosts"),
        msg("In a room with a ghost and holding its beloved toy, you trap it at once, with no action. Keep the "
            "ghost and the toy for the score."),
        keys=("catch",),
    ),
    RuleSection(
        msg("Running from Ghosts"),
        msg("In a room with a ghost and without its toy, leave 2 cards there (a toy among them if you have one) "
            "and run to a room next door. With no way out, make an emergency escape."),
        keys=("run", "flee", "escape"),
    ),
    RuleSection(
        msg("Enraged Ghosts"),
        msg("Trapping a ghost enrages the ghost under that toy's mini card. Each enraged ghost in the mansion "
            "lowers the hand limit by one, and the other players cut down at once. With 5 enraged ghosts in the "
            "mansion the hand limit is 0 and the ghosts win."),
        keys=("cut",),
    ),
    RuleSection(
        msg("Fate Cards"),
        msg("House Settles removes 2 rooms with no player in them. Irwin Biddle takes one toy from every hand. "
            "Kitty Kitty comes into the mansion."),
        keys=("biddle-toy", "no-toy", "settle"),
    ),
)
