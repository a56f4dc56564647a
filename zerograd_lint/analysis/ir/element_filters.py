"""A filter of a loop's element around the gradients the loop writes: `for name in state_dict: if "running_mean" in
name: continue; state_dict[name].grad = g[...]` (a federated client's corrected gradients written back, the batch-norm
buffers skipped).

The test says which elements are written, not whether the loop writes: over the loop, the collection's gradients are
written, as the unfiltered loop writes them. Read as a condition of the iteration instead, the flow would join the
path where no element was written (every one skipped) with the written one, and a clear before the loop would seem to
leave the step nothing on some paths.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.ir.nodes import Accumulate, Assign, Block, GradAccess, GradWrite, NextParameter, Rebind, events_in
from zerograd_lint.analysis.ir.state_events import names_read

# What a loop writing gradients by hand does beside the write: the element's offset and size, its `.grad` read.
BESIDE_THE_WRITE = (GradWrite, GradAccess, Assign, Rebind, Accumulate, NextParameter)


def filters_the_element(test: cst.BaseExpression, element: frozenset[str]) -> bool:
    """Whether `test` reads nothing but the names the loop's target binds (`element`), and not their gradient:
    `"running_mean" in name`, `not p.requires_grad`, `name.startswith("bn")`; not `p.grad is None` (which says
    whether there is a gradient), nor a test of anything else (`if self.corrected:`)."""
    chains = names_read(test)
    return bool(chains) and all(
        chain.split(".", 1)[0] in element and "grad" not in chain.split(".")[1:] for chain in chains
    )


def writes_gradients_only(block: Block) -> bool:
    """Whether `block` writes gradients by hand and does nothing else to the lifecycle (no clear, backward, step)."""
    events = list(events_in(block))
    return any(isinstance(e, GradWrite) for e in events) and all(isinstance(e, BESIDE_THE_WRITE) for e in events)
