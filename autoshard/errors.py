"""User-facing errors: one clear line, optionally with a `file:line:col` location."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    """A position in a user's input file (1-based line and column)."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class UserError(Exception):
    """An error caused by the user's input or options. The CLI prints it as one line and exits non-zero."""

    exit_code = 1

    def __init__(self, message: str, location: Location | None = None):
        super().__init__(message)
        self.message = message
        self.location = location

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message


class VerificationError(UserError):
    """The IR parsed but breaks a dialect rule (the message names the op and the rule)."""


class InfeasibleError(UserError):
    """The planner proved no plan satisfies the constraints; the message says which ones conflict. Where memory is
    the conflict, `needed_bytes` is the per-device memory a plan needs against `budget_bytes` (a proven least when
    `needed_proven`, else the best plan found), and `remedies` what would make one fit, in the user's terms."""

    def __init__(self, message: str, location: Location | None = None, needed_bytes: float | None = None,
                 budget_bytes: float | None = None, remedies: tuple[str, ...] = (), needed_proven: bool = False):
        super().__init__(message, location)
        self.needed_bytes = needed_bytes
        self.needed_proven = needed_proven
        self.budget_bytes = budget_bytes
        self.remedies = tuple(remedies)


class MissingExtraError(UserError):
    """An optional dependency (the `[xla]` extra) is needed for this command."""

    exit_code = 2
