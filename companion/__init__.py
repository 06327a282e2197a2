"""Haunt Companion: the daemon, session, event store and rules engines.

Nothing here imports Kivy or chip libraries; ``import companion`` works on any machine.
"""

__version__ = "0.1.0"
