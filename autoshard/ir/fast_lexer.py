"""xDSL's MLIR lexer with one regular expression per token for the common tokens.

`FastMLIRLexer` yields exactly the tokens (kinds and spans) of xDSL's `MLIRLexer`: identifiers, plain numbers,
punctuation and strings without escapes are matched by one regular expression; anything else (escaped strings,
`@"..."`, non-ASCII letters or digits, a stray `.`, the end of the input, bad characters and their errors) is
left to xDSL's own `lex` from the same position. `FastLexingParser` reads with it, and matches punctuation,
keywords and spellings against the current token without the property lookups of xDSL's generic versions (same
results, same errors).
"""

from __future__ import annotations

import dataclasses
import re

from xdsl.context import Context
from xdsl.parser import Parser
from xdsl.parser.generic_parser import ParserState
from xdsl.utils.lexer import Input, Span, Token
from xdsl.utils.mlir_lexer import (
    KIND_BY_PUNCTUATION_SPELLING, MLIRLexer, MLIRToken, MLIRTokenKind, PunctuationSpelling, StringLiteral,
)

_SUFFIX_ID = r"(?:[0-9]+|[a-zA-Z$._-][a-zA-Z0-9$._-]*)"

#: Whitespace and `//` comments (atomic: never given back to a token), then one token in a group named after
#: its kind; `punct` tokens take their kind from their spelling.
_TOKEN = re.compile(
    r"(?>(?:[ \t\n\r\f\v]+|//[^\n]*)*)(?:"
    r"(?P<BARE_IDENT>[a-zA-Z_][a-zA-Z0-9_$.]*)"
    rf"|(?P<PERCENT_IDENT>%{_SUFFIX_ID})"
    r"|(?P<FILE_METADATA_END>\#-\})"
    rf"|(?P<HASH_IDENT>\#{_SUFFIX_ID})"
    rf"|(?P<EXCLAMATION_IDENT>!{_SUFFIX_ID})"
    rf"|(?P<CARET_IDENT>\^{_SUFFIX_ID})"
    r"|(?P<AT_IDENT>@[a-zA-Z_][a-zA-Z0-9_$.]*)"
    r"|(?P<HEX>0x[0-9a-fA-F]+)"
    r"|(?P<FLOAT_LIT>[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?)"
    r"|(?P<INTEGER_LIT>[0-9]+)"
    r'|(?P<STRING_LIT>"[^"\\\n\v\f]*")'
    r"|(?P<punct>->|\{-\#|\.\.\.|[:,(){}\[\]<>=+\-/*?|])"
    r")"
)

_KIND_OF_GROUP = {name: MLIRTokenKind[name] for name in _TOKEN.groupindex if name not in ("HEX", "punct")}
_KIND_OF_GROUP["HEX"] = MLIRTokenKind.INTEGER_LIT


#: Span's fields as this module builds them (`_span`); checked once, since a Span built another way would miss one.
_SPAN_FIELDS = ("start", "end", "input", "line_offset")
_SPAN_BUILT_DIRECTLY = (tuple(f.name for f in dataclasses.fields(Span)) == _SPAN_FIELDS
                        and not hasattr(Span, "__post_init__") and "__slots__" not in Span.__dict__)


def _span(start: int, end: int, input: Input[str]) -> Span[str]:
    """`Span(start, end, input)`, without the frozen dataclass's `object.__setattr__` per field (a span per
    token is most of the lexer's allocation)."""
    if not _SPAN_BUILT_DIRECTLY:
        return Span(start, end, input)
    span = object.__new__(Span)
    fields = span.__dict__
    fields["start"] = start
    fields["end"] = end
    fields["input"] = input
    fields["line_offset"] = 0
    return span


class FastMLIRLexer(MLIRLexer):
    """`MLIRLexer` with its common tokens matched by one regular expression (same tokens, same errors)."""

    def lex(self) -> MLIRToken:
        match = _TOKEN.match(self.input.content, self.pos)
        if match is None:
            return super().lex()
        group = match.lastgroup
        start, end = match.span(group)
        self.pos = end
        if group == "punct":
            return Token(KIND_BY_PUNCTUATION_SPELLING[match.group(group)], _span(start, end, self.input))
        if group == "STRING_LIT":
            return Token(MLIRTokenKind.STRING_LIT, StringLiteral(start, end, self.input))
        return Token(_KIND_OF_GROUP[group], _span(start, end, self.input))


class FastLexingParser(Parser):
    """xDSL's parser reading its input with `FastMLIRLexer`, and consuming tokens without property lookups."""

    def __init__(self, ctx: Context, input: str | bytes, name: str = "<unknown>"):
        super().__init__(ctx, input, name)
        self._parser_state = ParserState(FastMLIRLexer(Input(self.lexer.input.content, name)))

    def _consume_token(self, expected_kind: MLIRTokenKind | None = None) -> MLIRToken:
        state = self._parser_state
        consumed = state.current_token
        assert expected_kind is None or consumed.kind == expected_kind, (
            f"Unexpected token {consumed}, expected {expected_kind}"
        )
        state.current_token = state.lexer.lex()
        return consumed

    def _parse_optional_token(self, expected_kind: MLIRTokenKind) -> MLIRToken | None:
        state = self._parser_state
        consumed = state.current_token
        if consumed.kind != expected_kind:
            return None
        state.current_token = state.lexer.lex()
        return consumed

    def parse_optional_punctuation(self, punctuation: PunctuationSpelling) -> PunctuationSpelling | None:
        kind = KIND_BY_PUNCTUATION_SPELLING.get(punctuation)
        assert kind is not None, "'parse_optional_punctuation' must be called with a valid punctuation"
        state = self._parser_state
        if state.current_token.kind is not kind:
            return None
        state.current_token = state.lexer.lex()
        return punctuation

    def parse_punctuation(self, punctuation: PunctuationSpelling, context_msg: str = "") -> PunctuationSpelling:
        kind = KIND_BY_PUNCTUATION_SPELLING.get(punctuation)
        assert kind is not None, "'parse_punctuation' must be called with a valid punctuation"
        state = self._parser_state
        if state.current_token.kind is not kind:
            self.raise_error(f"Expected '{punctuation}'" + context_msg, state.current_token.span)
        state.current_token = state.lexer.lex()
        return punctuation

    def parse_optional_characters(self, text: str) -> str | None:
        state = self._parser_state
        span = state.current_token.span
        if span.input.content[span.start:span.end] != text:
            return None
        state.current_token = state.lexer.lex()
        return text

    def parse_optional_keyword(self, keyword: str) -> str | None:
        state = self._parser_state
        token = state.current_token
        span = token.span
        if token.kind is not MLIRTokenKind.BARE_IDENT or span.input.content[span.start:span.end] != keyword:
            return None
        state.current_token = state.lexer.lex()
        return keyword
