"""Reading and writing sizes and durations the way users type and read them."""

from __future__ import annotations

import math
import re

from autoshard.errors import UserError

_UNITS = {"": 1, "b": 1, "k": 10**3, "kb": 10**3, "m": 10**6, "mb": 10**6, "g": 10**9, "gb": 10**9, "t": 10**12,
          "tb": 10**12, "kib": 2**10, "mib": 2**20, "gib": 2**30, "tib": 2**40}


def parse_bytes(text: str) -> int:
    """`16GiB`, `8e9`, `512MB` -> bytes."""
    m = re.fullmatch(r"\s*([0-9.]+(?:[eE][+-]?\d+)?)\s*([A-Za-z]*)\s*", text)
    if not m or m.group(2).lower() not in _UNITS:
        raise UserError(f"cannot read memory size '{text}'; use e.g. 16GiB, 512MB or 8e9")
    value = float(m.group(1)) * _UNITS[m.group(2).lower()]
    if value <= 0:
        raise UserError(f"memory size '{text}' must be positive")
    return int(value)


def fmt_bytes(n: float) -> str:
    """1536 -> '1.50 KiB'."""
    for unit, size in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if abs(n) >= size:
            return f"{n / size:.2f} {unit}"
    return f"{int(n)} B"


#: Time units from largest to smallest: (name, seconds, decimals shown).
_TIME_UNITS = (("s", 1.0, 3), ("ms", 1e-3, 3), ("us", 1e-6, 1), ("ns", 1e-9, 1))


def fmt_time(s: float) -> str:
    """Seconds in the largest unit that shows them as at least 1: `5.745 ms`, `352.2 us`, `22.7 ns`, `0 s`."""
    if s == 0 or not math.isfinite(s):
        return f"{s:g} s"
    for unit, scale, decimals in _TIME_UNITS:
        if round(abs(s) / scale, decimals) >= 1:
            return f"{s / scale:.{decimals}f} {unit}"
    return f"{s / 1e-9:.2g} ns"


def fmt_percent(fraction: float) -> str:
    """A fraction such as a solver's gap as a percentage that never rounds a nonzero value to zero: `0%`,
    `< 0.01%`, `1.23%`; `n/a` for NaN."""
    if math.isnan(fraction):
        return "n/a"
    if fraction == 0:
        return "0%"
    if 0 < fraction < 1e-4:
        return "< 0.01%"
    return f"{fraction:.2%}"
