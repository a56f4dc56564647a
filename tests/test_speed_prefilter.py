"""The prefilter is precise but never loses a report.

Checked against the rules' own INVALID examples, every fixture that expects
reports, the generated training tree, and code written to sit on the
prefilter's edges: whatever the prefilter rules out, the engine run without
it reports nothing on.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO
from zerograd_lint import engine
from zerograd_lint.prefilter import may_report, mentions_gradient_lifecycle, needs_analysis
from zerograd_lint.rules import all_rules


def invalid_examples() -> list[str]:
    return [example for rule in all_rules() for example in (*rule.invalid, rule.example) if rule.code != "ZG000"]


def fixtures_with_reports() -> list[Path]:
    return [path for path in sorted(FIXTURES.glob("*.py")) if re.search(r"^# expect: ZG[1-9]", path.read_text(), re.M)]


def analyse_without_prefilter(source: str, monkeypatch) -> list:
    """The engine's reports as if every file passed; ZG000 is only ever reported for files that pass."""
    with monkeypatch.context() as patched:
        patched.setattr(engine, "may_report", lambda _: True)
        patched.setattr(engine, "needs_analysis", lambda _: True)
        return [d for d in engine.analyze_source(source) if d.code != "ZG000"]


def passes_every_stage(source: str) -> bool:
    return may_report(source) and may_report(source.encode()) and mentions_gradient_lifecycle(source)


def test_every_invalid_rule_example_passes_the_prefilter():
    examples = invalid_examples()
    assert examples
    for example in examples:
        assert passes_every_stage(example), example


def test_every_fixture_with_expected_reports_passes_the_prefilter():
    for path in fixtures_with_reports():
        assert passes_every_stage(path.read_text()), path


EDGE_CASES = {
    # Must pass: the engine may report on these.
    "spaced call": ("for b in data:\n    loss . backward ()\n    opt . step ()\n", True),
    "parenthesised call": ("for b in data:\n    (loss.backward)()\n    (opt.step)()\n", True),
    "call across lines": ("for b in data:\n    loss.backward\\\n        ()\n    opt.step(\n    )\n", True),
    "uncalled with comment": ("optimizer.zero_grad  # clear\n", True),
    "uncalled before semicolon": ("x = 1; opt.step; y = 2\n", True),
    "uncalled in parentheses": ("(\n    scaler.update\n)\n", True),
    "uncalled in a one-line if": ("if ready: scaler.unscale_\n", True),
    "uncalled at end of file": ("loss.backward", True),
    "uncalled with CRLF": ("opt.zero_grad\r\nx = 1\r\n", True),
    "grad of a loop variable": ("for p in model.parameters():\n    print(p.grad.norm())\n", True),
    "grad in a comprehension": ("norms = [q.grad.norm() for _, q in model.named_parameters()]\n", True),
    "grad augmented": ("for p in params:\n    p.grad += 1\n", True),
    "syntax error": ("for b in data\n    loss.backward()\n    opt.step()\n", True),
    # Must not pass: nothing the rules could report.
    "words in comments and strings": ('"""Call loss.backward() then opt.step()."""\n# p.grad.norm()\nx = 1\n', False),
    "autograd function": ("class F(Function):\n    def backward(ctx, g):\n        return g\n", False),
    "backward without step": ("def f(x):\n    x.sum().backward()\n    return x.grad\n", False),
    "grad of no loop variable": ("y = torch.autograd.grad(out, x)\nz = x.grad * 2\n", False),
    "slice step": ("s = slice(0, 10, 2)\nprint(s.step)\n", False),
    "step passed along": ("run(opt.step, 3)\n", False),
}


@pytest.mark.parametrize("name", sorted(EDGE_CASES))
def test_prefilter_edge_cases(name, monkeypatch):
    source, passes = EDGE_CASES[name]
    assert passes_every_stage(source) is passes
    if not passes:
        assert analyse_without_prefilter(source, monkeypatch) == []


def test_text_stage_is_a_superset_of_the_ast_stage_on_the_edge_cases():
    for source, _ in EDGE_CASES.values():
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        if needs_analysis(tree):
            assert may_report(source) and may_report(source.encode()), source


def test_what_the_prefilter_rules_out_has_no_report(tmp_path, monkeypatch):
    """Over every rule example (VALID too), fixture and a generated tree: ruled out means silent."""
    subprocess.run([sys.executable, str(REPO / "bench" / "generate_training_tree.py"), str(tmp_path), "--scripts", "16"], check=True)
    corpus = [example for rule in all_rules() for example in (*rule.valid, *rule.invalid, rule.example)]
    corpus += [path.read_text() for path in sorted(FIXTURES.glob("*.py"))]
    corpus += [path.read_text() for path in sorted(tmp_path.rglob("*.py"))]
    ruled_out = [source for source in corpus if not mentions_gradient_lifecycle(source)]
    assert ruled_out, "the corpus should hold files the prefilter rules out"
    for source in ruled_out:
        assert analyse_without_prefilter(source, monkeypatch) == [], source
