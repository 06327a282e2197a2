"""The screens: ``waiting`` (no daemon), ``lobby`` (no game) and ``table`` (a game).

Each is a ``Screen`` subclass in ``ui/screens/<name>.py`` with its rules in
``ui/kv/<name>.kv``, loaded when the screen is first made.
"""
