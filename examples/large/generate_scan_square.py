"""Write `examples/large/scan_square_layers.mlir`: a `lax.scan` over 8 stacked 4096x4096 f32 layers (512 MiB of
weights), `h = h + gelu(h @ w)` on a batch of 64 (needs the `[xla]` extra).

Issue 18's scan: each iteration dynamic-slices one 64 MiB layer out of the stack, so pricing the slice as a read
of the whole stack made sharding the stacked weights look worth far more than it is. Traced on abstract shapes
and lowered like the zoo (`examples/generate_zoo.py`), so the text is deterministic for a jax version.

    python examples/large/generate_scan_square.py [--layers 8] [--hidden 4096] [--batch 64] [--out PATH]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import jax
from jax import lax

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from generate_zoo import spec  # noqa: E402


def scan_square_layers(stack, x):
    def layer(h, w):
        return h + jax.nn.gelu(h @ w), None

    out, _ = lax.scan(layer, x, stack)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, default=8)
    parser.add_argument("--hidden", type=int, default=4096)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "scan_square_layers.mlir")
    args = parser.parse_args(argv)
    lowered = jax.jit(scan_square_layers).lower(spec(args.layers, args.hidden, args.hidden),
                                                spec(args.batch, args.hidden))
    args.out.write_text(lowered.as_text())
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
