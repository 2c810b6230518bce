"""The process's memory: its resident size (RSS) as the kernel counts it, what ``bench --memory``
and its slow test read (Linux's ``/proc/<pid>/status``; None where there is no such file); and the
C allocator's free memory given back to the system (``give_back``), which the window does at each
new match."""

from __future__ import annotations

import ctypes
import gc
import logging

log = logging.getLogger(__name__)

MB = 1 << 20
_UNKNOWN = object()
_trim = _UNKNOWN  # glibc's malloc_trim, None where there is none


def rss_mb(pid: int | str = "self") -> float | None:
    """``VmRSS`` of process ``pid`` in MB (2**20 bytes); None when it cannot be read (no /proc, a
    process gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024 / MB
    except (OSError, ValueError, IndexError):
        return None
    return None


def give_back() -> bool:
    """Collect the garbage (``gc.collect``: what a match leaves in reference cycles, the widgets'
    surfaces among them, waits otherwise for the collector's rare full pass), then give the C
    allocator's free memory back to the system (glibc's ``malloc_trim(0)``). Tens of milliseconds:
    done where nothing moves (a match's result, a new match). False where the allocator has no
    such call (another C library, another system): the garbage is collected all the same.

    glibc keeps what is freed in its arenas for the next allocations and gives back only what lies
    at the top of each: between two matches the window held 50 to 100 MB that nothing used, so
    that its RSS moved by that much from one match to the next whatever it really kept (issue 24)."""
    global _trim
    gc.collect()
    if _trim is _UNKNOWN:
        try:
            _trim = ctypes.CDLL(None).malloc_trim
            _trim.argtypes, _trim.restype = [ctypes.c_size_t], ctypes.c_int
        except (OSError, AttributeError, TypeError):
            _trim = None
            log.info("no malloc_trim here: freed memory stays with the allocator")
    if _trim is None:
        return False
    _trim(0)
    return True
