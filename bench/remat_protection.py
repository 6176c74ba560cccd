"""XLA:CPU's compiled temporary memory of a training step whose layers are recomputed, per way of protecting the
recomputation from XLA's common-subexpression elimination (needs [xla]).

The step is `tests/xla/remat_steps.py`'s residual MLP (`jax.value_and_grad`, each layer an RMS norm, an
up-projection, gelu and a down-projection), on 1 host CPU device and on 8 (batch-sharded), compiled as
`autoshard.xla.compile_run.compile_only` compiles a module. Variants: the step as exported; jax's own
`jax.checkpoint(nothing_saveable)` per layer; `autoshard.planner.remat` recomputing each layer under jax's
`nothing_saveable` / `dots_saveable` policies with each `Protection`; and, on 8 devices, the barrier-protected
clones reading their layer input in another sharding than the forward's (feature-sharded), to see whether a
recomputation partitioned differently survives. Prints one row per variant and device count: temporary bytes,
the total (arguments + outputs + temporaries - aliased) and the dots in the compiled HLO (a conditional's two
branches both counted).

    python bench/remat_protection.py [--batch 4096 --hidden 128 --ffn 512 --layers 4]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "xla"))
os.environ["XLA_FLAGS"] = os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8"

from remat_steps import residual_mlp_step_text  # noqa: E402

from autoshard.dialects.sdy.sharding_ops import ShardingConstraintOp  # noqa: E402
from autoshard.dialects.stablehlo.misc import OptimizationBarrierOp  # noqa: E402
from autoshard.ir.parse import parse_module  # noqa: E402
from autoshard.ir.printing import print_module  # noqa: E402
from autoshard.planner.remat.policies import CheckpointPolicy  # noqa: E402
from autoshard.planner.remat.recompute import Protection  # noqa: E402
from autoshard.planner.remat.rematerialize import rematerialize  # noqa: E402
from autoshard.xla.compile_run import compile_only  # noqa: E402

DEVICE_COUNTS = (1, 8)


def rewritten(text: str, policy: CheckpointPolicy, protection: Protection) -> str:
    return print_module(rematerialize(text, policy, protection))


def resharded_clone_inputs(text: str, batch: int) -> str:
    """The barrier variant with every [batch, hidden] barrier result constrained to shard its hidden dimension."""
    module = parse_module(rewritten(text, CheckpointPolicy.NOTHING_SAVEABLE, Protection.BARRIER))
    probe = parse_module('sdy.mesh @mesh = <["data"=8]>\nfunc.func @f(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {\n'
                         '  %0 = sdy.sharding_constraint %a <@mesh, [{}, {"data"}]> : tensor<8x8xf32>\n'
                         '  return %0 : tensor<8x8xf32>\n}')
    sharding = next(op for op in probe.walk() if isinstance(op, ShardingConstraintOp)).properties["sharding"]
    for barrier in [op for op in module.walk() if isinstance(op, OptimizationBarrierOp)]:
        for value in barrier.results:
            if tuple(value.type.get_shape())[:1] == (batch,):
                constraint = ShardingConstraintOp.create(operands=[value], result_types=[value.type],
                                                         properties={"sharding": sharding})
                barrier.parent_block().insert_op_after(constraint, barrier)
                value.replace_uses_with_if(constraint.results[0], lambda use: use.operation is not constraint)
    return print_module(module)


def variants(args, devices: int) -> dict[str, str]:
    sizes = (args.batch, args.hidden, args.ffn, args.layers)
    plain = residual_mlp_step_text(*sizes, devices=devices)
    found = {"as exported": plain,
             "jax.checkpoint nothing_saveable": residual_mlp_step_text(*sizes, devices=devices, checkpointed=True)}
    for policy in (CheckpointPolicy.NOTHING_SAVEABLE, CheckpointPolicy.DOTS_SAVEABLE):
        for protection in Protection:
            found[f"{policy.value}, {protection.value}"] = rewritten(plain, policy, protection)
    if devices > 1:
        found["nothing_saveable, barrier, clone inputs feature-sharded"] = resharded_clone_inputs(plain, args.batch)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--ffn", type=int, default=512)
    parser.add_argument("--layers", type=int, default=4)
    args = parser.parse_args(argv)
    print(f"{'variant':58s} {'devices':>7s} {'temp MiB':>9s} {'total MiB':>9s} {'dots':>5s}")
    for devices in DEVICE_COUNTS:
        for name, text in variants(args, devices).items():
            compiled = compile_only(text, devices)
            memory = compiled.memory
            print(f"{name:58s} {devices:7d} {memory.temp_bytes / 2**20:9.2f} {memory.total_bytes / 2**20:9.2f} "
                  f"{compiled.hlo_text.count(' dot('):5d}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
