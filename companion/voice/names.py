"""The voice's names that its settings are checked against, with nothing to import: the
daemon parses ``[voice]`` without loading the speech parts (tests/test_daemon_imports.py)."""

#: The speech engines ``[voice] engine`` and ``--engine`` take.
ENGINES = ("espeak-ng", "piper", "test")

#: Player commands in the order ``auto`` tries them, each reading a WAV on its standard input.
PLAYERS = {
    "pw-play": ["pw-play", "-"],
    "paplay": ["paplay"],
    "aplay": ["aplay", "-q", "-"],
}
