"""Under torchrun: the findings of every rank merged into one report, written by rank 0.

    torchrun --nproc_per_node=2 -m zerograd_lint run train.py

Each rank runs the script under its own guard. When the script is done, every
rank posts its findings to the rendezvous store that torchrun's agent keeps
for the whole job (so it outlives the script's own process group); rank 0
waits for all of them, merges them (one finding per code and position, with
the ranks it was seen on) and reports; the other ranks wait for rank 0 to be
done, so that none exits while it still reads. A job that torchrun did not
start (no agent store) reports per process, as before.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from zerograd_lint.base.diagnostics import Diagnostic

# How long rank 0 waits for the slowest rank to finish its script, and the others for rank 0.
WAIT = timedelta(minutes=30)


@dataclass(frozen=True)
class Job:
    """This process's place in a torchrun job."""

    rank: int
    world_size: int
    host: str
    port: int
    prefix: str  # keys of this run (and restart) in the store

    @classmethod
    def from_environment(cls, environment: dict[str, str] | None = None) -> Job | None:
        env = os.environ if environment is None else environment
        try:
            world_size = int(env.get("WORLD_SIZE", "1"))
            if world_size < 2 or env.get("TORCHELASTIC_USE_AGENT_STORE") != "True":
                return None
            run = f"{env.get('TORCHELASTIC_RUN_ID', 'job')}/{env.get('TORCHELASTIC_RESTART_COUNT', '0')}"
            return cls(int(env["RANK"]), world_size, env["MASTER_ADDR"], int(env["MASTER_PORT"]), f"zerograd_lint/{run}/")
        except (KeyError, ValueError):
            return None

    def _store(self) -> Any:
        from torch.distributed import TCPStore

        return TCPStore(self.host, self.port, is_master=False, timeout=WAIT, wait_for_workers=False)

    def merged(self, findings: Sequence[Diagnostic]) -> list[Diagnostic] | None:
        """Rank 0: every rank's findings, merged; the other ranks: None, once rank 0 has them all."""
        store = self._store()
        store.set(f"{self.prefix}rank/{self.rank}", json.dumps([d.as_json() for d in findings]))
        if self.rank != 0:
            store.wait([f"{self.prefix}done"], WAIT)
            return None
        keys = [f"{self.prefix}rank/{rank}" for rank in range(self.world_size)]
        store.wait(keys, WAIT)
        per_rank = [[Diagnostic.of_json(item) for item in json.loads(store.get(key))] for key in keys]
        store.set(f"{self.prefix}done", "1")
        return merge(per_rank)


def merge(per_rank: Sequence[Sequence[Diagnostic]]) -> list[Diagnostic]:
    """One finding per code and position, carrying the ranks it was seen on (in its message too)."""
    ranks: dict[tuple[str, int, int, str], list[int]] = {}
    first: dict[tuple[str, int, int, str], Diagnostic] = {}
    for rank, findings in enumerate(per_rank):
        for d in findings:
            key = (d.path, d.line, d.column, d.code)
            first.setdefault(key, d)
            if rank not in ranks.setdefault(key, []):
                ranks[key].append(rank)
    merged = [
        dataclasses.replace(d, message=f"{d.message} ({describe_ranks(ranks[key])})", ranks=tuple(ranks[key]))
        for key, d in first.items()
    ]
    return sorted(merged, key=lambda d: d.sort_key)


def describe_ranks(ranks: Sequence[int]) -> str:
    """`rank 1`, `ranks 0, 1`, `ranks 0-7`."""
    if len(ranks) == 1:
        return f"rank {ranks[0]}"
    runs: list[list[int]] = []
    for rank in sorted(ranks):
        if runs and rank == runs[-1][-1] + 1:
            runs[-1].append(rank)
        else:
            runs.append([rank])
    parts = [f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs]
    return "ranks " + ", ".join(parts)
