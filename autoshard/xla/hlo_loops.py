"""How often each computation of compiled HLO runs per step, and which all-reduces a GPU/TPU backend would
turn into reduce-scatters. Pure text processing, like `hlo_collectives`.

- A `while` body runs `known_trip_count` times (XLA's while-loop analysis writes it into the loop's
  `backend_config`); its condition once more; a loop of unknown trip count counts once. Calls and async wrappers
  run as often as their caller (nested loops multiply). A conditional runs one of its n branches: each counts
  1/n of its caller's runs (the expected count under an index nothing predicts; exact when the branches compute
  the same, as the planner's recomputation branches do).
- XLA:CPU has no reduce-scatter creator: it settles a sharded contraction with an all-reduce whose result is
  only dynamically sliced to 1/n per device. GPU and TPU backends rewrite exactly that pattern into a
  reduce-scatter, so a plan priced for them is compared with the reduce-scatter those backends form.
"""

from __future__ import annotations

import json
import math
import re
from collections import defaultdict
from dataclasses import dataclass

from autoshard.xla.hlo_collectives import COMMENT, INSTRUCTION, nbytes, operand_list, shape_list

_COMPUTATION = re.compile(r"^(?P<entry>ENTRY\s+)?%?(?P<name>[\w.\-]+)\s*\(.*\)\s*->\s*.*\{\s*$")
_CALLED = re.compile(r"\b(?P<key>condition|body|to_apply|calls|branch_computations|true_computation|"
                     r"false_computation|async_execution_thread|called_computations)=(?P<value>\{[^}]*\}|%?[\w.\-]+)")
#: the keys naming a conditional's branches
_BRANCH_KEYS = ("branch_computations", "true_computation", "false_computation")
_TRIP_COUNT = re.compile(r'"known_trip_count"\s*:\s*(\{[^}]*\})')


@dataclass(frozen=True)
class HloInstruction:
    name: str
    computation: str
    opcode: str
    operands: tuple[str, ...]
    shape: str
    attrs: str
    #: whether the line is its computation's `ROOT` (the value the computation returns)
    is_root: bool = False

    @property
    def num_elements(self) -> int:
        """Elements of the (first) array of its result."""
        arrays = shape_list(self.shape)
        return math.prod(arrays[0][1]) if arrays else 1


@dataclass
class HloProgram:
    """The instructions of an HLO module text, by computation, with the entry computation's name."""

    computations: dict[str, list[HloInstruction]]
    entry: str | None

    @classmethod
    def parse(cls, hlo_text: str) -> HloProgram:
        computations: dict[str, list[HloInstruction]] = {}
        entry, current = None, None
        for line in hlo_text.splitlines():
            line = COMMENT.sub("", line)
            if current is None:
                m = _COMPUTATION.match(line)
                if m is not None:
                    current = m["name"]
                    computations[current] = []
                    if m["entry"]:
                        entry = current
                continue
            if line.strip() == "}":
                current = None
                continue
            m = INSTRUCTION.match(line)
            if m is not None:
                computations[current].append(HloInstruction(m["name"], current, m["opcode"],
                                                             tuple(operand_list(m["operands"])), m["shape"],
                                                             m["attrs"], line.lstrip().startswith("ROOT ")))
        return cls(computations, entry)

    def instructions(self):
        for body in self.computations.values():
            yield from body

    def run_counts(self) -> dict[str, float]:
        """Per computation, how often it runs per execution of the entry computation (see module docstring): a
        whole number except under a conditional."""
        counts: dict[str, float] = defaultdict(float)
        if self.entry is None:
            return counts

        def visit(name: str, times: float, depth: int = 0) -> None:
            if name not in self.computations or depth > 64:
                return
            counts[name] += times
            for inst in self.computations[name]:
                trip = _trip_count(inst.attrs) if inst.opcode == "while" else 1
                called = [(m["key"], [c.strip().lstrip("%") for c in m["value"].strip("{}").split(",") if c.strip()])
                          for m in _CALLED.finditer(inst.attrs) if m["key"] != "async_execution_thread"]
                branches = sum(len(callees) for key, callees in called if key in _BRANCH_KEYS)
                for key, callees in called:
                    for callee in callees:
                        if key in _BRANCH_KEYS:
                            visit(callee, times / branches, depth + 1)
                        elif inst.opcode == "while" and key == "body":
                            visit(callee, times * trip, depth + 1)
                        elif inst.opcode == "while" and key == "condition":
                            visit(callee, times * (trip + 1), depth + 1)
                        elif key != "to_apply":  # reducers run inside their collective/reduce
                            visit(callee, times, depth + 1)

        visit(self.entry, 1)
        return counts

    def element_bytes(self, computation: str, name: str) -> list[int]:
        """Bytes of each array in the result of instruction `name` (one entry, or one per tuple element)."""
        inst = next((i for i in self.computations.get(computation, ()) if i.name == name), None)
        if inst is None:
            return []
        return [nbytes([array]) for array in shape_list(inst.shape)]

    def users(self, computation: str, name: str) -> list[HloInstruction]:
        return [i for i in self.computations.get(computation, ()) if name in i.operands]

    def is_only_sliced(self, computation: str, name: str, group_size: int) -> bool:
        """Whether every use of `name` dynamically slices it to 1/`group_size` of its elements, directly, as a
        parameter of a fusion, or through converts (the all-reduce + dynamic-slice pattern GPU/TPU backends make a
        reduce-scatter; XLA:CPU reduces bf16 in f32 and converts the sum back before slicing it, a convert a
        backend reducing bf16 natively does not have, and a slice commutes with an elementwise convert)."""
        total = next((i.num_elements for i in self.computations.get(computation, ()) if i.name == name), None)
        return total is not None and self._only_sliced(computation, name, total, group_size)

    def sliced_elements(self, computation: str, name: str, num_elements: int, group_size: int) -> list[bool]:
        """For each of the `num_elements` results of collective `name` (one, or a tuple's elements read through
        get-tuple-element), whether it is only sliced to 1/`group_size` (`is_only_sliced`)."""
        if num_elements == 1:
            return [self.is_only_sliced(computation, name, group_size)]
        sliced = [True] * num_elements
        used = [False] * num_elements
        for user in self.users(computation, name):
            index = re.search(r"index=(\d+)", user.attrs)
            if user.opcode != "get-tuple-element" or index is None or int(index.group(1)) >= num_elements:
                return [False] * num_elements
            i = int(index.group(1))
            used[i] = True
            sliced[i] = sliced[i] and self.is_only_sliced(computation, user.name, group_size)
        return [s and u for s, u in zip(sliced, used)]

    def _only_sliced(self, computation: str, name: str, total: int, group_size: int) -> bool:
        """Whether `name` (`total` elements) has uses and each dynamically slices it to 1/`group_size`: a
        dynamic-slice of it, a convert of it (an op, or a fusion of that op alone) that is only sliced so, or another
        fusion whose parameter it is, only sliced so inside."""
        users = self.users(computation, name)
        if not users:
            return False
        for user in users:
            called = re.search(r"calls=%?([\w.\-]+)", user.attrs) if user.opcode == "fusion" else None
            if user.opcode == "dynamic-slice" and user.operands[:1] == (name,):
                if user.num_elements * group_size != total:
                    return False
            elif user.opcode == "convert" or (called is not None and self._converts_parameter(called.group(1))):
                if not self._only_sliced(computation, user.name, total, group_size):
                    return False
            elif called is None or not all(self._parameter_only_sliced(called.group(1), index, total, group_size)
                                           for index, operand in enumerate(user.operands) if operand == name):
                return False
        return True

    def _parameter_only_sliced(self, computation: str, index: int, total: int, group_size: int) -> bool:
        param = next((i for i in self.computations.get(computation, ())
                      if i.opcode == "parameter" and i.operands == (str(index),)), None)
        return param is not None and self._only_sliced(computation, param.name, total, group_size)

    def _converts_parameter(self, computation: str) -> bool:
        """Whether `computation` is one parameter converted (XLA:CPU's `wrapped_convert` fusion)."""
        body = self.computations.get(computation, ())
        return (len(body) == 2 and {i.opcode for i in body} == {"parameter", "convert"}
                and next(i for i in body if i.opcode == "convert").is_root)


def _trip_count(attrs: str) -> int:
    m = _TRIP_COUNT.search(attrs)
    if m is None:
        return 1
    try:
        return max(1, int(json.loads(m.group(1)).get("n", 1)))
    except (ValueError, TypeError):
        return 1
