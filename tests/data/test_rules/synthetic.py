"""Reports every call to a marker function, at the call (a stand-in for a real rule's check)."""

from __future__ import annotations

from typing import Iterator

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from zerograd_lint.rules import Finding


def marker_calls(facts, marker: str) -> Iterator[Finding]:
    wrapper = MetadataWrapper(facts.module)
    positions = wrapper.resolve(PositionProvider)
    for node, position in positions.items():
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == marker:
            yield Finding(
                position.start.line,
                position.start.column + 1,
                position.end.line,
                position.end.column + 1,
                f"call to {marker}() (test-only rule)",
            )
