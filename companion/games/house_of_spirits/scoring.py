"""Scores, deaths and the end of the game ("Scoring Summary", "End of the Game").

Every score change goes through :func:`add_points`, which logs its cause (so a score is
always the sum of its logged causes) and checks the 18-point win.
"""

from __future__ import annotations

from companion.engine.draft import replace, say
from companion.engine.present import present
from companion.engine.tuples import put
from companion.engine.words import and_names
from companion.games.house_of_spirits import components as hc
from companion.games.house_of_spirits import why
from companion.games.house_of_spirits.state import State, Step
from companion.i18n import NewsLine, msg, nmsg, notable, ntodo, todo

#: What each score cause (the key kept in ``score_log``) is called at the table.
_CAUSES = {
    "plot card": msg("plot card"),
    "final plot card": msg("final plot card"),
    "monster kill": msg("monster kill"),
    "healing another player": msg("healing another player"),
    "secret victory": msg("secret victory"),
    "death": msg("death"),
}


def add_points(state: State, player: int, points: int, cause: str) -> State:
    """Give ``points`` (negative for a death) to ``player`` for ``cause``.

    House rule ``score_floor_zero`` (notes 3.D H-A6) keeps a score from going below 0;
    the logged change is the one applied. A public score of 18 or more ends the game at
    once with that player the winner ("End of the Game" 2; a claimed secret victory counts
    under ``instant_win_includes_secret``, H-A5).
    """
    score = state.scores[player] + points
    if state.options["score_floor_zero"]:
        score = max(0, score)
    change = score - state.scores[player]
    state = replace(state, scores=put(state.scores, player, score),
                    score_log=state.score_log + ((player, change, cause),))
    name = state.players[player]
    label = _CAUSES.get(cause, cause)
    # one minus sign, the same one, for the change and the score (issue 19)
    line = nmsg("{player} {change} ({cause}): {total} point.", "{player} {change} ({cause}): {total} points.",
                "n", player=name, change=_signed(points, plus=True), cause=label, total=_signed(score),
                n=abs(score))
    state = say(state, why.points(line, cause, change, score))
    if score >= hc.WINNING_SCORE and state.outcome is None and state.step != Step.TALLY:
        line = msg("{player} has {score} points and wins the game!", player=name, score=score)
        return win(state, (name,), why.eighteen(line, score))
    return state


def _signed(number: int, plus: bool = False):
    """``number`` with a typographic minus ("−2"), or a plus when asked ("+3")."""
    if number < 0:
        return msg("−{n}", n=-number)
    return msg("+{n}", n=number) if plus else number


def win(state: State, winners: tuple[str, ...], text: str | NewsLine) -> State:
    """End the game with ``winners``."""
    return say(replace(state, outcome="won", winners=winners, step=Step.OVER, frames=()), text)


def kill_character(state: State, player: int, critical_hit: bool = False) -> State:
    """A character dies ("Heal himself or another player"; "End of the Game" 1).

    The player loses 2 points and every card (plot cards to the bottom of the plot deck,
    the others to the main discard); the character comes back at full health next round.
    If every character has died this round, the game ends in failure. ``critical_hit``: a
    monster's critical hit killed it (house rule ``monster_crit``), not its wounds.
    """
    name = state.players[player]
    health = state.max_health(player)
    hand = state.hand(player)
    plots = tuple(card for card in hand if state.card(card).kind == "plot")
    others = tuple(card for card in hand if state.card(card).kind != "plot")
    state = replace(
        state,
        hands=put(state.hands, player, ()),
        wounds=put(state.wounds, player, state.max_health(player)),
        dead=put(state.dead, player, True),
        died=state.died + ((player,) if player not in state.died else ()),
        plot_deck=state.plot_deck.to_bottom(*plots),
        main_discard=tuple(sorted(state.main_discard + others)),
    )
    line = todo("out", "The character of {player} dies: every card but the character and the secret victory card "
                "is lost.", player=name)
    stand_ins = not critical_hit and state.character_card(player).placeholder  # its health (words19)
    state = say(state, notable(why.died(line, critical_hit, health, stand_ins), msg("The character of {player} dies.",
                                                                         player=name)))
    if plots:
        state = say(state, why.plots_lost(ntodo("return", "{n} plot card goes to the bottom of the plot deck.",
                                                "{n} plot cards go to the bottom of the plot deck.", "n",
                                                n=len(plots)), len(plots)))
    state = add_points(state, player, hc.DEATH_POINTS, "death")
    if state.outcome is None and len(state.died) == len(state.players):
        line = msg("Every character has been killed this round: the house wins and the game ends in failure.")
        state = say(replace(state, outcome="lost", step=Step.OVER, frames=()), why.all_dead(line, len(state.died)))
    return state


def start_tally(state: State) -> State:
    """The last plot card is played: ask who met their secret victory condition ("End of the Game" 3)."""
    line = msg("Every plot card has been played: tally the scores with the secret victory conditions.")
    state = say(state, why.all_plots(line, len(hc.ids("plot"))))
    return next_tally(replace(state, step=Step.TALLY, frames=()))


def tally_player(state: State) -> int | None:
    """The next player (in turn order) not yet asked about their secret victory, or None."""
    return next((p for p in state.order() if state.secret_met[p] is None), None)


def next_tally(state: State) -> State:
    """Ask the next player, or declare the winners once everyone has answered."""
    if tally_player(state) is not None:
        return state
    return win(state, winners(state), _result_sentence(state))


def answer_secret(state: State, met: bool) -> State:
    """The tally player met (4 points) or did not meet their secret victory condition."""
    player = present(tally_player(state), "a player to ask about their secret victory")
    state = replace(state, secret_met=put(state.secret_met, player, met))
    if met:
        state = add_points(state, player, hc.SECRET_POINTS, "secret victory")
        if state.outcome is not None:
            return state
    else:
        state = say(state, msg("{player} did not meet the secret victory condition.", player=state.players[player]))
    return next_tally(state)


def winners(state: State) -> tuple[str, ...]:
    """Names with the highest score; ties per house rule ``tiebreak`` (notes 3.D H-A7)."""
    best = max(state.scores)
    tied = [p for p, score in enumerate(state.scores) if score == best]
    if state.options["tiebreak"] == "most_plots" and len(tied) > 1:
        plots = {p: sum(1 for who, _, cause in state.score_log if who == p and cause == "plot card") for p in tied}
        most = max(plots.values())
        tied = [p for p in tied if plots[p] == most]
    return tuple(state.players[p] for p in tied)


def _result_sentence(state: State) -> str | NewsLine:
    names = winners(state)
    best = max(state.scores)
    most_plots = state.options["tiebreak"] == "most_plots" and state.scores.count(best) > 1
    if len(names) == 1:
        line = msg("{player} wins with {score} points.", player=names[0], score=best)
    else:
        line = msg("{names} share the win with {score} points.", names=and_names(names), score=best)
    return why.result(line, best, len(names) > 1, most_plots)
