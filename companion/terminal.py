"""Play in the terminal: ``companion play --terminal`` (or with no display).

The console view (:class:`companion.console.ConsoleView`) prints the prompts, the news and
the notices; the prompt's choices are numbered, and a line typed here is a touch: its
number, ``u`` (Undo), ``tap CARD`` (a virtual tap, as ``companion tap``) or ``q`` (stop).

A prompt whose choices are private (CLUE: IT's accusation, an Intrigue card) is offered as
the window's privacy screen offers it: "Ada: take the screen, others look away", then its
cover ("Only Ada looks: Ada, press Enter to show ..."), asks the daemon what only Ada may see
and numbers her choices; once they are no longer hers the terminal is cleared (when it is
one) and says that they are hidden again. A player's secret cards are offered so too.

With the players' phones on (``[phones]`` in the config) a game's start says so, and offers
each player whose phone is not connected "Ada: pair your phone (others look away)": behind the
same cover, Ada's code alone (her seat's link and its QR code), as the table screen's pairing
shows it, until Done or her phone connects.
"""

from __future__ import annotations

import re
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from companion.client import Client, DaemonUnavailable, NoDaemon
from companion.console import ConsoleView
from companion.i18n import msg, render
from companion.protocol import private_player, view_heading, view_text

HELP = msg("Type a choice's number, u to undo, tap CARD to tap a card, q to stop.")

#: The choice the terminal adds for a prompt whose choices are private (never a game's key).
PRIVACY_KEY = "terminal:privacy"

#: The choice that hides a player's secret cards again (their private view, no choice to make).
HIDE_KEY = "terminal:hide"

#: The choice that shows one player's phone code behind a cover, at a game's start with phones
#: on (the table screen's pairing, one player at a time; never a game's key).
PAIR_KEY = "terminal:pair"

#: What a terminal prints to clear its screen and its scrollback (xterm, VTE, the Linux console).
CLEAR = "\033[H\033[2J\033[3J"


class NumberedView(ConsoleView):
    """The console view, with the prompt's choices numbered under it whenever they change.

    ``ask_private(player)`` is called when the private choices shown must be asked again
    (the next of three accusation picks is that player's too).
    """

    def __init__(self, out: TextIO = sys.stdout, ask_private: Callable[[str], None] | None = None):
        super().__init__(out)
        self._shown: list | None = None
        self.lock = threading.Lock()
        self.ask_private = ask_private
        self.state: dict[str, Any] = {}
        self.private: dict[str, Any] | None = None  # the private answer on show, or None
        self._asked_again = False  # the private answer awaited follows its state's question
        #: The player whose private choices were asked again and have not come yet, or None.
        self.awaiting: str | None = None
        self._warning: str | None = None  # the storage warning last printed
        self._noticed: str | None = None  # the last notice printed
        self._staff: str | None = None  # the venue staff's message last printed
        self._noted: set[str] = set()  # the game's terminal notes said already (Game.terminal_notes)
        self._phones_said: Any = None  # the game whose phones' pairing step was said
        #: The player whose phone code was asked for (the daemon's ``phone_links`` answer), or None.
        self.pairing: str | None = None

    @property
    def lang(self) -> str:
        return self.state.get("language") or "en"

    def say(self, text) -> str:
        """``text`` (a :func:`msg`) in the table's language."""
        return render(text, self.lang)

    @property
    def shown(self) -> list[dict[str, Any]]:
        """The choices as numbered on the screen now (1 is the first)."""
        return list(self._shown or [])

    def __call__(self, message: dict[str, Any]) -> None:
        with self.lock:
            kind = message.get("type")
            if kind == "private":
                self._show_private(message)
            elif kind == "phone_links":
                self._show_code(message)
            elif kind != "state":
                super().__call__(message)
            else:
                self._new_state(message)

    def _new_state(self, message: dict[str, Any]) -> None:
        self.state = message
        warning = message.get("storage_warning")
        if warning and warning != self._warning and warning != self._noticed:  # not being saved (issue 26)
            self._print(f"! {warning}")  # once: its notice may have come first (newcomer 19: twice)
        self._warning = warning
        self._staff_message(message.get("staff"))
        if self.private is not None and self.private.get("code"):
            self.hide()  # a phone code on show: the next state (that phone connected) hides it
        elif self.private is not None:
            self._leave_private(message, self.private["player"])
        before = self._last_prompt
        super().__call__(message)
        self._phones_step(message)
        self._choices(message, prompted=self._last_prompt != before)

    def _phones_step(self, message: dict[str, Any]) -> None:
        """Phones on at a game's start: what the table screen's pairing does, said once per
        game (session 21: the terminal said nothing of it); each player's choice under the
        prompt (:func:`to_pair`) shows their code alone, behind a cover."""
        game = message.get("table_game") or {}
        key = (game.get("id"), message.get("game"), tuple(game.get("players") or ()))
        if key == self._phones_said or not to_pair(message):
            return
        self._phones_said = key
        self._print(self.say(msg("Players' phones are on: each player may pair their own phone now, one at a time "
                                 "while the others look away (type the number of their “pair your phone” "
                                 "choice).")))

    def _staff_message(self, staff: dict[str, Any] | None) -> None:
        """A venue table ([mqtt]): staff's message from the dashboard, printed when it comes
        (the table screen's staff banner); said again only once it changed."""
        text = (staff or {}).get("message")
        text = text.strip() if isinstance(text, str) and text.strip() else None
        if text is not None and text != self._staff:
            said = self.say(msg("Staff: {message}", message=text))  # outside the f-string: pybabel sees it
            self._print(f"! {said}")
        self._staff = text

    def _leave_private(self, message: dict[str, Any], player: str) -> None:
        """After ``player``'s private choice: ask again while the prompt is still theirs, else
        hide what was shown."""
        if private_player(message) == player and self.ask_private is not None:
            self._shown = []  # until the answer comes: nothing of the last one can be chosen
            self._asked_again = True  # its question was just printed with the state
            self.awaiting = player
            self.ask_private(player)
            return
        self.hide()

    def hide(self) -> None:
        """Forget what only one player may see; clear a terminal's screen and scrollback."""
        code = (self.private or {}).get("code")
        self.private = None
        self.awaiting = None
        self._shown = None
        if _is_terminal(self.out):
            self._print(CLEAR)
        if code:
            self._print(self.say(msg("{player}'s phone code is hidden again: everyone may look.", player=code)))
        else:
            self._print(self.say(msg("The private choices are hidden again: everyone may look.")))

    def _show_code(self, answer: dict[str, Any]) -> None:
        """The daemon's ``phone_links`` answer: the code of the player asked for alone (the
        table screen's "Ada: scan this with your phone"), then Done hides it."""
        player, self.pairing = self.pairing, None
        link = (answer.get("links") or {}).get(player) if player else None
        if not link:
            return
        from companion.qr import terminal, this_machine_only

        self.private = {"player": player, "code": player}
        self._print(self.say(msg("Everyone else: look away")))
        self._print(self.say(msg("{player}: scan this with your phone", player=player)))
        self._print(link)
        if this_machine_only(link):
            self._print(self.say(msg("This link opens on this computer only ([phones] listen is a loopback "
                                     "address): no phone can open it.")))
        else:
            terminal(link, self.out)
        self._shown = [{"key": HIDE_KEY, "label": self.say(msg("Done"))}]
        self._print_choices(self._shown)

    def hide_and_go_on(self) -> None:
        """``Done`` on a player's secret cards: hide them, then the table's prompt again."""
        with self.lock:
            self.hide()
            self._choices(self.state, prompted=False)

    def _show_private(self, answer: dict[str, Any]) -> None:
        """The daemon's ``private`` answer: what only its player may see, numbered."""
        player = answer.get("player")
        self.private = {"player": player}
        self.awaiting = None
        self._print(self.say(msg("Only {player} looks", player=player)))
        for key, value in (answer.get("view") or {}).items():
            self._print(f"  {view_heading(key, answer.get('headings'))}: {view_text(value)}")
        prompt = answer.get("prompt")
        if not prompt:
            if not answer.get("view"):
                self._print(self.say(msg("Nothing secret to see now.")))
            self._shown = [{"key": HIDE_KEY, "label": self.say(msg("Done"))}]
            self._print_choices(self._shown)
            return
        again, self._asked_again = self._asked_again, False
        if not (again and prompt.get("text") == self._last_prompt):  # not the same question twice
            self._print(prompt.get("text") or "")
        self._shown = list(prompt.get("choices") or [])
        self._print_choices(self._shown)

    def _choices(self, message: dict[str, Any], prompted: bool) -> None:
        """The choices, numbered, under their prompt: the prompt line is printed again when
        it repeats (the same question after news, or with other choices); a new prompt line
        always has its numbers under it (the next player's same die choices, newcomer14)."""
        if self.private is not None:
            return  # the private answer asked again prints them
        choices = self.visible(message)
        if choices == self._shown and not prompted and not message.get("news"):
            return
        self._shown = choices
        if not choices:
            return
        self._terminal_note(message, choices)
        if not prompted:
            self._print_prompt(message)
        self._print_choices(choices)

    def _terminal_note(self, message: dict[str, Any], choices: list[dict[str, Any]]) -> None:
        """The game's note for a choice that a card reader would make more of
        (:attr:`~companion.engine.game.Game.terminal_notes`), once, when no real reader is on."""
        readers = (message.get("hardware") or {}).get("readers") or []
        if any(r.get("online") and not r.get("virtual") for r in readers):
            return
        from companion.engine.registry import GAMES, get_game

        game_id = message.get("game")
        notes = get_game(game_id).terminal_notes if game_id in GAMES else {}
        for choice in choices:
            if choice["key"] in notes and choice["key"] not in self._noted:
                self._noted.add(choice["key"])
                self._print(self.say(notes[choice["key"]]))

    def _print_choices(self, choices: list[dict[str, Any]]) -> None:
        self._print("   " + "   ".join(f"{n}) {c['label']}" for n, c in enumerate(choices, 1)))

    def _print_prompt(self, message: dict[str, Any]) -> None:
        """The prompt's line, where a screen's "touch “Roll the die”" says what to type here:
        "type 1 (“Roll the die”)" (issue 31: nothing is touched in a terminal)."""
        text = self._typed(message["prompt"]["text"], self.visible(message))
        super()._print_prompt({**message, "prompt": {**message["prompt"], "text": text}})

    def _notice(self, message: dict[str, Any]) -> None:
        """A notice, its "touch Done moving" in typing words as the prompt line's (a refusal
        ends with the prompt; a newcomer's report): numbered as the choices on show. Not the
        storage warning printed already with a state, nor that state's after it (newcomer 19:
        printed twice in a row)."""
        if message.get("text") == self._warning:
            return
        self._noticed = message.get("text")
        super()._notice({**message, "text": self._typed(str(message.get("text") or ""), self.shown)})

    def _typed(self, text: str, choices: list[dict[str, Any]]) -> str:
        """``text`` with each "touch BUTTON" of ``choices`` as "type N (“BUTTON”)"."""
        for number, choice in enumerate(choices, 1):
            label = choice["label"]
            # the table's form too (Italian "toccate «…»", issue 29); English has one form
            for touch, typed in ((msg("touch “{button}”", button=label),
                                  msg("type {number} (“{button}”)", number=number, button=label)),
                                 (msg("touch “{button}” (said to the whole table)", button=label),
                                  msg("type {number} (“{button}”) (said to the whole table)", number=number,
                                      button=label))):
                text = text.replace(self.say(touch), self.say(typed))
            # a button named bare ("has no moves left: touch Done moving"), the whole label only;
            # also leading a sentence ("Touch Done moving first: …")
            bare, typed = self.say(msg("touch {button}", button=label)), \
                self.say(msg("type {number} (“{button}”)", number=number, button=label))
            for said, instead in ((bare, typed), (bare[:1].upper() + bare[1:], typed[:1].upper() + typed[1:])):
                text = re.sub(re.escape(said) + r"(?!\w)", lambda _m, instead=instead: instead, text)
        if choices:  # "then touch where you stopped": a place among the numbered choices (newcomer 19 finding 12)
            where, typed = self.say(msg("touch where")), self.say(msg("type the number of the place where"))
            text = re.sub(r"(?<!\w)" + re.escape(where) + r"(?!\w)", lambda _m: typed, text)
        return text

    def visible(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        """What the terminal numbers for ``state``: the public choices, led by the privacy
        choice when the prompt's private choices are somebody's ("Ada: look at your phone"
        while her phone is connected, the state's ``phones``, as the table screen says; typed,
        it still shows them here)."""
        choices = choices_of(state)
        player = private_player(state)
        if player:
            if (state.get("phones") or {}).get(player):  # as the table screen says (newcomer 20 finding 6)
                label = self.say(msg("{player}: look at your phone", player=player))
            else:
                label = self.say(msg("{player}: take the screen, others look away", player=player))
            choices.insert(0, {"key": PRIVACY_KEY, "label": label, "player": player})
        else:  # as the window's "Secret cards": each player who has something of their own to see
            choices += [{"key": PRIVACY_KEY, "player": name,
                         "label": self.say(msg("{player}: secret cards (others look away)", player=name))}
                        for name in state.get("private_players") or []]
        return choices + [{"key": PAIR_KEY, "player": name,
                           "label": self.say(msg("{player}: pair your phone (others look away)", player=name))}
                          for name in to_pair(state)]


def _is_terminal(out: TextIO) -> bool:
    try:
        return out.isatty()
    except (AttributeError, ValueError):
        return False


def to_pair(state: dict[str, Any]) -> list[str]:
    """The players whose phone the terminal offers to pair: phones on for this game (the
    state's ``phones``), at its start (nothing played yet, as the table screen's pairing),
    their phone not connected; in turn order."""
    phones = state.get("phones") or {}
    if not phones or state.get("can_undo") or ((state.get("prompt") or {}).get("over")):
        return []
    order = (state.get("table_game") or {}).get("players") or list(phones)
    return [name for name in order if name in phones and not phones[name]]


def choices_of(state: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The public choices of ``state``'s prompt, in order."""
    return list(((state or {}).get("prompt") or {}).get("choices") or [])


class TerminalTable:
    """Reads touches from ``inp`` and sends them to the daemon at ``socket_path``."""

    def __init__(self, socket_path: str | Path, inp: TextIO = sys.stdin, out: TextIO = sys.stdout):
        self.socket_path = socket_path
        self.inp, self.out = inp, out
        self.client: Client | None = None
        self.view = NumberedView(out, ask_private=self._ask_private)
        self._asked_to_stop = False  # q while inputs are not being saved: asked once
        self._leaving = False  # this table closes the connection: the daemon did not stop
        self._gone_said = threading.Event()  # the daemon stopped, and the terminal said so
        self._waits_on_stdin = False  # run() reads the process's stdin in the main thread
        #: The player whose privacy choice was typed and who has not pressed Enter yet, or None.
        self.covered: str | None = None
        self._code_covered = False  # what the cover hides is that player's phone code

    def run(self) -> int:
        """Play until ``q``, the end of the input or the daemon leaving; returns 0."""
        self._waits_on_stdin = self.inp is sys.stdin and threading.current_thread() is threading.main_thread()
        try:
            with Client(self.socket_path, on_message=self.view).connect() as client:
                self.client = client
                threading.Thread(target=self._watch, args=(client,), name="daemon-watch", daemon=True).start()
                self._say(self.view.say(HELP))
                try:
                    for line in self.inp:
                        if self._gone_said.is_set() or not self.handle(client, line.strip()):
                            break
                finally:
                    with self.view.lock:
                        self._leaving = True
        except DaemonUnavailable as exc:
            self._say_gone(exc)
        return 0

    @property
    def daemon_gone(self) -> bool:
        """The daemon stopped while the terminal played, and the terminal said so."""
        return self._gone_said.is_set()

    def _watch(self, client: Client) -> None:
        """Say that the daemon stopped as soon as it does, not at the next typed line (the
        terminal waits on its input meanwhile); from a thread of its own."""
        if not client.wait_closed() or self._leaving:
            return
        self._say_gone(DaemonUnavailable("closed"))
        with self.view.lock:  # not once run() is leaving: the interrupt would land after it
            if self._waits_on_stdin and not self._leaving:
                # Nothing more can be played: do not wait for a typed line. A real SIGINT to the main
                # thread: its blocking read returns (EINTR) and raises KeyboardInterrupt, which companion
                # play takes as its daemon gone (exit 0); _thread.interrupt_main() is only seen once the
                # read returns.
                signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)

    def _say_gone(self, exc: DaemonUnavailable) -> None:
        """The daemon-stopped line, once (the watcher and a failed send may both come)."""
        with self.view.lock:
            if self._gone_said.is_set():
                return
            self._gone_said.set()
        self._say(self._gone(exc))

    def _gone(self, exc: DaemonUnavailable) -> str:
        """What the terminal says when the daemon does not answer (never the system's error text:
        a newcomer saw "[Errno 32] Broken pipe"): stopped once connected, else no daemon there."""
        if self.client is None:
            return exc.sentence() if isinstance(exc, NoDaemon) else str(exc)
        if (self.client.state or {}).get("storage_warning"):  # issue 26: the game was in memory only
            return self.view.say(msg("The companion stopped: its daemon no longer answers at {socket}. The game "
                                     "was not being saved, so the inputs not saved are lost.",
                                     socket=str(self.socket_path)))
        return self.view.say(msg("The companion stopped: its daemon no longer answers at {socket}. Every input it "
                                 "accepted is kept: run the same command again to go on with the game.",
                                 socket=str(self.socket_path)))

    def _ask_private(self, player: str) -> None:
        """Ask what only ``player`` may see (the answer comes to the view); from the client's
        thread, so sent without waiting for its ack."""
        if self.client is not None:
            self.client.send({"cmd": "private", "player": player})

    def handle(self, client: Client, text: str) -> bool:
        """Act on one typed line; False to stop."""
        if self.covered is not None:
            if self._uncover(client, text):
                return True
        if text.lower() in ("q", "quit", "exit"):  # Caps Lock on, or a capital by habit
            return self._stop_unsaved(client)
        self._asked_to_stop = False
        if not text:
            return True
        problem = self._command(client, text)
        if problem:  # the daemon's refusals come as notices, printed by the view
            self._say(f"  ! {problem[:1].upper()}{problem[1:]}")  # "no card ..." is a sentence here (newcomer 16)
        return True

    def _cover(self, player: str, code: bool = False) -> None:
        """The window's "Only Bo looks — tap to show" (newcomer 19 finding 2: a number typed on
        Ada's turn printed Bo's secret cards at once): nothing is asked until ``player`` presses
        Enter. ``code``: what is shown is their phone's code (their seat's link)."""
        self.covered, self._code_covered = player, code
        if code:
            self._say(self.view.say(msg("Only {player} looks: {player}, press Enter to show your phone's code; "
                                        "anything else typed keeps it hidden.", player=player)))
            return
        self._say(self.view.say(msg("Only {player} looks: {player}, press Enter to show what only you may see; "
                                    "anything else typed keeps it hidden.", player=player)))

    def _uncover(self, client: Client, text: str) -> bool:
        """The line typed at the cover: Enter asks what only that player may see, or their
        phone's link (the ``phone_links`` answer comes to this client only, never broadcast)
        (True: the line is used up); anything else shows nothing and is then taken as usual
        (False)."""
        player, self.covered = self.covered, None
        if not text:
            if self._code_covered:
                self.view.pairing = player
                client.request({"cmd": "phone_links"})
            else:
                client.request({"cmd": "private", "player": player})
            return True
        self._say(self.view.say(msg("Nothing was shown: what only {player} may see stays hidden.", player=player)))
        return not self._usable(text)  # a line that is no input ("x") has had its one line (newcomer20)

    def _usable(self, text: str) -> bool:
        """Whether ``text`` is an input the table takes now (a choice's number, u, tap, q), not
        one :meth:`_command` would only refuse as "not a choice"."""
        lowered = text.lower()
        if lowered in ("q", "quit", "exit", "u", "undo", "tap") or lowered.startswith("tap "):
            return True
        return text.isdigit() and 1 <= int(text) <= len(self.view.shown)

    def _stop_unsaved(self, client: Client) -> bool:
        """``q``: stop (False), but while the game is not being saved ask first (issue 26)."""
        if not (client.state or {}).get("storage_warning") or self._asked_to_stop:
            return False
        self._asked_to_stop = True
        self._say(self.view.say(msg("The game is not being saved: if you stop now, the inputs not saved are "
                                    "lost. Type q again to stop anyway, or play on.")))
        return True

    def _command(self, client: Client, text: str) -> str | None:
        """Send what ``text`` asks for; returns a problem found before sending, if any."""
        revision = (client.state or {}).get("revision")
        if text.lower() in ("u", "undo"):
            client.undo(revision)
            return None
        if text.lower() == "tap" or text.lower().startswith("tap "):
            return self._tap(client, text[4:].strip())
        choices = self.view.shown
        if not choices and self.view.awaiting:  # typed before the private answer asked again came
            return self.view.say(msg("{player}'s next choices are on their way: type your choice again once they "
                                     "are shown.", player=self.view.awaiting))
        if not (text.isdigit() and 1 <= int(text) <= len(choices)):
            return self.view.say(not_a_choice(text, len(choices)))
        choice = choices[int(text) - 1]
        if choice["key"] in (PRIVACY_KEY, PAIR_KEY):
            self._cover(choice["player"], code=choice["key"] == PAIR_KEY)
            return None
        if choice["key"] == HIDE_KEY:
            self.view.hide_and_go_on()
            return None
        client.choose(choice["key"], revision)
        return None

    def _tap(self, client: Client, card: str) -> str | None:
        """``tap CARD``: a virtual tap, as ``companion tap``."""
        if not card:
            return self.view.say(msg("Say which card: tap CARD (for example tap {example}).",
                                     example=_example_card(client.state)))
        from companion.tapping import tap_message

        message = tap_message(_unquoted(card), None, client.state or {})
        if isinstance(message, str):
            return message
        client.request(message, 20.0)
        return None

    def _say(self, text: str) -> None:
        with self.view.lock:
            print(text, file=self.out, flush=True)


#: The quotes a card name may be typed between, as in the README's ``companion tap "Ghost card room H"``.
_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»"}


def _unquoted(card: str) -> str:
    """``card`` without the quotes around it (newcomer 16: ``tap "Teddy Bear"`` in the terminal
    found no card '"Teddy Bear"'; the shell takes them away from ``companion tap``)."""
    if len(card) >= 2 and _QUOTES.get(card[0]) == card[-1]:
        return card[1:-1].strip()
    return card


def not_a_choice(text: str, count: int):
    """What the terminal says to a typed line that is no choice (issue: it only repeated the help)."""
    if count == 0:
        return msg("There is nothing to choose now: type u to undo, tap CARD to tap a card, or q to stop.")
    if text.isdigit():
        if count == 1:
            return msg("There is no choice {number}: choose 1.", number=int(text))
        if count == 2:
            return msg("There is no choice {number}: choose 1 or 2.", number=int(text))
        return msg("There is no choice {number}: choose 1 to {count}.", number=int(text), count=count)
    if count == 1:
        return msg("“{text}” is not a choice: type 1, u to undo, tap CARD to tap a card, or q to stop.",
                   text=text[:40])
    if count == 2:
        return msg("“{text}” is not a choice: type 1 or 2, u to undo, tap CARD to tap a card, or q to stop.",
                   text=text[:40])
    return msg("“{text}” is not a choice: type a choice's number (1 to {count}), u to undo, tap CARD to tap "
               "a card, or q to stop.", text=text[:40], count=count)


def _example_card(state: dict[str, Any] | None) -> str:
    """A card the prompt would take now (the daemon's ``tap_components``), else a card of the
    game on the table (newcomer trial: a House of Spirits prompt that takes no card gave a
    Creepy Cellar card), else one of the demo's."""
    from companion import card_names
    from companion.engine import all_games

    components = (state or {}).get("tap_components") or []
    if components:
        return components[0]["component"]
    game = (state or {}).get("game")
    listed = card_names.listing(game) if game in all_games() else []
    return listed[0][0] if listed else "creepy_cellar:ghost:room-H"
