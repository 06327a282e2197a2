"""The session: one game in progress, turning table inputs into actions against its prompt.

* :mod:`.core`: :class:`Session`, which keeps the game's state and coordinates the parts.
"""

from companion.session.core import DEFAULT_HOLD_TIME, OutdatedGame, Reply, Session

__all__ = ["DEFAULT_HOLD_TIME", "OutdatedGame", "Reply", "Session"]
