"""A parser that reads each distinct op line once and clones it for every line that repeats it under other names.

A program of N identical layers spells each layer's ops N times, the lines differing only in their SSA names
(`%808 = stablehlo.multiply %792, %809 : tensor<8x16x256xf32>`). `RepeatedOpParser` keys every one-line op by
its text with the names numbered in order of first appearance (`%0 = stablehlo.multiply %1, %2 : ...`). The
first line of a key is parsed as before and becomes the key's template when its op is exactly what the line
says: it ends on its line, has no successors, every name of the line is one of its results or operands, and
any region it holds reads nothing from outside. A later line of the same key is the template cloned, with its
operands the values the line names (each of the template operand's type, already defined) and its results bound
to the line's result names. Anything else (strings, comments, block labels, debug locations, forward references,
a type that differs) is parsed by xDSL's path, which also reports every error, so the module and its errors are
the parser's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.ir import Operation, SSAValue
from xdsl.utils.lexer import Span

from autoshard.ir.memoizing_parser import MemoizingParser

_SUFFIX_ID = r"(?:[0-9]+|[a-zA-Z$._-][a-zA-Z0-9$._-]*)"
#: an SSA name (group 1: without its `%`)
_VALUE = re.compile(rf"%({_SUFFIX_ID})")
#: the result list opening a line: `%a, %b:2 =`
_RESULT_LIST = re.compile(rf"%{_SUFFIX_ID}(?::[0-9]+)?(?:\s*,\s*%{_SUFFIX_ID}(?::[0-9]+)?)*\s*=(?!=)")
_RESULT = re.compile(rf"%({_SUFFIX_ID})(?::([0-9]+))?")
#: text a template never spans: strings, block labels, comments, debug locations
_NOT_TEMPLATED = re.compile(r'["^]|//|loc\(')
_COMMENT = re.compile(r"//[^\n]*")
#: lines longer than this (large constants) are parsed as they are, not kept as keys
MAX_TEMPLATE_LINE = 1024


@dataclass(frozen=True)
class OpTemplate:
    """An op parsed from one line, and where the line's names go: `operands[i]` is (name number, index in the
    name's value tuple) of the op's operand i; `results` is (name number, number of results) per bound name."""

    op: Operation
    operands: tuple[tuple[int, int], ...]
    results: tuple[tuple[int, int], ...]
    values: tuple[SSAValue, ...]  # the op's operands


class RepeatedOpParser(MemoizingParser):
    """`MemoizingParser` that parses each distinct one-line op once (see the module docstring)."""

    def __init__(self, ctx: Context, text: str, name: str = "<unknown>"):
        super().__init__(ctx, text, name)
        self._templates: dict[str, OpTemplate | None] = {}

    def parse_operation(self) -> Operation:  # type: ignore[override]
        start = self._current_token.span.start
        text = self._text
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        if end - start > MAX_TEMPLATE_LINE:
            return super().parse_operation()
        line = text[start:end]
        if _NOT_TEMPLATED.search(line):
            return super().parse_operation()
        numbers: dict[str, int] = {}
        key = _VALUE.sub(lambda m: "%" + str(numbers.setdefault(m.group(1), len(numbers))), line)
        if key in self._templates:
            template = self._templates[key]
            if template is not None:
                op = self._instantiate(template, list(numbers), line, start, end)
                if op is not None:
                    return op
            return super().parse_operation()
        op = super().parse_operation()
        self._templates[key] = self._template_of(op, numbers, line, end)
        return op

    def _template_of(self, op: Operation, numbers: dict[str, int], line: str, end: int) -> OpTemplate | None:
        """`op`, just parsed from `line` (ending at `end`), as a template; None when it cannot be one."""
        after = self._current_token.span.start
        if after < end or _COMMENT.sub("", self._text[end:after]).strip() or op.successors:
            return None  # the op goes on past its line
        results = _bound_results(line)
        if sum(size for _, size in results) not in (0, len(op.results)):
            return None
        bound = {name for name, _ in results}
        where: dict[int, tuple[int, int]] = {}
        for name, number in numbers.items():
            if name in bound:
                continue
            for index, value in enumerate(self.ssa_values.get(name, ())):
                where[id(value)] = (number, index)
        operands = tuple(where.get(id(operand)) for operand in op.operands)
        if None in operands:
            return None  # an operand the line does not name as defined (a forward reference)
        used = {number for number, _ in operands} | {numbers[name] for name in bound}  # type: ignore[misc]
        if len(used) != len(numbers) or (op.regions and not _self_contained(op)):
            return None
        results_at = tuple((numbers[name], size) for name, size in results)
        return OpTemplate(op, operands, results_at, tuple(op.operands))  # type: ignore[arg-type]

    def _instantiate(self, template: OpTemplate, names: list[str], line: str, start: int, end: int) -> Operation | None:
        """The template's op for a line naming `names` (in order of first appearance); None when a name is not
        defined yet or its value's type differs from the template's (xDSL's path then parses the line)."""
        mapper: dict[SSAValue, SSAValue] = {}
        ssa_values = self.ssa_values
        for operand, (number, index) in zip(template.values, template.operands):
            values = ssa_values.get(names[number])
            if values is None or index >= len(values):
                return None
            value = values[index]
            if value.type is not operand.type and value.type != operand.type:
                return None
            mapper[operand] = value
        if template.op.regions:
            op = template.op.clone(value_mapper=mapper, clone_name_hints=False)
        else:
            op = template.op.clone_without_regions(mapper, clone_name_hints=False)
        self._resume_from(end)
        if template.results:
            position = 0
            for match, (_, size) in zip(_RESULT.finditer(line, 0, _RESULT_LIST.match(line).end()), template.results):
                span = Span(start + match.start(), start + match.end(1), self.lexer.input)
                self._register_ssa_definition(match.group(1), op.results[position:position + size], span)
                position += size
        return op


def _bound_results(line: str) -> list[tuple[str, int]]:
    """The names a line binds its op's results to, with how many results each binds."""
    head = _RESULT_LIST.match(line)
    if head is None:
        return []
    return [(m.group(1), int(m.group(2) or 1)) for m in _RESULT.finditer(line, 0, head.end())]


def _self_contained(op: Operation) -> bool:
    """Whether every op inside `op`'s regions reads only values defined inside them."""
    inside: set[SSAValue] = set()
    for nested in op.walk():
        if nested is not op:
            if any(operand not in inside for operand in nested.operands):
                return False
            inside.update(nested.results)
        for region in nested.regions:
            for block in region.blocks:
                inside.update(block.args)
    return True
