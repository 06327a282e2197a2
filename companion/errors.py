"""The companion's exceptions: one root, each leaf also a builtin (house style 9)."""


class CompanionError(Exception):
    """Root of every error the companion raises on purpose."""


class UnusablePath(CompanionError):
    """A path the command was given (or its default) cannot be used: a directory or a text
    file where a store goes, another program's database, a folder this user cannot write, a
    store or socket another companion holds. Nothing was changed. The ``companion`` command
    exits 2 (``cli.common.EXIT_BAD_PATH``), as for a usage error; each leaf also inherits its
    own kind (:class:`companion.paths.PathRefused`, :class:`companion.store.NotOurs`...)."""


class RuleViolation(CompanionError, ValueError):
    """An action the rules (or the current prompt) do not allow.

    The message is a sentence a player at the table understands.
    """


class OptionError(CompanionError, ValueError):
    """A game option or house rule that does not exist or has a bad value."""


class StackError(CompanionError, LookupError):
    """A forced outcome (a script's ``stack``) that is impossible at the moment it is drawn."""


class BrokenStep(CompanionError, LookupError):
    """A value a game's step promises is there (:func:`companion.engine.present.present`)
    is missing: a defect in the rules, never a player's input. A ``LookupError``, so a stored
    log that reaches such a state under newer rules is reported outdated (kept read-only) by
    :meth:`companion.session.Session.resume`, like any other log that no longer replays."""


class ScriptError(CompanionError, ValueError):
    """A malformed table script line. ``line`` is 1-based."""

    #: Longest message, in characters: a hostile line may quote a 100 kB value.
    MAX_MESSAGE = 500

    def __init__(self, line: int, message: str):
        if len(message) > self.MAX_MESSAGE:
            message = message[:self.MAX_MESSAGE - 1] + "…"
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


class StoreError(CompanionError, OSError):
    """The event store cannot be opened, read or written."""


class ReplayFailed(CompanionError, RuntimeError):
    """A replay stopped at a line (a forced outcome that is impossible, a store failure)."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line


class StoreFailedMidway(ReplayFailed):
    """A replay with a store stopped because the store refused a line's input (a full disk):
    ``full`` says whether the disk is full; ``saved_through`` is the last script line the
    store holds (the line a rerun resumes after), or None when it holds none of the game."""

    def __init__(self, line: int, message: str, full: bool, saved_through: int | None):
        super().__init__(line, message)
        self.reason, self.full, self.saved_through = message, full, saved_through


class LineRefused(ReplayFailed):
    """A strict replay stopped at a line the game refused and the script did not expect to be
    refused (its ``"expect": "refused"``), or at one it expected to be refused that the game
    took. ``bad_script``: the line touches a choice that is no choice now, the choices of its
    kind being others (``move:Q`` while ``move:A`` ... are offered)."""

    def __init__(self, line: int, message: str, bad_script: bool = False):
        super().__init__(line, message)
        self.bad_script = bad_script
