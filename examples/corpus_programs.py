"""Programs in the families users run, exported from JAX as StableHLO: the fidelity corpus (needs [xla]).

Not the zoo (`generate_zoo.py`): each program is written as a user writes it, at sizes where sharding matters,
to check the planner's prices against what XLA compiles (`bench/fidelity_corpus.py`). The families:

- `conv_pool_train`: an NHWC conv net (3x3 convolutions, a strided one, a max pool, a global mean pool, a dense
  head), its cross-entropy gradient and an SGD update;
- `resnet_bn_train`: a stem and two residual blocks with batch norm in training mode (batch statistics, running
  statistics updated), a dense head, SGD with momentum;
- `scan_dense` / `scan_elementwise`: `lax.scan` over stacked weights, compute-bound (`tanh(h @ w)` on square
  layers) and memory-bound (a per-layer scale and shift of a large activation);
- `fori_dense` / `fori_elementwise`: the same shapes as `lax.fori_loop` indexing the stack (`ws[i]`);
- `attention_mha_causal`: multi-head causal self-attention with its projections, forward;
- `attention_gqa_train`: grouped-query causal attention (fewer key/value heads), gradient and SGD update;
- `embedding_gather_train`: token and position embeddings, a dense layer, a tied output head, cross-entropy by
  `take_along_axis` (gathers forward, scatter-adds backward), SGD;
- `moe_topk`: a top-k router with capacity and einsum dispatch and combine around per-expert MLPs, forward;
- `adamw_step`: an AdamW update of a parameter tree from given gradients, state donated;
- `llama3_step`, `mixtral_step`: `llm_steps.py`'s LLaMA-3-1B- and Mixtral-8x7B-shaped training steps, one layer
  each at a short sequence (the public models' dimensions).

Every program is traced on abstract shapes only (nothing is allocated) and lowered with
`jax.jit(f, donate_argnums=...).lower(*args).as_text()`. `BENCH` sizes are the corpus's; `TINY` sizes export in a
second for tests.

    python examples/corpus_programs.py [--only scan_dense] [--tiny] --out DIR
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import jax
import jax.numpy as jnp
from jax import lax

sys.path.insert(0, str(Path(__file__).resolve().parent))
import llm_steps  # noqa: E402
from generate_zoo import layer_norm, spec  # noqa: E402


@dataclass(frozen=True)
class CorpusSizes:
    """Sizes shared by the corpus's programs (each uses the ones it needs)."""

    batch: int
    hidden: int
    ffn: int
    seq: int
    heads: int
    kv_heads: int
    vocab: int
    layers: int
    image: int
    channels: tuple[int, ...]
    classes: int
    experts: int
    top_k: int
    #: rows of the memory-bound loops' activation
    rows: int
    #: sizes `llm_steps.shape_of` overrides in the public models
    llm_overrides: dict

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


BENCH = CorpusSizes(batch=64, hidden=2048, ffn=8192, seq=512, heads=16, kv_heads=4, vocab=32768, layers=8, image=64,
                    channels=(3, 64, 128, 256), classes=1000, experts=8, top_k=2, rows=16384,
                    llm_overrides=dict(batch=16, seq=256))
TINY = CorpusSizes(batch=8, hidden=64, ffn=128, seq=16, heads=4, kv_heads=2, vocab=128, layers=2, image=8,
                   channels=(3, 4, 8, 16), classes=16, experts=4, top_k=2, rows=64,
                   llm_overrides=dict(batch=8, seq=16, hidden=64, heads=4, kv_heads=2, ffn=128, vocab=256))

F32 = jnp.float32
I32 = jnp.int32


@dataclass(frozen=True)
class Exported:
    """A program ready to lower: the function, its abstract arguments and the arguments it donates."""

    fn: Callable
    args: tuple
    donate: tuple[int, ...] = ()

    def text(self) -> str:
        return jax.jit(self.fn, donate_argnums=self.donate).lower(*self.args).as_text()


def cross_entropy(logits, labels):
    """Mean softmax cross-entropy of integer labels, picked with `take_along_axis`."""
    log_probs = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(log_probs, labels[..., None], axis=-1))


def sgd_train_step(loss: Callable, lr: float = 1e-2):
    """(params, *batch) -> (params, loss): one SGD step of `loss(params, *batch)`."""

    def step(params, *batch):
        value, grads = jax.value_and_grad(loss)(params, *batch)
        return jax.tree.map(lambda p, g: p - lr * g, params, grads), value

    return step


def conv(x, w, stride: int = 1):
    return lax.conv_general_dilated(x, w, window_strides=(stride, stride), padding="SAME",
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"))


def max_pool(x, size: int = 2):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, size, size, 1), (1, size, size, 1), "VALID")


# ----------------------------------------------------------------------------------------------------------
# Conv nets


def conv_pool_train(z: CorpusSizes) -> Exported:
    c0, c1, c2, c3 = z.channels
    params = {"conv0": spec(3, 3, c0, c1), "bias0": spec(c1), "conv1": spec(3, 3, c1, c2), "bias1": spec(c2),
              "conv2": spec(3, 3, c2, c3), "bias2": spec(c3), "head": spec(c3, z.classes),
              "head_bias": spec(z.classes)}

    def loss(p, images, labels):
        x = jax.nn.relu(conv(images, p["conv0"]) + p["bias0"])
        x = max_pool(x)
        x = jax.nn.relu(conv(x, p["conv1"], stride=2) + p["bias1"])
        x = jax.nn.relu(conv(x, p["conv2"]) + p["bias2"])
        x = jnp.mean(x, axis=(1, 2))
        return cross_entropy(x @ p["head"] + p["head_bias"], labels)

    images = spec(z.batch, z.image, z.image, c0)
    return Exported(sgd_train_step(loss), (params, images, spec(z.batch, dtype=I32)), donate=(0,))


def batch_norm(x, scale, bias, running_mean, running_var, momentum: float = 0.9, eps: float = 1e-5):
    """Training-mode batch norm over N, H, W: normalized x and the updated running statistics."""
    mean = jnp.mean(x, axis=(0, 1, 2))
    var = jnp.mean(jnp.square(x - mean), axis=(0, 1, 2))
    y = (x - mean) * lax.rsqrt(var + eps) * scale + bias
    return y, momentum * running_mean + (1 - momentum) * mean, momentum * running_var + (1 - momentum) * var


def resnet_bn_train(z: CorpusSizes) -> Exported:
    c_in, width = z.channels[0], z.channels[2]
    blocks = 2
    params = {"stem": spec(3, 3, c_in, width), "head": spec(width, z.classes), "head_bias": spec(z.classes)}
    stats = {}
    for b in range(blocks):
        for i in (0, 1):
            params[f"block{b}_conv{i}"] = spec(3, 3, width, width)
            params[f"block{b}_scale{i}"] = spec(width)
            params[f"block{b}_bias{i}"] = spec(width)
            stats[f"block{b}_mean{i}"] = spec(width)
            stats[f"block{b}_var{i}"] = spec(width)

    def forward(p, s, images):
        new_stats = {}
        x = max_pool(jax.nn.relu(conv(images, p["stem"], stride=2)))
        for b in range(blocks):
            y = x
            for i in (0, 1):
                y = conv(y, p[f"block{b}_conv{i}"])
                y, new_stats[f"block{b}_mean{i}"], new_stats[f"block{b}_var{i}"] = batch_norm(
                    y, p[f"block{b}_scale{i}"], p[f"block{b}_bias{i}"], s[f"block{b}_mean{i}"], s[f"block{b}_var{i}"])
                if i == 0:
                    y = jax.nn.relu(y)
            x = jax.nn.relu(x + y)
        return jnp.mean(x, axis=(1, 2)) @ p["head"] + p["head_bias"], new_stats

    def step(p, velocity, s, images, labels, lr=0.1, momentum=0.9):
        def loss(p):
            logits, new_stats = forward(p, s, images)
            return cross_entropy(logits, labels), new_stats

        (value, new_stats), grads = jax.value_and_grad(loss, has_aux=True)(p)
        velocity = jax.tree.map(lambda v, g: momentum * v + g, velocity, grads)
        p = jax.tree.map(lambda w, v: w - lr * v, p, velocity)
        return p, velocity, new_stats, value

    images = spec(z.batch, z.image, z.image, c_in)
    return Exported(step, (params, params, stats, images, spec(z.batch, dtype=I32)), donate=(0, 1, 2))


# ----------------------------------------------------------------------------------------------------------
# Loops over stacked weights


def scan_dense(z: CorpusSizes) -> Exported:
    def fn(stack, x):
        return lax.scan(lambda h, w: (jnp.tanh(h @ w), None), x, stack)[0]

    return Exported(fn, (spec(z.layers, z.hidden, z.hidden), spec(z.batch * 8, z.hidden)))


def scan_elementwise(z: CorpusSizes) -> Exported:
    def fn(scales, shifts, x):
        def layer(h, w):
            scale, shift = w
            return jnp.tanh(h * scale + shift), None

        return lax.scan(layer, x, (scales, shifts))[0]

    return Exported(fn, (spec(z.layers, z.hidden), spec(z.layers, z.hidden), spec(z.rows, z.hidden)))


def fori_dense(z: CorpusSizes) -> Exported:
    def fn(stack, x):
        return lax.fori_loop(0, z.layers, lambda i, h: h + jax.nn.gelu(h @ stack[i]), x)

    return Exported(fn, (spec(z.layers, z.hidden, z.hidden), spec(z.batch * 8, z.hidden)))


def fori_elementwise(z: CorpusSizes) -> Exported:
    def fn(decay, x, y):
        def body(i, carry):
            a, b = carry
            return a * decay[i] + jnp.sin(b), b + 0.5 * a

        return lax.fori_loop(0, z.layers, body, (x, y))

    return Exported(fn, (spec(z.layers, z.hidden), spec(z.rows, z.hidden), spec(z.rows, z.hidden)))


# ----------------------------------------------------------------------------------------------------------
# Attention


def causal_attention(p, x, heads: int, kv_heads: int):
    """Causal self-attention on x[b, s, h]: `heads` query heads sharing `kv_heads` key/value heads."""
    b, s, h = x.shape
    d = h // heads
    groups = heads // kv_heads
    q = (x @ p["wq"]).reshape(b, s, kv_heads, groups, d)
    k = (x @ p["wk"]).reshape(b, s, kv_heads, d)
    v = (x @ p["wv"]).reshape(b, s, kv_heads, d)
    scores = jnp.einsum("bqkgd,bskd->bkgqs", q, k) / math.sqrt(d)
    scores = jnp.where(jnp.tril(jnp.ones((s, s), dtype=bool)), scores, jnp.finfo(F32).min)
    out = jnp.einsum("bkgqs,bskd->bqkgd", jax.nn.softmax(scores, axis=-1), v).reshape(b, s, h)
    return out @ p["wo"]


def attention_params(z: CorpusSizes, kv_heads: int) -> dict:
    kv = kv_heads * z.head_dim
    return {"wq": spec(z.hidden, z.hidden), "wk": spec(z.hidden, kv), "wv": spec(z.hidden, kv),
            "wo": spec(z.hidden, z.hidden), "ln_scale": spec(z.hidden), "ln_bias": spec(z.hidden)}


def attention_mha_causal(z: CorpusSizes) -> Exported:
    def fn(p, x):
        return x + causal_attention(p, layer_norm(x, p["ln_scale"], p["ln_bias"]), z.heads, z.heads)

    return Exported(fn, (attention_params(z, z.heads), spec(z.batch // 4, z.seq, z.hidden)))


def attention_gqa_train(z: CorpusSizes) -> Exported:
    def loss(p, x, target):
        y = x + causal_attention(p, layer_norm(x, p["ln_scale"], p["ln_bias"]), z.heads, z.kv_heads)
        return jnp.mean(jnp.square(y - target))

    x = spec(z.batch // 4, z.seq, z.hidden)
    return Exported(sgd_train_step(loss), (attention_params(z, z.kv_heads), x, x), donate=(0,))


# ----------------------------------------------------------------------------------------------------------
# Embeddings, MoE, optimizer


def embedding_gather_train(z: CorpusSizes) -> Exported:
    params = {"embed": spec(z.vocab, z.hidden), "position": spec(z.seq, z.hidden), "w": spec(z.hidden, z.hidden),
              "ln_scale": spec(z.hidden), "ln_bias": spec(z.hidden)}

    def loss(p, tokens, targets):
        x = jnp.take(p["embed"], tokens, axis=0) + p["position"][None]
        x = layer_norm(x + jax.nn.gelu(x @ p["w"]), p["ln_scale"], p["ln_bias"])
        return cross_entropy(x @ p["embed"].T, targets)

    tokens = spec(z.batch // 4, z.seq, dtype=I32)
    return Exported(sgd_train_step(loss), (params, tokens, tokens), donate=(0,))


def moe_topk(z: CorpusSizes) -> Exported:
    tokens = z.batch * z.seq // 4
    capacity = int(math.ceil(1.25 * z.top_k * tokens / z.experts))

    def fn(p, x):
        b, s, h = x.shape
        t = x.reshape(b * s, h)
        gate, expert = lax.top_k(jax.nn.softmax(t @ p["router"], axis=-1), z.top_k)
        gate = gate / jnp.sum(gate, axis=-1, keepdims=True)
        mask = jax.nn.one_hot(expert, z.experts, dtype=F32)  # [t, k, e]
        position = jnp.cumsum(mask.reshape(-1, z.experts), axis=0).reshape(mask.shape) - 1.0
        keep = mask * (position < capacity)
        slot = jax.nn.one_hot(jnp.sum(position * keep, axis=-1).astype(I32), capacity, dtype=F32)  # [t, k, c]
        dispatch = jnp.einsum("tke,tkc->tec", keep, slot)
        combine = jnp.einsum("tk,tke,tkc->tec", gate, keep, slot)
        expert_in = jnp.einsum("tec,th->ech", dispatch, t)
        hidden = jax.nn.gelu(jnp.einsum("ech,ehf->ecf", expert_in, p["w_in"]))
        out = jnp.einsum("ecf,efh->ech", hidden, p["w_out"])
        return jnp.einsum("tec,ech->th", combine, out).reshape(b, s, h)

    params = {"router": spec(z.hidden, z.experts), "w_in": spec(z.experts, z.hidden, z.ffn),
              "w_out": spec(z.experts, z.ffn, z.hidden)}
    return Exported(fn, (params, spec(z.batch // 4, z.seq, z.hidden)))


def adamw_step(z: CorpusSizes) -> Exported:
    params = {"embed": spec(z.vocab, z.hidden), "w_in": spec(z.hidden, z.ffn), "w_out": spec(z.ffn, z.hidden),
              "attn": spec(z.hidden, 3 * z.hidden), "norm": spec(z.hidden)}
    lr, b1, b2, eps, weight_decay = 3e-4, 0.9, 0.95, 1e-8, 0.1

    def fn(p, grads, m, v, step):
        t = (step + 1).astype(F32)
        m = jax.tree.map(lambda m_, g: b1 * m_ + (1 - b1) * g, m, grads)
        v = jax.tree.map(lambda v_, g: b2 * v_ + (1 - b2) * g * g, v, grads)
        p = jax.tree.map(lambda w, m_, v_: w - lr * ((m_ / (1 - b1**t)) / (jnp.sqrt(v_ / (1 - b2**t)) + eps)
                                                     + weight_decay * w), p, m, v)
        return p, m, v, step + 1

    return Exported(fn, (params, params, params, params, spec(dtype=I32)), donate=(0, 2, 3))


# ----------------------------------------------------------------------------------------------------------
# The public models' shapes (examples/llm_steps.py)


def llm_step(model: str, layers: int) -> Callable[[CorpusSizes], Exported]:
    def build(z: CorpusSizes) -> Exported:
        shape = llm_steps.shape_of(model, layers=layers, **z.llm_overrides)
        return Exported(llm_steps.train_step_fn(shape), llm_steps.step_arguments(shape), donate=(0, 1, 2))

    return build


PROGRAMS: dict[str, Callable[[CorpusSizes], Exported]] = {
    "conv_pool_train": conv_pool_train,
    "resnet_bn_train": resnet_bn_train,
    "scan_dense": scan_dense,
    "scan_elementwise": scan_elementwise,
    "fori_dense": fori_dense,
    "fori_elementwise": fori_elementwise,
    "attention_mha_causal": attention_mha_causal,
    "attention_gqa_train": attention_gqa_train,
    "embedding_gather_train": embedding_gather_train,
    "moe_topk": moe_topk,
    "adamw_step": adamw_step,
    "llama3_step": llm_step("llama3-1b", layers=1),
    "mixtral_step": llm_step("mixtral-8x7b", layers=1),
}


def export(name: str, sizes: CorpusSizes = BENCH) -> str:
    """One program's StableHLO text (`jax.jit(f).lower(*args).as_text()`)."""
    if name not in PROGRAMS:
        raise KeyError(f"unknown program {name!r} (known: {', '.join(PROGRAMS)})")
    return PROGRAMS[name](sizes).text()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=sorted(PROGRAMS), help="program to write (repeatable)")
    parser.add_argument("--tiny", action="store_true", help="test sizes instead of the corpus's")
    parser.add_argument("--out", type=Path, required=True, help="folder for NAME.mlir")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only or list(PROGRAMS):
        path = args.out / f"{name}.mlir"
        path.write_text(export(name, TINY if args.tiny else BENCH))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
