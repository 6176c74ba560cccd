"""LLaMA-3-, Mixtral-, Pythia- and Gemma-2-shaped training steps from their published dimensions, exported as StableHLO (needs [xla]).

A step is what a user jits: the loss (token embedding, pre-norm decoder layers with RMSNorm, rotary grouped-query
causal attention and a SwiGLU MLP or a top-k mixture of SwiGLU experts, final norm, an untied or tied head,
cross-entropy), its gradient, and an AdamW update. Parameters and the two optimizer moments are donated, as a
training loop donates them, so XLA writes the new state into the old state's buffers (`tf.aliasing_output`).
Layers are unrolled (one set of weights per layer, as the public LLaMA code writes them); `checkpoint=True` wraps
each layer in `jax.checkpoint` (saves nothing but the layer's input). Parameters are f32, or bf16 with f32
optimizer moments (`dtype="bf16"`). Traced on abstract shapes only: nothing is allocated, any size exports.

    python examples/llm_steps.py llama3-8b --layers 2 --seq 512 --batch 16 [--checkpoint] [--bf16] -o step.mlir
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, replace
from pathlib import Path


@dataclass(frozen=True)
class LlmShape:
    """The published dimensions of a decoder-only model, and the batch a step trains on."""

    name: str
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    ffn: int
    vocab: int
    tied_embeddings: bool = False
    experts: int = 0  # 0: a dense SwiGLU MLP; else a top-k mixture of SwiGLU experts
    top_k: int = 2
    capacity_factor: float = 1.25
    batch: int = 64
    seq: int = 1024
    checkpoint: bool = False
    dtype: str = "f32"  # parameters' dtype; optimizer moments stay f32
    #: "llama": RMSNorm, rotary over every head dim, SwiGLU, attention then MLP; "neox" (GPT-NeoX, Pythia):
    #: LayerNorm with bias, one fused query/key/value projection with bias (per head: q, k, v), rotary over a
    #: quarter of each head, GELU MLP with biases, attention and MLP in parallel on the same input; "gemma2":
    #: embeddings scaled by sqrt(hidden), RMSNorm with (1 + scale) before and after attention and MLP, attention
    #: logits soft-capped (tanh) and every other layer's attention within a sliding window, GeGLU (tanh GELU),
    #: final logits soft-capped
    family: str = "llama"
    #: clip the gradients to this global L2 norm before the update (None: no clipping)
    clip_norm: float | None = None
    #: a head's dims where they are not hidden / heads (Gemma 2)
    attention_head_dim: int | None = None

    @property
    def head_dim(self) -> int:
        return self.attention_head_dim or self.hidden // self.heads

    @property
    def tag(self) -> str:
        """A file-name tag naming every size that differs from nothing: model, layers, batch, seq, options."""
        return (f"{self.name}_L{self.layers}_b{self.batch}_s{self.seq}" + ("_ckpt" if self.checkpoint else "")
                + ("_bf16" if self.dtype == "bf16" else ""))

    def parameter_count(self) -> int:
        head = 0 if self.tied_embeddings else self.vocab * self.hidden
        if self.family == "neox":
            attention = 4 * self.hidden * self.hidden + 4 * self.hidden
            layer = attention + 2 * self.hidden * self.ffn + self.ffn + self.hidden + 4 * self.hidden
            return self.layers * layer + self.vocab * self.hidden + head + 2 * self.hidden
        attention = self.hidden * self.head_dim * (2 * self.heads + 2 * self.kv_heads)
        mlp = 3 * self.hidden * self.ffn * max(self.experts, 1) + (self.hidden * self.experts if self.experts else 0)
        layer = attention + mlp + (4 if self.family == "gemma2" else 2) * self.hidden
        return self.layers * layer + self.vocab * self.hidden + head + self.hidden


#: published dimensions (Meta's LLaMA 3 / 3.2 model cards and configs; Mistral's Mixtral-8x7B config; Qwen's
#: Qwen2.5-7B config, its query/key/value biases left out: 28 heads and 4 key-value heads, which an 8-way axis
#: does not divide; EleutherAI's Pythia-6.9B config, trained with gradients clipped to norm 1; Google's
#: Gemma-2-9B config: 256-dim heads, soft-capping at 50 (attention) and 30 (logits), a 4096-token window)
MODELS = {
    "llama3-1b": LlmShape("llama3-1b", layers=16, hidden=2048, heads=32, kv_heads=8, ffn=8192, vocab=128256,
                          tied_embeddings=True),
    "llama3-3b": LlmShape("llama3-3b", layers=28, hidden=3072, heads=24, kv_heads=8, ffn=8192, vocab=128256,
                          tied_embeddings=True),
    "llama3-8b": LlmShape("llama3-8b", layers=32, hidden=4096, heads=32, kv_heads=8, ffn=14336, vocab=128256),
    "llama3-70b": LlmShape("llama3-70b", layers=80, hidden=8192, heads=64, kv_heads=8, ffn=28672, vocab=128256),
    "qwen2.5-7b": LlmShape("qwen2.5-7b", layers=28, hidden=3584, heads=28, kv_heads=4, ffn=18944, vocab=152064),
    "mixtral-8x7b": LlmShape("mixtral-8x7b", layers=32, hidden=4096, heads=32, kv_heads=8, ffn=14336, vocab=32000,
                             experts=8, top_k=2),
    "pythia-6.9b": LlmShape("pythia-6.9b", layers=32, hidden=4096, heads=32, kv_heads=32, ffn=16384, vocab=50432,
                            family="neox", clip_norm=1.0),
    "gemma2-9b": LlmShape("gemma2-9b", layers=42, hidden=3584, heads=16, kv_heads=8, ffn=14336, vocab=256000,
                          tied_embeddings=True, family="gemma2", attention_head_dim=256),
}

#: Gemma 2's attention and final-logit soft caps, its sliding window (every other layer, from the first)
GEMMA2_ATTENTION_CAP, GEMMA2_LOGIT_CAP, GEMMA2_WINDOW = 50.0, 30.0, 4096


def shape_of(model: str, **overrides) -> LlmShape:
    """A published shape with sizes overridden (None values are ignored)."""
    if model not in MODELS:
        raise KeyError(f"unknown model {model!r} (known: {', '.join(MODELS)})")
    return replace(MODELS[model], **{k: v for k, v in overrides.items() if v is not None})


# ----------------------------------------------------------------------------------------------------------
# The program, in jax


def _jax():
    import jax  # noqa: PLC0415  (the [xla] extra)
    import jax.numpy as jnp  # noqa: PLC0415

    return jax, jnp


def parameter_specs(s: LlmShape) -> dict:
    """Abstract parameters: {'embed', 'layers': [per-layer dict], 'norm', 'head'?}."""
    jax, jnp = _jax()
    dt = jnp.bfloat16 if s.dtype == "bf16" else jnp.float32

    def spec(*shape):
        return jax.ShapeDtypeStruct(shape, dt)

    def neox_layer():
        return {"attn_norm": spec(s.hidden), "attn_norm_bias": spec(s.hidden), "w_qkv": spec(s.hidden, 3 * s.hidden),
                "b_qkv": spec(3 * s.hidden), "wo": spec(s.hidden, s.hidden), "bo": spec(s.hidden),
                "mlp_norm": spec(s.hidden), "mlp_norm_bias": spec(s.hidden), "w_fc": spec(s.hidden, s.ffn),
                "b_fc": spec(s.ffn), "w_proj": spec(s.ffn, s.hidden), "b_proj": spec(s.hidden)}

    def layer():
        if s.family == "neox":
            return neox_layer()
        p = {"attn_norm": spec(s.hidden), "wq": spec(s.hidden, s.heads * s.head_dim),
             "wk": spec(s.hidden, s.kv_heads * s.head_dim), "wv": spec(s.hidden, s.kv_heads * s.head_dim),
             "wo": spec(s.heads * s.head_dim, s.hidden), "mlp_norm": spec(s.hidden)}
        if s.experts:
            p |= {"router": spec(s.hidden, s.experts), "w_gate": spec(s.experts, s.hidden, s.ffn),
                  "w_up": spec(s.experts, s.hidden, s.ffn), "w_down": spec(s.experts, s.ffn, s.hidden)}
        else:
            p |= {"w_gate": spec(s.hidden, s.ffn), "w_up": spec(s.hidden, s.ffn), "w_down": spec(s.ffn, s.hidden)}
        if s.family == "gemma2":
            p |= {"post_attn_norm": spec(s.hidden), "post_mlp_norm": spec(s.hidden)}
        return p

    params = {"embed": spec(s.vocab, s.hidden), "layers": [layer() for _ in range(s.layers)], "norm": spec(s.hidden)}
    if s.family == "neox":
        params["norm_bias"] = spec(s.hidden)
    if not s.tied_embeddings:
        params["head"] = spec(s.hidden, s.vocab)
    return params


def _rms_norm(x, scale, eps=1e-5, offset=0.0):
    """RMSNorm; Gemma's scales by (1 + scale): `offset` 1, eps 1e-6."""
    jax, jnp = _jax()
    x32 = x.astype(jnp.float32)
    normed = x32 * jax.lax.rsqrt(jnp.mean(x32 * x32, axis=-1, keepdims=True) + eps)
    scale = scale.astype(jnp.float32)
    return (normed * (offset + scale if offset else scale)).astype(x.dtype)


def _gemma_norm(x, scale):
    return _rms_norm(x, scale, eps=1e-6, offset=1.0)


def _soft_cap(x, cap):
    _, jnp = _jax()
    return jnp.tanh(x / cap) * cap


def _layer_norm(x, scale, bias, eps=1e-5):
    jax, jnp = _jax()
    x32 = x.astype(jnp.float32)
    centered = x32 - jnp.mean(x32, axis=-1, keepdims=True)
    normed = centered * jax.lax.rsqrt(jnp.mean(centered * centered, axis=-1, keepdims=True) + eps)
    return (normed * scale.astype(jnp.float32) + bias.astype(jnp.float32)).astype(x.dtype)


def _rotary(x, theta=500000.0):
    """Rotary position embedding over [batch, seq, heads, head_dim] (rotate-half form)."""
    _, jnp = _jax()
    seq, dim = x.shape[1], x.shape[-1]
    inv_freq = 1.0 / theta ** (jnp.arange(0, dim, 2, dtype=jnp.float32) / dim)
    angles = jnp.arange(seq, dtype=jnp.float32)[:, None] * inv_freq[None, :]
    cos = jnp.concatenate([jnp.cos(angles)] * 2, axis=-1)[None, :, None, :].astype(x.dtype)
    sin = jnp.concatenate([jnp.sin(angles)] * 2, axis=-1)[None, :, None, :].astype(x.dtype)
    half = dim // 2
    rotated = jnp.concatenate([-x[..., half:], x[..., :half]], axis=-1)
    return x * cos + rotated * sin


def _attention(s: LlmShape, p, x, local: bool = False):
    """Grouped-query causal attention; Gemma 2's logits soft-capped, within its window where `local`."""
    jax, jnp = _jax()
    b, t, _ = x.shape
    groups = s.heads // s.kv_heads
    theta = 10000.0 if s.family == "gemma2" else 500000.0
    q = _rotary((x @ p["wq"]).reshape(b, t, s.heads, s.head_dim), theta)
    k = _rotary((x @ p["wk"]).reshape(b, t, s.kv_heads, s.head_dim), theta)
    v = (x @ p["wv"]).reshape(b, t, s.kv_heads, s.head_dim)
    q = q.reshape(b, t, s.kv_heads, groups, s.head_dim)
    scores = jnp.einsum("btkgd,bskd->bkgts", q, k).astype(jnp.float32) / jnp.sqrt(float(s.head_dim))
    if s.family == "gemma2":
        scores = _soft_cap(scores, GEMMA2_ATTENTION_CAP)
    causal = jnp.tril(jnp.ones((t, t), dtype=bool))
    if local:
        causal = causal & ~jnp.tril(jnp.ones((t, t), dtype=bool), -GEMMA2_WINDOW)
    scores = jnp.where(causal, scores, jnp.finfo(jnp.float32).min)
    weights = jax.nn.softmax(scores, axis=-1).astype(x.dtype)
    out = jnp.einsum("bkgts,bskd->btkgd", weights, v).reshape(b, t, s.heads * s.head_dim)
    return out @ p["wo"]


def _neox_attention(s: LlmShape, p, x):
    """Multi-head attention from one fused projection laid out per head as (q, k, v); rotary over the first
    quarter of each head's dims (GPT-NeoX's rotary_pct 0.25, base 10000)."""
    jax, jnp = _jax()
    b, t, _ = x.shape
    qkv = (x @ p["w_qkv"] + p["b_qkv"]).reshape(b, t, s.heads, 3 * s.head_dim)
    q, k, v = jnp.split(qkv, 3, axis=-1)
    rot = s.head_dim // 4
    q = jnp.concatenate([_rotary(q[..., :rot], theta=10000.0), q[..., rot:]], axis=-1)
    k = jnp.concatenate([_rotary(k[..., :rot], theta=10000.0), k[..., rot:]], axis=-1)
    scores = jnp.einsum("bthd,bshd->bhts", q, k).astype(jnp.float32) / jnp.sqrt(float(s.head_dim))
    causal = jnp.tril(jnp.ones((t, t), dtype=bool))
    scores = jnp.where(causal, scores, jnp.finfo(jnp.float32).min)
    weights = jax.nn.softmax(scores, axis=-1).astype(x.dtype)
    out = jnp.einsum("bhts,bshd->bthd", weights, v).reshape(b, t, s.hidden)
    return out @ p["wo"] + p["bo"]


def _gelu_mlp(p, x):
    jax, _ = _jax()
    return jax.nn.gelu(x @ p["w_fc"] + p["b_fc"], approximate=False) @ p["w_proj"] + p["b_proj"]


def _swiglu(x, w_gate, w_up, w_down):
    jax, _ = _jax()
    return (jax.nn.silu(x @ w_gate) * (x @ w_up)) @ w_down


def _moe(s: LlmShape, p, x):
    """Top-k routing with per-expert capacity (GShard-style one-hot dispatch and combine)."""
    jax, jnp = _jax()
    b, t, h = x.shape
    tokens = x.reshape(b * t, h)
    gates = jax.nn.softmax((tokens @ p["router"]).astype(jnp.float32), axis=-1)
    top_gates, top_experts = jax.lax.top_k(gates, s.top_k)
    top_gates = top_gates / jnp.sum(top_gates, axis=-1, keepdims=True)
    capacity = max(1, int(s.capacity_factor * b * t * s.top_k / s.experts))
    expert_mask = jax.nn.one_hot(top_experts, s.experts, dtype=jnp.int32)  # [tokens, k, experts]
    position = jnp.cumsum(expert_mask.reshape(-1, s.experts), axis=0).reshape(expert_mask.shape) - 1
    kept = expert_mask * (position < capacity)
    slot = jax.nn.one_hot(jnp.sum(position * kept, axis=-1), capacity, dtype=x.dtype)  # [tokens, k, capacity]
    dispatch = jnp.einsum("tke,tkc->tec", kept.astype(x.dtype), slot)
    combine = jnp.einsum("tke,tkc,tk->tec", kept.astype(x.dtype), slot, top_gates.astype(x.dtype))
    expert_in = jnp.einsum("tec,th->ech", dispatch, tokens)
    hidden = jax.nn.silu(jnp.einsum("ech,ehf->ecf", expert_in, p["w_gate"])) * jnp.einsum(
        "ech,ehf->ecf", expert_in, p["w_up"])
    expert_out = jnp.einsum("ecf,efh->ech", hidden, p["w_down"])
    return jnp.einsum("tec,ech->th", combine, expert_out).reshape(b, t, h)


def _geglu(x, w_gate, w_up, w_down):
    jax, _ = _jax()
    return (jax.nn.gelu(x @ w_gate, approximate=True) * (x @ w_up)) @ w_down


def _layer(s: LlmShape, p, x, index: int = 0):
    if s.family == "gemma2":  # norms before and after each block; every other layer attends within a window
        x = x + _gemma_norm(_attention(s, p, _gemma_norm(x, p["attn_norm"]), local=index % 2 == 0),
                            p["post_attn_norm"])
        return x + _gemma_norm(_geglu(_gemma_norm(x, p["mlp_norm"]), p["w_gate"], p["w_up"], p["w_down"]),
                               p["post_mlp_norm"])
    if s.family == "neox":  # parallel residual
        return (x + _neox_attention(s, p, _layer_norm(x, p["attn_norm"], p["attn_norm_bias"]))
                + _gelu_mlp(p, _layer_norm(x, p["mlp_norm"], p["mlp_norm_bias"])))
    x = x + _attention(s, p, _rms_norm(x, p["attn_norm"]))
    h = _rms_norm(x, p["mlp_norm"])
    return x + (_moe(s, p, h) if s.experts else _swiglu(h, p["w_gate"], p["w_up"], p["w_down"]))


def loss_fn(s: LlmShape):
    jax, jnp = _jax()
    def layer(p, x, index):
        if s.checkpoint:
            return jax.checkpoint(lambda p, x: _layer(s, p, x, index))(p, x)
        return _layer(s, p, x, index)

    def final_norm(params, x):
        if s.family == "neox":
            return _layer_norm(x, params["norm"], params["norm_bias"])
        return _gemma_norm(x, params["norm"]) if s.family == "gemma2" else _rms_norm(x, params["norm"])

    def loss(params, tokens, targets):
        x = params["embed"][tokens]
        if s.family == "gemma2":
            x = x * jnp.asarray(s.hidden**0.5, x.dtype)
        for index, p in enumerate(params["layers"]):
            x = layer(p, x, index)
        x = final_norm(params, x)
        head = params["embed"].T if s.tied_embeddings else params["head"]
        logits = (x @ head).astype(jnp.float32)
        if s.family == "gemma2":
            logits = _soft_cap(logits, GEMMA2_LOGIT_CAP)
        log_probs = jax.nn.log_softmax(logits, axis=-1)
        picked = jnp.take_along_axis(log_probs, targets[..., None], axis=-1)
        return -jnp.mean(picked)

    return loss


def train_step_fn(s: LlmShape, lr=3e-4, b1=0.9, b2=0.95, eps=1e-8, weight_decay=0.1):
    """(params, m, v, step, tokens, targets) -> (params, m, v, loss): one AdamW step."""
    jax, jnp = _jax()
    loss = loss_fn(s)

    def step_fn(params, m, v, step, tokens, targets):
        value, grads = jax.value_and_grad(loss)(params, tokens, targets)
        if s.clip_norm is not None:  # optax.clip_by_global_norm
            norm = jnp.sqrt(sum(jnp.sum(jnp.square(g.astype(jnp.float32))) for g in jax.tree.leaves(grads)))
            scale = jnp.minimum(1.0, s.clip_norm / (norm + 1e-6))
            grads = jax.tree.map(lambda g: (g.astype(jnp.float32) * scale).astype(g.dtype), grads)
        t = (step + 1).astype(jnp.float32)

        def update(p, g, m_, v_):
            g = g.astype(jnp.float32)
            m_ = b1 * m_ + (1 - b1) * g
            v_ = b2 * v_ + (1 - b2) * g * g
            m_hat, v_hat = m_ / (1 - b1**t), v_ / (1 - b2**t)
            p32 = p.astype(jnp.float32)
            p32 = p32 - lr * (m_hat / (jnp.sqrt(v_hat) + eps) + weight_decay * p32)
            return p32.astype(p.dtype), m_, v_

        updated = jax.tree.map(update, params, grads, m, v)  # a (p, m, v) tuple at each parameter's place
        new_params, new_m, new_v = (jax.tree.map(lambda _, u, i=i: u[i], params, updated) for i in range(3))
        return new_params, new_m, new_v, value

    return step_fn


def step_arguments(s: LlmShape) -> tuple:
    """Abstract (params, m, v, step, tokens, targets)."""
    jax, jnp = _jax()
    params = parameter_specs(s)
    moment = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, jnp.float32), params)
    ids = jax.ShapeDtypeStruct((s.batch, s.seq), jnp.int32)
    return params, moment, moment, jax.ShapeDtypeStruct((), jnp.int32), ids, ids


def jitted_step(s: LlmShape, in_shardings=None, out_shardings=None):
    """`jax.jit` of the step with parameters and moments donated, as a training loop writes it; shardings as
    `jax.jit` takes them (None: unspecified)."""
    jax, _ = _jax()
    kwargs = {}
    if in_shardings is not None:
        kwargs["in_shardings"] = in_shardings
    if out_shardings is not None:
        kwargs["out_shardings"] = out_shardings
    return jax.jit(train_step_fn(s), donate_argnums=(0, 1, 2), **kwargs)


def export(s: LlmShape) -> str:
    """The step's StableHLO text, unsharded (`jax.jit(f).lower(*args).as_text()`)."""
    return jitted_step(s).lower(*step_arguments(s)).as_text()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", choices=sorted(MODELS))
    parser.add_argument("--layers", type=int)
    parser.add_argument("--batch", type=int)
    parser.add_argument("--seq", type=int)
    parser.add_argument("--checkpoint", action="store_true", help="jax.checkpoint around each layer")
    parser.add_argument("--bf16", action="store_true", help="bf16 parameters, f32 optimizer moments")
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args(argv)
    s = shape_of(args.model, layers=args.layers, batch=args.batch, seq=args.seq, checkpoint=args.checkpoint or None,
                 dtype="bf16" if args.bf16 else None)
    text = export(s)
    tmp = args.output.with_name(args.output.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(args.output)
    print(f"{args.output}: {s.tag}, {s.parameter_count() / 1e9:.2f}B parameters, {len(text) // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
