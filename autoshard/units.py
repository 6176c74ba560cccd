"""Reading and writing sizes and durations the way users type and read them."""

from __future__ import annotations

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


def fmt_time(s: float) -> str:
    """Seconds with a readable unit."""
    if s >= 1:
        return f"{s:.3f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.3f} ms"
    return f"{s * 1e6:.1f} us"
