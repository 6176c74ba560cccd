"""Regenerate the model zoo: real StableHLO exported from JAX (needs the `[xla]` extra).

Each model is a plain JAX function traced on abstract shapes only (no random data) and lowered with
`jax.jit(f).lower(*args)`, so the output is deterministic for a given jax version. Six models cover the op
families the planner must handle: `mlp` (dense layers), `transformer_block` (layernorm, multi-head causal
attention with softmax, MLP), `gpt_train_step` (a small GPT: embeddings, N blocks, cross-entropy loss,
`jax.grad` backward and an Adam update), `moe` (router, top-k, GShard-style dispatch/combine over expert
capacity), `convnet` (convolutions, max/avg pooling, dense head) and `scan_layers` (`lax.scan` over stacked
layer weights, i.e. a `stablehlo.while`). Every model is written in three forms: pretty
(`<name>.mlir`, exactly `as_text()`), generic (`<name>.generic.mlir`, `print_generic_op_form`) and with
locations (`<name>.debug.mlir`, `as_text(debug_info=True)`, absolute paths rewritten relative to the repo).
Default sizes are small (hidden 64, batch 8, seq 16, 2 layers; every sharded dimension divisible by 8) and
committed: pretty forms to `examples/`, the other two to `tests/data/zoo/`. `--out DIR` writes all forms to
DIR instead; `--large` switches to realistic sizes (GPT-2 small-ish: hidden 768, 12 heads, seq 1024, vocab
50304) for benchmarks, and `--layers/--hidden/--batch/--seq` override single sizes, e.g.

    python examples/generate_zoo.py --only gpt_train_step --large --layers 32 --out /tmp/zoo --tag L32 \
        --variants pretty
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import jax
import jax.numpy as jnp
from jax import lax

REPO_ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ("pretty", "generic", "debug")


@dataclass(frozen=True)
class ZooSizes:
    """Sizes shared by all zoo models (each model uses the ones it needs)."""

    layers: int = 2
    hidden: int = 64
    batch: int = 8
    seq: int = 16
    heads: int = 4
    vocab: int = 128
    experts: int = 8
    top_k: int = 2
    image: int = 16
    classes: int = 16

    @property
    def ffn(self) -> int:
        return 4 * self.hidden

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


SMALL = ZooSizes()
LARGE = ZooSizes(layers=12, hidden=768, batch=8, seq=1024, heads=12, vocab=50304, experts=8, top_k=2,
                 image=224, classes=1000)

F32 = jnp.float32


def spec(*shape: int, dtype=F32) -> jax.ShapeDtypeStruct:
    return jax.ShapeDtypeStruct(tuple(shape), dtype)


# ----------------------------------------------------------------------------------------------------------
# Building blocks


def layer_norm(x, scale, bias, eps: float = 1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
    return (x - mean) * lax.rsqrt(var + eps) * scale + bias


def causal_attention(x, wq, wk, wv, wo, heads: int):
    """Multi-head causal self-attention on x[b, s, h] with weights [h, h]."""
    b, s, h = x.shape
    d = h // heads
    q = jnp.einsum("bsh,hk->bsk", x, wq).reshape(b, s, heads, d)
    k = jnp.einsum("bsh,hk->bsk", x, wk).reshape(b, s, heads, d)
    v = jnp.einsum("bsh,hk->bsk", x, wv).reshape(b, s, heads, d)
    scores = jnp.einsum("bqnd,bknd->bnqk", q, k) / math.sqrt(d)
    mask = jnp.tril(jnp.ones((s, s), dtype=bool))
    scores = jnp.where(mask, scores, -jnp.inf)
    probs = jax.nn.softmax(scores, axis=-1)
    out = jnp.einsum("bnqk,bknd->bqnd", probs, v).reshape(b, s, h)
    return jnp.einsum("bsh,hk->bsk", out, wo)


def mlp_block(x, w_in, b_in, w_out, b_out):
    return jnp.einsum("bsf,fh->bsh", jax.nn.gelu(jnp.einsum("bsh,hf->bsf", x, w_in) + b_in), w_out) + b_out


def block_params(z: ZooSizes) -> dict[str, jax.ShapeDtypeStruct]:
    h, f = z.hidden, z.ffn
    return {
        "ln1_scale": spec(h), "ln1_bias": spec(h),
        "wq": spec(h, h), "wk": spec(h, h), "wv": spec(h, h), "wo": spec(h, h),
        "ln2_scale": spec(h), "ln2_bias": spec(h),
        "w_in": spec(h, f), "b_in": spec(f), "w_out": spec(f, h), "b_out": spec(h),
    }


def transformer_block_fn(p, x, heads: int):
    x = x + causal_attention(layer_norm(x, p["ln1_scale"], p["ln1_bias"]), p["wq"], p["wk"], p["wv"], p["wo"],
                             heads)
    return x + mlp_block(layer_norm(x, p["ln2_scale"], p["ln2_bias"]), p["w_in"], p["b_in"], p["w_out"],
                         p["b_out"])


# ----------------------------------------------------------------------------------------------------------
# The models: each returns (function, example abstract arguments)


def make_mlp(z: ZooSizes):
    widths = [z.hidden] + [z.ffn] * max(z.layers, 1) + [z.hidden]
    params = [(spec(a, b), spec(b)) for a, b in zip(widths[:-1], widths[1:])]

    def mlp(params, x):
        for i, (w, b) in enumerate(params):
            x = x @ w + b
            if i + 1 < len(params):
                x = jax.nn.relu(x)
        return x

    return mlp, (params, spec(z.batch, z.hidden))


def make_transformer_block(z: ZooSizes):
    def transformer_block(params, x):
        return transformer_block_fn(params, x, z.heads)

    return transformer_block, (block_params(z), spec(z.batch, z.seq, z.hidden))


def gpt_params(z: ZooSizes):
    return {
        "wte": spec(z.vocab, z.hidden),
        "wpe": spec(z.seq, z.hidden),
        "blocks": [block_params(z) for _ in range(z.layers)],
        "lnf_scale": spec(z.hidden),
        "lnf_bias": spec(z.hidden),
    }


def gpt_loss(params, tokens, targets, heads: int):
    x = jnp.take(params["wte"], tokens, axis=0) + params["wpe"][None, :, :]
    for p in params["blocks"]:
        x = transformer_block_fn(p, x, heads)
    x = layer_norm(x, params["lnf_scale"], params["lnf_bias"])
    logits = jnp.einsum("bsh,vh->bsv", x, params["wte"])  # tied embeddings
    log_probs = jax.nn.log_softmax(logits, axis=-1)
    picked = jnp.take_along_axis(log_probs, targets[..., None], axis=-1)
    return -jnp.mean(picked)


def make_gpt_train_step(z: ZooSizes):
    lr, b1, b2, eps = 3e-4, 0.9, 0.999, 1e-8

    def gpt_train_step(params, m, v, step, tokens, targets):
        loss, grads = jax.value_and_grad(gpt_loss)(params, tokens, targets, z.heads)
        step = step + 1
        t = step.astype(F32)
        m = jax.tree.map(lambda m_, g: b1 * m_ + (1 - b1) * g, m, grads)
        v = jax.tree.map(lambda v_, g: b2 * v_ + (1 - b2) * g * g, v, grads)
        scale = lr * jnp.sqrt(1 - b2**t) / (1 - b1**t)
        params = jax.tree.map(lambda p, m_, v_: p - scale * m_ / (jnp.sqrt(v_) + eps), params, m, v)
        return params, m, v, step, loss

    params = gpt_params(z)
    tokens = spec(z.batch, z.seq, dtype=jnp.int32)
    return gpt_train_step, (params, params, params, spec(dtype=jnp.int32), tokens, tokens)


def make_moe(z: ZooSizes):
    tokens = z.batch * z.seq
    capacity = max(8, int(math.ceil(1.25 * z.top_k * tokens / z.experts / 8)) * 8)

    def moe(params, x):
        b, s, h = x.shape
        t = x.reshape(b * s, h)
        probs = jax.nn.softmax(t @ params["router"], axis=-1)  # [t, e]
        gate, expert = lax.top_k(probs, z.top_k)  # [t, k]
        gate = gate / jnp.sum(gate, axis=-1, keepdims=True)
        expert_mask = jax.nn.one_hot(expert, z.experts, dtype=F32)  # [t, k, e]
        # Position of each (token, choice) in its expert's buffer: earlier tokens and earlier choices first.
        flat = expert_mask.transpose(1, 0, 2).reshape(z.top_k * b * s, z.experts)
        position = (jnp.cumsum(flat, axis=0) - 1.0).reshape(z.top_k, b * s, z.experts).transpose(1, 0, 2)
        keep = expert_mask * (position < capacity)
        slot = jax.nn.one_hot(jnp.sum(position * keep, axis=-1).astype(jnp.int32), capacity, dtype=F32)
        dispatch = jnp.einsum("tke,tkc->tec", keep, slot)  # [t, e, c]
        combine = jnp.einsum("tk,tke,tkc->tec", gate, keep, slot)
        expert_in = jnp.einsum("tec,th->ech", dispatch, t)
        hidden = jax.nn.gelu(jnp.einsum("ech,ehf->ecf", expert_in, params["w_in"]))
        expert_out = jnp.einsum("ecf,efh->ech", hidden, params["w_out"])
        return jnp.einsum("tec,ech->th", combine, expert_out).reshape(b, s, h)

    params = {
        "router": spec(z.hidden, z.experts),
        "w_in": spec(z.experts, z.hidden, z.ffn),
        "w_out": spec(z.experts, z.ffn, z.hidden),
    }
    return moe, (params, spec(z.batch, z.seq, z.hidden))


def make_convnet(z: ZooSizes):
    channels = (3, 16, 32) if z.image <= 32 else (3, 64, 128)

    def convnet(params, images):
        x = images
        for i in range(len(channels) - 1):
            x = lax.conv_general_dilated(x, params[f"conv{i}"], window_strides=(1, 1), padding="SAME",
                                         dimension_numbers=("NHWC", "HWIO", "NHWC"))
            x = jax.nn.relu(x + params[f"bias{i}"])
            if i == 0:
                x = lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
            else:
                x = lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4.0
        x = x.reshape(x.shape[0], -1)
        return x @ params["head"] + params["head_bias"]

    params = {}
    for i, (cin, cout) in enumerate(zip(channels[:-1], channels[1:])):
        params[f"conv{i}"] = spec(3, 3, cin, cout)
        params[f"bias{i}"] = spec(cout)
    pooled = z.image // 4
    params["head"] = spec(pooled * pooled * channels[-1], z.classes)
    params["head_bias"] = spec(z.classes)
    return convnet, (params, spec(z.batch, z.image, z.image, channels[0]))


def make_scan_layers(z: ZooSizes):
    def scan_layers(params, x):
        def layer(h, w):
            w_in, b_in, w_out = w
            return h + jax.nn.gelu(h @ w_in + b_in) @ w_out, None

        out, _ = lax.scan(layer, x, (params["w_in"], params["b_in"], params["w_out"]))
        return out

    params = {
        "w_in": spec(z.layers, z.hidden, z.ffn),
        "b_in": spec(z.layers, z.ffn),
        "w_out": spec(z.layers, z.ffn, z.hidden),
    }
    return scan_layers, (params, spec(z.batch, z.hidden))


MODELS: dict[str, Callable[[ZooSizes], tuple[Callable, tuple]]] = {
    "mlp": make_mlp,
    "transformer_block": make_transformer_block,
    "gpt_train_step": make_gpt_train_step,
    "moe": make_moe,
    "convnet": make_convnet,
    "scan_layers": make_scan_layers,
}


# ----------------------------------------------------------------------------------------------------------
# Export


def relativize_locations(text: str) -> str:
    """Rewrite absolute source paths in `loc(...)` attributes to repo-relative ones (deterministic output)."""
    root = str(REPO_ROOT) + "/"
    text = text.replace(root, "")
    # Frames from inside jax itself point into site-packages: keep only the path below `site-packages/`.
    return re.sub(r'"[^"]*/site-packages/', '"', text)


def export(name: str, z: ZooSizes) -> dict[str, str]:
    """The three text forms of one zoo model."""
    fn, args = MODELS[name](z)
    lowered = jax.jit(fn).lower(*args)
    module = lowered.compiler_ir("stablehlo")
    return {
        "pretty": lowered.as_text(),
        "generic": module.operation.get_asm(print_generic_op_form=True, enable_debug_info=False),
        "debug": relativize_locations(lowered.as_text(debug_info=True)),
    }


def variant_path(name: str, variant: str, out: Path | None, tag: str) -> Path:
    stem = f"{name}_{tag}" if tag else name
    if out is not None:
        return out / (f"{stem}.mlir" if variant == "pretty" else f"{stem}.{variant}.mlir")
    if variant == "pretty":
        return REPO_ROOT / "examples" / f"{stem}.mlir"
    return REPO_ROOT / "tests" / "data" / "zoo" / f"{stem}.{variant}.mlir"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write every form into this directory")
    parser.add_argument("--only", action="append", choices=sorted(MODELS), help="model to write (repeatable)")
    parser.add_argument("--large", action="store_true", help="realistic sizes for benchmarks")
    parser.add_argument("--layers", type=int)
    parser.add_argument("--hidden", type=int)
    parser.add_argument("--batch", type=int)
    parser.add_argument("--seq", type=int)
    parser.add_argument("--heads", type=int)
    parser.add_argument("--tag", default="", help="suffix for file names: <name>_<tag>.mlir")
    parser.add_argument("--variants", default=",".join(VARIANTS),
                        help=f"comma-separated subset of {','.join(VARIANTS)}")
    args = parser.parse_args(argv)

    sizes = LARGE if args.large else SMALL
    overrides = {k: getattr(args, k) for k in ("layers", "hidden", "batch", "seq", "heads") if getattr(args, k)}
    sizes = replace(sizes, **overrides)
    if sizes.hidden % sizes.heads:
        parser.error(f"--hidden {sizes.hidden} is not divisible by the number of heads {sizes.heads}")
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    for v in variants:
        if v not in VARIANTS:
            parser.error(f"unknown variant {v!r}; choose from {', '.join(VARIANTS)}")
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)

    for name in args.only or list(MODELS):
        texts = export(name, sizes)
        for variant in variants:
            path = variant_path(name, variant, args.out, args.tag)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(texts[variant])
            print(f"wrote {path.relative_to(REPO_ROOT) if path.is_relative_to(REPO_ROOT) else path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
