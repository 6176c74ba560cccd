"""FastMLIRLexer yields exactly xDSL's tokens (kinds, spans, span classes) and errors, on the zoo and on the
corners its pattern leaves to xDSL (escapes, non-ASCII, stray characters, the end of the input)."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Input
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from autoshard.ir.fast_lexer import FastMLIRLexer
from bundled_models import zoo_paths


def _tokens(lexer_cls: type[MLIRLexer], text: str) -> list[tuple]:
    lexer = lexer_cls(Input(text, "t.mlir"))
    out: list[tuple] = []
    while True:
        try:
            token = lexer.lex()
        except ParseError as e:
            return out + [("error", e.span.start, e.span.end, str(e))]
        out.append((token.kind, token.span.start, token.span.end, type(token.span), lexer.pos))
        if token.kind is MLIRTokenKind.EOF:
            return out


CORNERS = [
    "", "   ", "// only a comment", "a//b\n c", "%0:2 = x", "%arg0#1", "#loc3 = loc(\"f.py\":1:2 to :5)",
    "{-# dialect_resources: {} #-}", "#-}", "0x1F 0xg 00x1 1.5e-3 2.e 7. 3e5", "-> - ->- ...", "..", ".",
    '"plain" "esc\\n\\"q\\"" "\\00\\ff" "unterminated', '@main @"quoted sym" @', "é x²", "a$b.c_d", "!t ^bb0 #a",
    "%", "#", "x\vy\fz\r\n\t", "tensor<4x?xf32>", "dense<[1, -2]> : tensor<2xi32>", "a|b*c+d?e/f=g",
]


@pytest.mark.parametrize("text", CORNERS)
def test_corners(text: str) -> None:
    assert _tokens(FastMLIRLexer, text) == _tokens(MLIRLexer, text)


@pytest.mark.parametrize("path", zoo_paths(), ids=lambda p: p.stem)
def test_zoo(path: Path) -> None:
    text = path.read_text()
    assert _tokens(FastMLIRLexer, text) == _tokens(MLIRLexer, text)
