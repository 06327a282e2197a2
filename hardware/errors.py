"""Hardware errors: one root, each leaf also a builtin (house style 9)."""


class HardwareError(Exception):
    """Root of every hardware error."""


class ReaderUnavailable(HardwareError, OSError):
    """A reader cannot be opened or stopped answering."""
