"""Hardware errors: one root, each leaf also a builtin (house style 9)."""


class HardwareError(Exception):
    """Root of every hardware error."""


class ReaderUnavailable(HardwareError, OSError):
    """A reader cannot be opened or stopped answering."""


class TagMemoryError(HardwareError, OSError):
    """A tag's memory could not be read or written (moved away, locked, not an NTAG)."""


class TagMemoryUnsupported(HardwareError, NotImplementedError):
    """This reader cannot read or write tag memory (only UIDs)."""
