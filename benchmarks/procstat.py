"""CPU time of a process and of each of its threads, read from ``/proc`` (Linux)."""

from __future__ import annotations

import os
from pathlib import Path


def _stat_seconds(stat: Path) -> float:
    """User plus system CPU seconds in a ``/proc/…/stat`` file (a process's or a thread's)."""
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int | str) -> float:
    """CPU seconds process ``pid`` (or ``"self"``) has used, all its threads together."""
    return _stat_seconds(Path(f"/proc/{pid}/stat"))


def thread_cpu_seconds(pid: int | str) -> dict[str, float]:
    """CPU seconds of each thread of process ``pid`` (or ``"self"``), summed by thread name
    (Mesa's rasterizer threads ``llvmpipe-0``, ``llvmpipe-1`` … as ``llvmpipe``; the Kivy
    main thread has the program's name)."""
    total: dict[str, float] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip().rstrip("0123456789-")
            seconds = _stat_seconds(task / "stat")
        except FileNotFoundError:  # the thread ended meanwhile
            continue
        total[name] = total.get(name, 0.0) + seconds
    return total


def thread_cpu_since(pid: int | str, before: dict[str, float]) -> dict[str, float]:
    """CPU seconds of each thread of ``pid`` since ``before`` (a :func:`thread_cpu_seconds`)."""
    return {name: seconds - before.get(name, 0.0) for name, seconds in thread_cpu_seconds(pid).items()}
