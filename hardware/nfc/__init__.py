"""NFC readers: a small base class per reader, one runner owning debounce and removal."""

from hardware.nfc.base import PresenceEvent, Reader, TagPresented, TagRemoved

__all__ = ["PresenceEvent", "Reader", "TagPresented", "TagRemoved"]
