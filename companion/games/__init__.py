"""One sub-package per game; each exposes ``SPEC``, a :class:`companion.engine.Game`."""
