"""What the runtime guard costs per training step on CPU, as a ratio to the unguarded loop.

    python bench/runtime_overhead.py [--steps 200] [--rounds 5] [--threads 1] [--models many-tensor ...] [--device cuda]

Each model trains the same loop (zero_grad, forward, backward, clip, step),
the same model and optimizer unguarded and under `guard(model, optimizer)` in
alternating runs; a run's time is its median step (CPU time of this process:
a loaded machine stretches its wall time, much less its CPU time, and a step
a load spike stretched does not count; on a GPU the run's mean, wall time
after synchronising); the table shows the median of the
runs and the median of the rounds' ratios (a round's two runs are neighbours
in time, so the load mostly cancels in their ratio), with its quartiles and range.
The many-tensor model (162 parameter tensors of width 16) is where the
guard's cost per parameter shows most: the goal there is at most 1.10x on CPU.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from zerograd_lint.runtime import guard

Batch = tuple[torch.Tensor, torch.Tensor]


def mlp() -> tuple[torch.nn.Module, Batch]:
    model = torch.nn.Sequential(
        torch.nn.Linear(784, 256), torch.nn.ReLU(), torch.nn.Linear(256, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10)
    )
    return model, (torch.randn(64, 784), torch.randint(0, 10, (64,)))


class TinyTransformer(torch.nn.Module):
    def __init__(self, vocabulary: int = 1000, width: int = 128, layers: int = 2) -> None:
        super().__init__()
        self.embed = torch.nn.Embedding(vocabulary, width)
        layer = torch.nn.TransformerEncoderLayer(width, nhead=4, dim_feedforward=4 * width, batch_first=True)
        self.encoder = torch.nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.head = torch.nn.Linear(width, vocabulary)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.head(self.encoder(self.embed(tokens))).flatten(0, 1)


def transformer() -> tuple[torch.nn.Module, Batch]:
    tokens = torch.randint(0, 1000, (16, 32))
    return TinyTransformer(), (tokens, torch.randint(0, 1000, (16 * 32,)))


def many_tensor(layers: int = 80, width: int = 16) -> tuple[torch.nn.Module, Batch]:
    """160 small parameter tensors: torch's work per tensor is tiny, so the guard's per-tensor work shows."""
    blocks = [block for _ in range(layers) for block in (torch.nn.Linear(width, width), torch.nn.Tanh())]
    model = torch.nn.Sequential(*blocks, torch.nn.Linear(width, 10))
    return model, (torch.randn(8, width), torch.randint(0, 10, (8,)))


MODELS: dict[str, Callable[[], tuple[torch.nn.Module, Batch]]] = {
    "mlp": mlp, "transformer": transformer, "many-tensor": many_tensor,
}


def clock(device: torch.device) -> Callable[[], float]:
    """On CPU this process's CPU time; on a GPU wall time once the device has done its work."""
    if device.type != "cuda":
        return time.process_time

    def synchronised() -> float:
        torch.cuda.synchronize(device)
        return time.perf_counter()

    return synchronised


def paired_rounds(
    make: Callable[[], tuple[torch.nn.Module, Batch]], steps: int, rounds: int, device: torch.device
) -> list[tuple[float, float]]:
    """Seconds per step of one model and optimizer, unguarded and under `guard()`, round after round.

    The two runs of a round are neighbours in time, in alternating order, so
    the machine's load (it is shared) mostly cancels in their ratio.
    """
    torch.manual_seed(0)
    model, batch = make()
    model = model.to(device)
    inputs, targets = (tensor.to(device) for tensor in batch)
    now = clock(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def train(count: int) -> None:
        for _ in range(count):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(inputs), targets)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()

    def timed(count: int) -> float:
        start = now()
        train(count)
        return (now() - start) / count

    def seconds_per_step(guarded: bool) -> float:
        """On CPU the run's median step (one a load spike stretched does not count); on a GPU, which runs
        ahead of the host, the whole run's mean, synchronised once."""
        with guard(model, opt, mode="collect") if guarded else contextlib.nullcontext() as session:
            train(3)  # warm-up (and the guard's first steps, before its states settle)
            seconds = timed(steps) if device.type == "cuda" else statistics.median([timed(1) for _ in range(steps)])
        assert not guarded or session.findings == [], session.findings
        return seconds

    train(5)
    pairs = []
    for round in range(rounds):
        first, second = (False, True) if round % 2 == 0 else (True, False)
        times = {first: seconds_per_step(first), second: seconds_per_step(second)}
        pairs.append((times[False], times[True]))
    return pairs


def quartiles(values: list[float]) -> tuple[float, float, float]:
    low, median, high = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    return low, median, high


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1 keeps a shared machine's noise low)")
    parser.add_argument("--models", nargs="+", choices=sorted(MODELS), default=list(MODELS))
    parser.add_argument("--device", default="cpu", help="cpu, or cuda: timed by the wall clock after synchronising")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    print(f"torch {torch.__version__} on {args.device}, {torch.get_num_threads()} threads, {args.steps} steps x {args.rounds} rounds")
    print(f"{'model':<12} {'parameters':>10} {'unguarded ms':>13} {'guarded ms':>11} {'ratio':>6}  ratio of each round: quartiles, range")
    for name in args.models:
        make = MODELS[name]
        pairs = paired_rounds(make, args.steps, args.rounds, torch.device(args.device))
        plain, guarded = [base for base, _ in pairs], [watched for _, watched in pairs]
        parameters = len(list(make()[0].parameters()))
        ratios = [watched / base for base, watched in zip(plain, guarded)]
        low, median, high = quartiles(ratios)
        print(
            f"{name:<12} {parameters:>10} {statistics.median(plain) * 1e3:>13.3f} {statistics.median(guarded) * 1e3:>11.3f} "
            f"{median:>5.3f}x  {low:.3f}-{high:.3f}, {min(ratios):.3f}-{max(ratios):.3f}"
        )


if __name__ == "__main__":
    main()
