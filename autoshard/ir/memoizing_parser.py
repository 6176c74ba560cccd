"""A parser that reads the text of repeated types and dense constants once."""

from __future__ import annotations

import re
from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import FunctionType, TypeAttribute
from xdsl.ir import Attribute
from xdsl.utils.mlir_lexer import MLIRTokenKind

from autoshard.ir.mlir_parser import MlirParser


class MemoizingParser(MlirParser):
    """xDSL's parser with the text of types and dense constants memoized.

    Exported programs repeat a few hundred distinct types (`tensor<8x16xf32>`, `(tensor<..>, ..) -> tensor<..>`)
    and splat constants (`dense<0.0> : tensor<f32>`) hundreds of thousands of times; re-lexing each occurrence was
    about half of parse time. Text with no alias, string or nested dialect syntax is looked up and the lexer jumps
    past it; anything else takes xDSL's path unchanged. Attributes are immutable, so sharing them is safe.
    """

    _MEMO_TYPE_NAMES = frozenset(("tensor", "vector", "memref", "complex", "tuple"))

    def __init__(self, ctx: Context, text: str, name: str = "<unknown>"):
        super().__init__(ctx, text, name)
        self._memo: dict[str, Attribute] = {}
        self._text = text

    def _memoized(self, end: int, parse: Callable[[], Attribute | None]) -> Attribute | None:
        """The attribute spelled by the text from the current token to `end` (-1: not memoizable)."""
        if end < 0:
            return parse()
        start = self._current_token.span.start
        key = self._text[start:end]
        cached = self._memo.get(key)
        if cached is not None:
            self._resume_from(end)
            return cached
        parsed = parse()
        after = self._current_token.span.start
        if parsed is not None and after >= end and not self._text[end:after].strip():
            self._memo[key] = parsed
        return parsed

    def _parse_optional_builtin_parametrized_type(self) -> TypeAttribute | None:  # type: ignore[override]
        token = self._current_token
        if token.kind != MLIRTokenKind.BARE_IDENT or token.text not in self._MEMO_TYPE_NAMES:
            return super()._parse_optional_builtin_parametrized_type()
        end = _closing_end(self._text, token.span.end, "<", ">")
        return self._memoized(end, super()._parse_optional_builtin_parametrized_type)  # type: ignore[return-value]

    def parse_optional_function_type(self) -> FunctionType | None:  # type: ignore[override]
        token = self._current_token
        if token.kind != MLIRTokenKind.L_PAREN:
            return None
        end = _function_type_end(self._text, token.span.start)
        return self._memoized(end, super().parse_optional_function_type)  # type: ignore[return-value]

    def parse_optional_attribute(self) -> Attribute | None:  # type: ignore[override]
        token = self._current_token
        if token.kind != MLIRTokenKind.BARE_IDENT or token.text != "dense":
            return super().parse_optional_attribute()
        end = _closing_end(self._text, token.span.end, "<", ">", strings=True, limit=256)
        if end >= 0:
            end = _typed_suffix_end(self._text, end)
        return self._memoized(end, super().parse_optional_attribute)


_PLAIN_STOP = frozenset('#!"\n{')


def _closing_end(text: str, pos: int, open_c: str, close_c: str, strings: bool = False, limit: int = 512) -> int:
    """Offset just past the `close_c` matching the `open_c` at `pos`; -1 when absent or not plain text."""
    if pos >= len(text) or text[pos] != open_c:
        return -1
    depth, i, stop = 0, pos, min(len(text), pos + limit)
    while i < stop:
        c = text[i]
        if c == open_c:
            depth += 1
        elif c == close_c:
            depth -= 1
            if depth == 0:
                return i + 1
        elif c == '"' and strings:
            close = text.find('"', i + 1, stop)
            if close < 0 or "\\" in text[i:close]:
                return -1
            i = close
        elif c in _PLAIN_STOP:
            return -1  # aliases, dialect attributes, strings, line breaks: parse normally
        i += 1
    return -1


def _type_end(text: str, pos: int) -> int:
    """End of a plain type spelled at `pos` (`tensor<..>`, `f32`, `i1`, or a parenthesized list); -1 if unsure."""
    if text.startswith("(", pos):
        return _closing_end(text, pos, "(", ")")
    match = _SIMPLE_TYPE.match(text, pos)
    if match is None:
        return -1
    if match.group(0) in MemoizingParser._MEMO_TYPE_NAMES:
        return _closing_end(text, match.end(), "<", ">")
    return match.end()


_SIMPLE_TYPE = re.compile(r"[a-z][a-z0-9_]*")


def _function_type_end(text: str, pos: int) -> int:
    """End of `(types) -> type-or-(types)` starting at `pos`; -1 if unsure."""
    inputs_end = _closing_end(text, pos, "(", ")")
    if inputs_end < 0 or not text.startswith(" -> ", inputs_end):
        return -1
    return _type_end(text, inputs_end + 4)


def _typed_suffix_end(text: str, pos: int) -> int:
    """End of ` : type` after a dense literal ending at `pos`; -1 if the literal is not followed by one."""
    if not text.startswith(" : ", pos):
        return -1
    return _type_end(text, pos + 3)
