"""Placeholder: replaced by the real data-flow facts."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst


@dataclass(frozen=True)
class FileFacts:
    module: cst.Module


def build_facts(module: cst.Module) -> FileFacts:
    return FileFacts(module)
