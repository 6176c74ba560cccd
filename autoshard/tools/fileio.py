"""Reading user files and writing outputs atomically, with one-line errors."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from autoshard.errors import UserError


def read_text(path: str | os.PathLike) -> str:
    """Read a user's input file (`-` for stdin), raising `UserError` for a missing or unreadable file."""
    if str(path) == "-":
        return sys.stdin.read()
    p = Path(path)
    if not p.exists():
        raise UserError(f"{p}: no such file")
    if p.is_dir():
        raise UserError(f"{p}: is a directory, expected a file")
    try:
        return p.read_text()
    except UnicodeDecodeError:
        raise UserError(f"{p}: not a UTF-8 text file") from None
    except OSError as e:
        raise UserError(f"{p}: cannot read: {e.strerror}") from None


def write_text_atomic(path: str | os.PathLike, text: str, protect: tuple[str | os.PathLike, ...] = ()) -> None:
    """Write `text` to `path` via a temporary file and rename, refusing to overwrite any `protect` path.

    `path` of `-` writes to stdout. The user's inputs are passed as `protect` so they are never overwritten.
    """
    if str(path) == "-":
        sys.stdout.write(text)
        return
    p = Path(path)
    for q in protect:
        if str(q) != "-" and Path(q).exists() and p.exists() and p.resolve() == Path(q).resolve():
            raise UserError(f"{p}: refusing to overwrite the input file; choose another output path")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"{p}: cannot write: directory {parent} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=parent)
    except OSError as e:
        raise UserError(f"{p}: cannot write: {e.strerror}") from None
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, p)
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        raise UserError(f"{p}: cannot write: {e.strerror}") from None
