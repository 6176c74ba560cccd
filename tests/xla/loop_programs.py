"""Small `stablehlo.while` programs for the loop-state tests (`test_loop_state`, `test_memory_vs_xla`)."""

from __future__ import annotations


def _swap_loop(name: str, update: bool) -> str:
    """A counted loop over two carried values `a, b` whose body yields `b, a` (or `b, a + a` with `update`): `a`
    takes `b` as its new value (XLA copies `b` each iteration)."""
    new_b, body = ("%2", "\n      %2 = stablehlo.add %a, %a : tensor<64x64xf32>") if update else ("%a", "")
    return f"""module @{name} {{
  func.func public @main(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {{
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%i = %c, %a = %x, %b = %y) : tensor<i32>, tensor<64x64xf32>, tensor<64x64xf32>
    cond {{
      %n = stablehlo.constant dense<3> : tensor<i32>
      %1 = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    }} do {{
      %one = stablehlo.constant dense<1> : tensor<i32>
      %1 = stablehlo.add %i, %one : tensor<i32>{body}
      stablehlo.return %1, %b, {new_b} : tensor<i32>, tensor<64x64xf32>, tensor<64x64xf32>
    }}
    return %0#1, %0#2 : tensor<64x64xf32>, tensor<64x64xf32>
  }}
}}
"""


#: `a, b = b, a` and `a, b = b, a + a` in a counted loop

#: `a, b = b, a` and `a, b = b, a + a` in a counted loop
SWAP = _swap_loop("swap", update=False)
SWAP_UPDATE = _swap_loop("swap_update", update=True)
