"""The text stage over the standard library and the installed torch package: it never rules out what the tree stage
lets through. A file of its own (tests/test_robustness.py holds the run over the same files): each parses some
60 MB of code, and under `--dist loadfile` two files go to two workers rather than one after the other."""

from __future__ import annotations

import ast

import pytest
from test_robustness import real_world_files

from zerograd_lint.core.gate import NEEDS, summarize
from zerograd_lint.files.runner import collector_tuned_for_one_file
from zerograd_lint.files.source import UndecodableSource, ascii_compatible, decode_source

pytestmark = pytest.mark.slow  # the standard library and torch, parsed


def test_the_text_stage_never_rules_out_what_the_tree_stage_lets_through():
    for path in real_world_files():
        data = path.read_bytes()
        if not ascii_compatible(data):
            continue
        ruled_out = [need for need in NEEDS.values() if not need.in_source(data)]
        if len(ruled_out) == len(NEEDS) and not any(word in data for word in (b"backward", b"grad", b"update", b"step")):
            continue  # none of the words the tree stage looks for: nothing to parse
        try:
            with collector_tuned_for_one_file():  # as the tree stage runs: the collector kept off a tree of no cycles
                summary = summarize(ast.parse(decode_source(data)))
        except (SyntaxError, UndecodableSource, RecursionError, ValueError):
            continue
        for need in ruled_out:
            assert not need.in_tree(summary), (need.name, path)
