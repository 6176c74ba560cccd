"""xDSL's interpreter framework, dispatching on op *names* as well as op classes.

xDSL dispatches on `type(op)`; ops parsed without their dialect are all `UnregisteredOp`s, and autoshard
reads both typed and generic modules. `@impl_op("stablehlo.add", ...)` marks a method of an
`InterpreterFunctions` class (decorated with xDSL's `@register_impls` like any other) as the implementation
of the named ops; `AutoshardInterpreter` tries names first and falls back to xDSL's class dispatch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.interpreter import Interpreter, InterpreterFunctions, OpImplResult, PythonValues, ReturnedValues
from xdsl.ir import Operation, SSAValue
from xdsl.traits import SymbolTable

from autoshard.errors import UserError
from autoshard.rules.attrs import op_name

_NAMES_KEY = "__autoshard_op_names"
_TERMINATOR_KEY = "__autoshard_terminator"

NamedImpl = Callable[[Any, "AutoshardInterpreter", Operation, PythonValues], PythonValues]


def impl_op(*names: str) -> Callable[[NamedImpl], NamedImpl]:
    """Mark a method as the implementation of the ops with these names (returns the op's results)."""

    def annot(fn: NamedImpl) -> NamedImpl:
        setattr(fn, _NAMES_KEY, names)
        return fn

    return annot


def impl_op_terminator(*names: str) -> Callable[[NamedImpl], NamedImpl]:
    """Mark a method as the implementation of named terminators (returns the values they yield)."""

    def annot(fn: NamedImpl) -> NamedImpl:
        setattr(fn, _NAMES_KEY, names)
        setattr(fn, _TERMINATOR_KEY, True)
        return fn

    return annot


def named_impls(functions: InterpreterFunctions) -> dict[str, tuple[NamedImpl, bool]]:
    out: dict[str, tuple[NamedImpl, bool]] = {}
    for cls in reversed(type(functions).mro()):
        for value in cls.__dict__.values():
            names = getattr(value, _NAMES_KEY, None)
            if names:
                for name in names:
                    out[name] = (value, bool(getattr(value, _TERMINATOR_KEY, False)))
    return out


class SimulationError(UserError):
    """An op the simulator cannot run, or an inconsistency found while running (one line, names the op)."""


@dataclass
class AutoshardInterpreter(Interpreter):
    """An xDSL `Interpreter` that also dispatches on op names and can call functions by symbol."""

    _named: dict[str, tuple[InterpreterFunctions, NamedImpl, bool]] = field(default_factory=dict)

    def register_implementations(self, impls: InterpreterFunctions, /, override: bool = False) -> None:
        super().register_implementations(impls, override=override)
        for name, (fn, terminator) in named_impls(impls).items():
            if name in self._named and not override:
                raise ValueError(f"an implementation for '{name}' is already registered")
            self._named[name] = (impls, fn, terminator)

    def _run_op(self, op: Operation, inputs: PythonValues) -> OpImplResult:
        entry = self._named.get(op_name(op))
        if entry is None:
            if type(op) in self._impls._impl_dict:  # noqa: SLF001 - xDSL's own dispatch
                return super()._run_op(op, inputs)
            raise SimulationError(f"the simulator has no implementation of '{op_name(op)}'")
        for listener in self.listeners:
            listener.will_interpret_op(op, inputs)
        functions, fn, terminator = entry
        values = tuple(fn(functions, self, op, inputs))
        if terminator:
            result = OpImplResult((), ReturnedValues(values))
        else:
            if len(values) != len(op.results):
                raise SimulationError(f"'{op_name(op)}' produced {len(values)} values for {len(op.results)} results")
            result = OpImplResult(values, None)
        for listener in self.listeners:
            listener.did_interpret_op(op, result.values)
        return result

    def lookup_function(self, name: str) -> Operation:
        op = SymbolTable.lookup_symbol(self.module, name)
        if op is None:
            raise SimulationError(f"no function named @{name}")
        return op

    def call_function(self, name: str, args: Sequence[Any]) -> PythonValues:
        """Run the function `@name` on `args` and return its results."""
        func = self.lookup_function(name)
        return self.run_ssacfg_region(func.regions[0], tuple(args), name)


class ValueRecorder(Interpreter.Listener):
    """Keeps the last value of every op result (in a loop, of the last iteration)."""

    def __init__(self) -> None:
        self.values: dict[SSAValue, Any] = {}

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        for r, v in zip(op.results, results):
            self.values[r] = v
