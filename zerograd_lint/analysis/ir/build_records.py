"""What one root's build finds that the file's analyses read, kept per root.

A root's build (with the helpers it inlines) notes what it sees of the optimizers: the model each is built from, the
elements a container of them holds, the optimizers handed to the call building one, what each model's construction
reads, the `if` arms a loss is scaled in. Each build writes only its own record and reads only its own, so a root's
IR is the same whichever other roots were built before it, or whether they were built at all (`facts.built_roots`
builds a root only where no root analysed inlines it). The file's view, which the analyses read, is the records of
the roots analysed merged (`Builder.analysed_root`), each merge the same in any order but `derived`'s (the roots'
order: the first root analysed that builds the optimizer says what it was handed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, MutableMapping, TypeVar

import libcst as cst

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


@dataclass
class BuildRecord:
    """What one build of a root found."""

    # Optimizer key -> the model it is built from: keys that are not the root's own locals (`self.optimizer`), and
    # those that are (a local name is local to its function: another function's `optimizer` is another optimizer).
    models: dict[str, frozenset[str]] = field(default_factory=dict)
    local_models: dict[str, frozenset[str]] = field(default_factory=dict)
    # The key of an element of a container of optimizers (`opt` of `for opt in optimizers:` is `optimizers`) -> the
    # keys of the elements the container visibly holds (empty: its contents are not visible).
    containers: dict[str, frozenset[str]] = field(default_factory=dict)
    derived: dict[str, frozenset[str]] = field(default_factory=dict)  # optimizer key -> optimizers handed to its building
    # A model key -> what its one visible construction's arguments read (`Resolver.construction_reads`; None: not
    # one visible construction).
    built_from: dict[str, frozenset[str] | None] = field(default_factory=dict)
    # `loss = scaler.scale(loss)` -> the `if` arms it is written in, as this build last passed it.
    scaled_under: dict[cst.Call, tuple[tuple[cst.BaseExpression, bool], ...]] = field(default_factory=dict)


def agreed(found: MutableMapping[Key, Value], key: Key, value: Value, unknown: Value) -> None:
    """`found[key]` takes `value` where every place that says agrees, `unknown` where two disagree."""
    found[key] = value if found.get(key, value) == value else unknown
