"""The entry function of a module: the one function the planner plans, the simulator runs and baselines shard."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp

from autoshard.errors import UserError


def entry_function(module: ModuleOp, name: str | None = None) -> FuncOp:
    """`@name` when given, else `@main`, else the only public function; `UserError` when there is none or several."""
    funcs = [op for op in module.walk() if isinstance(op, FuncOp)]
    if name is not None or any(f.sym_name.data == "main" for f in funcs):
        wanted = name or "main"
        for f in funcs:
            if f.sym_name.data == wanted:
                return f
        raise UserError(f"no function @{wanted} in the module")
    public = [f for f in funcs if f.sym_visibility is None or f.sym_visibility.data == "public"]
    if len(public) == 1:
        return public[0]
    if not funcs:
        raise UserError("the module has no function")
    raise UserError(f"the module has {len(public)} public functions; name one with --function")
