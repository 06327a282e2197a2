"""A tiny stdlib PNG reader (8-bit RGB/RGBA, not interlaced: what Kivy's screenshots are).

Enough to check a screenshot's size and sample its pixels without PIL.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass
class Png:
    """Decoded pixels: ``rows[y]`` is the y-th row from the TOP, ``channels`` bytes a pixel."""

    width: int
    height: int
    channels: int
    rows: list[bytes]

    def pixel(self, x: int, y: int) -> tuple[int, ...]:
        """RGB(A) at column ``x``, row ``y`` from the top (0–255 each)."""
        row = self.rows[y]
        return tuple(row[x * self.channels:(x + 1) * self.channels])


def size(path: str | Path) -> tuple[int, int]:
    """Width and height from the IHDR chunk, without decoding."""
    data = Path(path).read_bytes()[:24]
    if data[:8] != SIGNATURE:
        raise ValueError(f"{path} is not a PNG")
    return struct.unpack(">II", data[16:24])


def read(path: str | Path) -> Png:
    """Decode the PNG at ``path``.

    Raises:
        ValueError: not a PNG this reader handles.
    """
    data = Path(path).read_bytes()
    if data[:8] != SIGNATURE:
        raise ValueError(f"{path} is not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    return Png(width, height, channels, _unfilter(raw, width * channels, height, channels))


def _unfilter(raw: bytes, stride: int, height: int, bpp: int) -> list[bytes]:
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 0:  # no filter: the common case, fast
            rows.append(bytes(line))
            previous = line
            continue
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            corner = previous[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + _predict(kind, left, up, corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return rows


def _predict(kind: int, left: int, up: int, corner: int) -> int:
    if kind == 0:
        return 0
    if kind == 1:
        return left
    if kind == 2:
        return up
    if kind == 3:
        return (left + up) // 2
    if kind == 4:
        p = left + up - corner
        pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
        if pa <= pb and pa <= pc:
            return left
        return up if pb <= pc else corner
    raise ValueError(f"bad PNG filter {kind}")
