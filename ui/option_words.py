"""The New game screen's words for a game's options: each option's heading and the rulebook
section it settles, in the table's language (issue 29 item 8). No Kivy import here.

The headings are the option keys in words ("ghost_deck" -> "Ghost deck"); every one is
listed here so that ``make i18n`` extracts it and the Italian table reads "Mazzo fantasma".
A key not listed (a new option) falls back to its words, in English.
"""

from __future__ import annotations

from ui.text import Translate, english, option_title, value_text


def _headings(_: Translate) -> dict[str, str]:
    return {
        "mode": _("Mode"), "ghost_deck": _("Ghost deck"), "tiles": _("Tiles"), "mover_tags": _("Mover tags"),
        "rogue_ghost": _("Rogue ghost"), "cursed_passage_scope": _("Cursed passage scope"),
        "cursed_leave_counts_king": _("Cursed leave counts king"), "cellar_turn_order": _("Cellar turn order"),
        "king_haunting": _("King haunting"), "king_wrap": _("King wrap"),
        "draw_shuffle_unlocks": _("Draw shuffle unlocks"),
        "basic_uses_king_and_cellar_decks": _("Basic uses king and cellar decks"),
        "jinxed_with_treasure": _("Jinxed with treasure"), "haunting_overflow": _("Haunting overflow"),
        "pickup_requires_clear": _("Pickup requires clear"), "advanced_put_back": _("Advanced put back"),
        "haunting_face_beats_ghost": _("Haunting face beats ghost"), "two_player_turns": _("Two player turns"),
        "jinxed_passage_room": _("Jinxed passage room"), "exited_hunters": _("Exited hunters"),
        "table_dice": _("Table dice"), "decks": _("Decks"), "secret_cards": _("Secret cards"),
        "monsters_in_main_deck": _("Monsters in main deck"), "investigate_compare": _("Investigate compare"),
        "monster_crit": _("Monster crit"), "excess_monsters": _("Excess monsters"),
        "instant_win_includes_secret": _("Instant win includes secret"), "score_floor_zero": _("Score floor zero"),
        "tiebreak": _("Tiebreak"), "death_skip": _("Death skip"), "failed_plot_roll": _("Failed plot roll"),
        "hand_limit_counts_plots": _("Hand limit counts plots"), "reroll_limit": _("Reroll limit"),
        "envelope": _("Envelope"), "intrigue_deck": _("Intrigue deck"), "leftover_mode": _("Leftover mode"),
        "double_question": _("Double question"), "eliminated_answers": _("Eliminated answers"),
        "ask_requires_entry": _("Ask requires entry"), "balloon_rule": _("Balloon rule"),
        "second_ghost_on_lit_floor": _("Second ghost on lit floor"), "escape_stop": _("Escape stop"),
        "light_three_card_rule": _("Light three card rule"), "lightning_resolves_ghost": _("Lightning resolves ghost"),
        "timehole_resolves": _("Timehole resolves"), "cat_granularity": _("Cat granularity"), "rounds": _("Rounds"),
        "light_check": _("Light check"), "edition": _("Edition"),
        "kitty_fate_replacement_draw": _("Kitty fate replacement draw"), "insanity_count": _("Insanity count"),
        "mouse_immunity": _("Mouse immunity"), "kitty_move_excludes_ghost_rooms": _("Kitty move excludes ghost rooms"),
        "kitty_trap_alias": _("Kitty trap alias"), "tablet_step_draws": _("Tablet step draws"),
        "player_entry": _("Player entry"), "ghost_no_legal_room": _("Ghost no legal room"),
        "reappearing_ghost_rechecks_stack": _("Reappearing ghost rechecks stack"),
        "reveal_trapped_ghost": _("Reveal trapped ghost"),
        "emergency_reentry_excludes_ghosts": _("Emergency reentry excludes ghosts"),
        "ghost_move_mandatory": _("Ghost move mandatory"), "run_short_hand": _("Run short hand"),
        "multi_ghost_resolution": _("Multi ghost resolution"),
        "restore_draw_ghost_counts": _("Restore draw ghost counts"),
        "active_player_trim_timing": _("Active player trim timing"), "house_settles_kitty": _("House settles kitty"),
        "crickets_cage_keeps_trap": _("Crickets cage keeps trap"), "final_round": _("Final round"),
        "nearest_tie": _("Nearest tie"), "trap_check_timing": _("Trap check timing"), "tie_rule": _("Tie rule"),
    }


def _sections(_: Translate) -> dict[str, str]:
    """The rulebooks' section names the options cite (Ghost at Home's rulebook is Italian:
    its names stay as printed)."""
    return {
        "Set Up": _("Set Up"), "Contents": _("Contents"), "Cursed Treasures text": _("Cursed Treasures text"),
        "Cursed Treasures": _("Cursed Treasures"), "Quick Reference": _("Quick Reference"),
        "Ghost King card": _("Ghost King card"),
        "Draw 2 and Draw 3 + Shuffle cards": _("Draw 2 and Draw 3 + Shuffle cards"),
        "Alternate Modes": _("Alternate Modes"), "Cellar Cards": _("Cellar Cards"),
        "Ghost placement": _("Ghost placement"), "Treasures": _("Treasures"), "Fighting": _("Fighting"),
        "Jinxed Item": _("Jinxed Item"), "Winning the Game": _("Winning the Game"),
        "A table that keeps its own dice": _("A table that keeps its own dice"),
        "Game Setup 1-6": _("Game Setup 1-6"), "Game Setup 5": _("Game Setup 5"), "Game Setup 3": _("Game Setup 3"),
        "Investigation": _("Investigation"), "Attack a Monster": _("Attack a Monster"),
        "End of the Game 2 and 3": _("End of the Game 2 and 3"), "Scoring Summary": _("Scoring Summary"),
        "End of the Game 3": _("End of the Game 3"),
        "Heal himself or another player": _("Heal himself or another player"),
        "Playing Plot Cards": _("Playing Plot Cards"), "Pick up a card": _("Pick up a card"),
        "Character Special Abilities": _("Character Special Abilities"), "Distribute Cards": _("Distribute Cards"),
        "Intrigue Cards": _("Intrigue Cards"), "Roll the Dice": _("Roll the Dice"),
        "Were you Wrong?": _("Were you Wrong?"), "Ask a Question": _("Ask a Question"),
        "Components": _("Components"), "Fate Cards": _("Fate Cards"), "Running into Ghosts": _("Running into Ghosts"),
        "Trap Cards, Mouse": _("Trap Cards, Mouse"), "Mouse": _("Mouse"), "FAQ": _("FAQ"),
        "Play a Room Tablet": _("Play a Room Tablet"), "Draw a card": _("Draw a card"), "Feather": _("Feather"),
        "Enraged Ghosts": _("Enraged Ghosts"), "Emergency Escape": _("Emergency Escape"),
        "Taking a Turn": _("Taking a Turn"), "Running from Ghosts": _("Running from Ghosts"),
        "Trapping Ghosts": _("Trapping Ghosts"), "3. Restore your hand": _("3. Restore your hand"),
        "House Settles": _("House Settles"), "Crickets": _("Crickets"),
        "Snow Globe, Voodoo Doll, Crickets": _("Snow Globe, Voodoo Doll, Crickets"),
        "Move to an adjacent room": _("Move to an adjacent room"),
    }


def option_heading(name: str, _: Translate = english) -> str:
    """Option ``name``'s heading in the table's language (``_``)."""
    return _headings(_).get(name) or option_title(name)


def section_name(section: str, _: Translate = english) -> str:
    """Rulebook section ``section`` (as :func:`ui.options.section` gives it) in the table's
    language; a section not listed as it is printed."""
    return _sections(_).get(section, section)


def _values(_: Translate) -> dict[str, str]:
    """Option values in words (the ones :func:`ui.text.value_text` does not know)."""
    return {
        "ghost_king": _("ghost king"),
        "remove": _("remove"),
        "secret": _("secret"),
        "trapdoor": _("trapdoor"),
        "reference": _("reference"),
        "drop_first": _("drop first"),
        "ghosts": _("ghosts"),
        "king": _("king"),
        "wrap": _("wrap"),
        "skip_cellar": _("skip cellar"),
        "next_room": _("next room"),
        "home": _("home"),
        "jinxed_room": _("jinxed room"),
        "out_for_good": _("out for good"),
        "keep_turns": _("keep turns"),
        "unattacked_first": _("unattacked first"),
        "any_monster": _("any monster"),
        "most_plots": _("most plots"),
        "revive_at_turn": _("revive at turn"),
        "stays": _("stays"),
        "bottom": _("bottom"),
        "per_attack": _("per attack"),
        "per_game": _("per game"),
        "face_up": _("face up"),
        "centre": _("centre"),
        "answer": _("answer"),
        "reveal": _("reveal"),
        "entered": _("entered"),
        "present": _("present"),
        "eliminate": _("eliminate"),
        "end_game": _("end game"),
        "any_ghost": _("any ghost"),
        "floor_removed": _("floor removed"),
        "sum": _("sum"),
        "zero_plus_pair": _("zero plus pair"),
        "floor": _("floor"),
        "room": _("room"),
        "single": _("single"),
        "present_enraged": _("present enraged"),
        "flipped_stacks": _("flipped stacks"),
        "kitty_card": _("kitty card"),
        "catnip": _("catnip"),
        "mouse": _("mouse"),
        "ignore": _("ignore"),
        "first_only": _("first only"),
        "always": _("always"),
        "own_first_tablet": _("own first tablet"),
        "first_room": _("first room"),
        "reinsert_redraw": _("reinsert redraw"),
        "set_aside": _("set aside"),
        "no_effect": _("no effect"),
        "counts": _("counts"),
        "leave_all": _("leave all"),
        "escape": _("escape"),
        "trap_then_run": _("trap then run"),
        "run_all": _("run all"),
        "end_of_turn": _("end of turn"),
        "restore_only": _("restore only"),
        "card_to_deck": _("card to deck"),
        "figure_only": _("figure only"),
        "all_one_more": _("all one more"),
        "finish_round": _("finish round"),
        "chooser": _("chooser"),
        "random": _("random"),
        "after_entry_draw": _("after entry draw"),
        "on_arrival": _("on arrival"),
        "no_winner": _("no winner"),
    }


def value_label(value, _: Translate = english) -> str:
    """An option value on its button, in the table's language: :func:`ui.text.value_text`
    for the common ones (yes/no, decks, modes), else this module's words."""
    words = _values(_).get(value) if isinstance(value, str) else None
    if words is None:
        return value_text(value, _)
    return words[:1].upper() + words[1:]
