"""The cost model's one error type: bad profile data or arguments, with an optional `file:line:col`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SourceLocation:
    """A position in a profile file (1-based line and column)."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class CostModelError(Exception):
    """Invalid cost-model input (a profile, a link, an axis, an element type): `message`, and where it is when it
    comes from a file. Callers that face users turn it into their own one-line error."""

    def __init__(self, message: str, location: SourceLocation | None = None):
        super().__init__(message)
        self.message = message
        self.location = location

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message
