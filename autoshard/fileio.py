"""Reading user files and writing outputs atomically, with one-line errors."""

from __future__ import annotations

import errno
import os
import secrets
import sys
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


#: Permissions of written files before the umask applies (0644 under the usual umask 022), as `open()` gives.
NEW_FILE_MODE = 0o666
#: Attempts at a fresh temporary name next to the output before giving up.
_TEMP_NAME_ATTEMPTS = 100


def _create_temp_file(parent: Path, name: str) -> tuple[int, Path]:
    """A new file `.NAME.XXXXXXXX.tmp` in `parent` opened for writing, with `NEW_FILE_MODE` under the umask
    (unlike `tempfile.mkstemp`, which makes it 0600)."""
    for _ in range(_TEMP_NAME_ATTEMPTS):
        tmp = parent / f".{name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, NEW_FILE_MODE), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary file name")


def write_text_atomic(path: str | os.PathLike, text: str, protect: tuple[str | os.PathLike, ...] = (),
                      *, make_parents: bool = False) -> None:
    """Write `text` to `path` via a temporary file and rename, refusing to overwrite any `protect` path.

    `path` of `-` writes to stdout. The user's inputs are passed as `protect` so they are never overwritten.
    The file gets mode 0666 less the umask (0644 usually), as a file made by `open()` would. `make_parents`
    creates missing parent directories; otherwise a missing one is an error.
    """
    if str(path) == "-":
        sys.stdout.write(text)
        return
    p = Path(path)
    for q in protect:
        if str(q) != "-" and Path(q).exists() and p.exists() and p.resolve() == Path(q).resolve():
            raise UserError(f"{p}: refusing to overwrite the input file; choose another output path")
    parent = p.parent if str(p.parent) else Path(".")
    if make_parents:
        make_directory(parent, f"{p}: cannot write")
    if not parent.is_dir():
        raise UserError(f"{p}: cannot write: directory {parent} does not exist")
    try:
        fd, tmp = _create_temp_file(parent, p.name)
    except OSError as e:
        raise UserError(f"{p}: cannot write: {e.strerror}") from None
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, p)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise UserError(f"{p}: cannot write: {e.strerror}") from None


def make_directory(directory: str | os.PathLike, what: str) -> None:
    """Create `directory` and its missing parents (nothing if it exists); `UserError` starting with `what` if
    it cannot be made (a file is in the way, no permission)."""
    d = Path(directory)
    try:
        d.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UserError(f"{what}: {d} exists and is not a directory") from None
    except OSError as e:
        raise UserError(f"{what}: cannot create directory {d}: {e.strerror}") from None
