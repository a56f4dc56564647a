"""The gate is precise but never loses a report.

Checked against the rules' own INVALID examples, every fixture that expects
reports, the generated training tree, and code written to sit on the gate's
edges: whatever the gate rules out, the engine run without it reports
nothing on; and for every need, the text stage never rules out what the tree
stage would let through.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, REPO, CliInterpreter, ungated
from expect import expected_reports

from zerograd_lint.core import engine
from zerograd_lint.core.engine import python_parse
from zerograd_lint.core.gate import NEEDS, gate_of, summarize
from zerograd_lint.rules import all_rules

EVERY_CODE = frozenset(rule.code for rule in all_rules())


def invalid_examples() -> list[str]:
    return [example for rule in all_rules() for example in (*rule.invalid, rule.example) if rule.code != "ZG000"]


def fixtures_with_reports() -> list[Path]:
    return [path for path in sorted(FIXTURES.glob("*.py")) if any(code != "ZG000" for code, _, _ in expected_reports(path))]


def passes(source: str, codes: frozenset[str] = EVERY_CODE) -> bool:
    """Both stages, the text one on the str and on the bytes."""
    gate = gate_of(codes)
    in_text = gate.in_text(source)
    if not in_text or gate.in_text(source.encode()) != in_text:
        return False
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return True  # the engine reports why
    return gate.in_tree(in_text, tree) is not None


def analyse_ungated(source: str) -> list:
    """The engine's reports as if every file passed; ZG000 is only ever reported for files that pass."""
    with ungated():
        return [d for d in engine.analyze_source(source) if d.code != "ZG000"]


def test_every_rule_declares_needs_the_gate_knows_as_it_reads_them():
    from zerograd_lint.rules import catalogue, declared

    rules = [(r.code, r.enabled_by_default, r.needs) for r in all_rules()]
    written = [declared(name) for name in sorted(sys.modules) if re.fullmatch(r"zerograd_lint\.rules\.zg\d{3}_\w+", name)]
    assert [(e.code, e.enabled_by_default, e.needs) for e in written] == rules  # as the source's literals say
    assert [(e.code, e.enabled_by_default, e.needs) for e in catalogue()] == rules
    assert all(set(rule.needs) <= NEEDS.keys() and (rule.needs or rule.check is None) for rule in all_rules())


def test_every_invalid_rule_example_passes_the_gate_of_its_rule():
    for rule in all_rules():
        for example in (*rule.invalid, rule.example) if rule.code != "ZG000" else ():
            assert passes(example, frozenset({rule.code})), (rule.code, example)


def test_every_fixture_with_expected_reports_passes_the_gate():
    for path in fixtures_with_reports():
        assert passes(path.read_text()), path


EDGE_CASES = {
    # Must pass: the engine may report on these.
    "spaced call": ("for b in data:\n    loss . backward ()\n    opt . step ()\n", True),
    "parenthesised call": ("for b in data:\n    (loss.backward)()\n    (opt.step)()\n", True),
    "call across lines": ("for b in data:\n    loss.backward\\\n        ()\n    opt.step(\n    )\n", True),
    "comment inside a call": ("for b in data:\n    (loss.backward  # go\n    )()\n    opt.step()\n", True),
    "attribute across lines": ("for b in data:\n    (loss.  # the loss\n     backward)()\n    opt.step()\n", True),
    "manual backward": ("def training_step(self, batch):\n    self.manual_backward(loss)\n    opt.step()\n", True),
    "uncalled with comment": ("optimizer.zero_grad  # clear\n", True),
    "uncalled name after comments of sentences": ("(opt.  # Clear.\n    # The gradients.\n    zero_grad)\n", True),
    "uncalled before semicolon": ("x = 1; opt.step; y = 2\n", True),
    "uncalled in parentheses": ("(\n    scaler.update\n)\n", True),
    "uncalled in a one-line if": ("if ready: scaler.unscale_\n", True),
    "uncalled at end of file": ("loss.backward", True),
    "uncalled with CRLF": ("opt.zero_grad\r\nx = 1\r\n", True),
    "uncalled on a subscript and a call": ("self.optimizers[0].step\nget_scaler().update\n", True),
    "uncalled in a parenthesised statement": ("(opt.step)\n", True),
    "grad of a loop variable": ("for p in model.parameters():\n    print(p.grad.norm())\n", True),
    "grad in a comprehension": ("norms = [q.grad.norm() for _, q in model.named_parameters()]\n", True),
    "grad augmented": ("for p in params:\n    p.grad += 1\n", True),
    "grad of an aliased collection": ("ps = list(net.parameters())\nfor p in ps:\n    p.grad.zero_()\n", True),
    "grad in a tuple target across lines": (
        "for (i,  # index\n     p) in enumerate(model.parameters()):\n    print(p.grad.norm())\n", True),
    "grad of a non-ASCII name": ("for pä in model.parameters():\n    print(pä.grad.norm())\n", True),
    "grad after a non-ASCII name in the target": ("for pä, q in model.parameters():\n    print(q.grad)\n", True),
    "grad in a starred target": ("for *_, p in model.named_parameters():\n    print(p.grad)\n", True),
    "syntax error": ("for b in data\n    loss.backward()\n    opt.step()\n", True),
    "calls after strings that hold quotes, hashes and braces": (
        'for b in data:\n    print(f"{b!r:>{w}} # \'", "\\"")\n    loss.backward(); opt.step()\n', True),
    "parameters named in a string only": ('for g in groups:\n    for p in g["params"]:\n        print(p.grad)\n', True),
    "a training loop in a docstring": ('def train():\n    """for b in data:\n        loss.backward()\n        opt.step()\n    """\n', False),
    "calls in trailing comments": ("x = 1  # loss.backward()\ny = 2  # opt.step(); opt.zero_grad\n", False),
    # Must not pass: nothing the rules could report.
    "words in comments and strings": ('"""Call loss.backward() then opt.step()."""\n# p.grad.norm()\nx = 1\n', False),
    "autograd function": ("class F(Function):\n    def backward(ctx, g):\n        return g\n", False),
    "backward without step": ("def f(x):\n    x.sum().backward()\n    return x.grad\n", False),
    "grad of no loop variable": ("y = torch.autograd.grad(out, x)\nz = x.grad * 2\n", False),
    "grad of a loop over no parameters": ("for x in inputs:\n    print(x.grad)\n", False),
    "the loop word in prose": ('def norm(p):\n    """Used for each p of the parameters."""\n    return p.grad.norm()\n', False),
    "slice step": ("s = slice(0, 10, 2)\nprint(s.step)\n", False),
    "step passed along": ("run(opt.step, 3)\n", False),
    "banner comments": ("x = 1.  ###########################################\n" * 3, False),
    "uncalled name as an argument": ("print(opt.step)\nfoo(a, scaler.update)\n", False),
    "uncalled name assigned": ("fn = optimizer.zero_grad\nhook = (opt.step)\n", False),
    "uncalled name in a comment": ("# see InstructionTranslatorBase.step\n# then opt.zero_grad\n", False),
    "sentences in comments": ("x = 1\n# One.\n# Two.\n#   opt.\nzero = 0\n", False),
}


@pytest.mark.parametrize("name", sorted(EDGE_CASES))
def test_gate_edge_cases(name):
    source, expected = EDGE_CASES[name]
    assert passes(source) is expected
    if not expected:
        assert analyse_ungated(source) == []


def text_never_rules_out_what_the_tree_lets_through(source: str) -> None:
    try:
        summary = summarize(ast.parse(source))
    except SyntaxError:
        return
    for need in NEEDS.values():
        if need.in_tree(summary):
            assert need.in_source(source.encode()), (need.name, source)


def test_text_stage_is_a_superset_of_the_tree_stage_on_the_edge_cases():
    for source, _ in EDGE_CASES.values():
        text_never_rules_out_what_the_tree_lets_through(source)


def test_the_text_stage_reads_no_loop_into_prose():
    """"Used for each p" binds no `p`: the file is ruled out before any parse."""
    assert not gate_of(EVERY_CODE).in_text(EDGE_CASES["the loop word in prose"][0])


def test_what_the_gate_rules_out_has_no_report(tmp_path):
    """Over every rule example (VALID too), fixture and a generated tree: ruled out means silent."""
    subprocess.run([sys.executable, str(REPO / "bench" / "generate_training_tree.py"), str(tmp_path), "--scripts", "16"], check=True)
    corpus = [example for rule in all_rules() for example in (*rule.valid, *rule.invalid, rule.example)]
    corpus += [path.read_text() for path in sorted(FIXTURES.glob("*.py"))]
    corpus += [path.read_text() for path in sorted(tmp_path.rglob("*.py"))]
    ruled_out = [source for source in corpus if not passes(source)]
    assert ruled_out, "the corpus should hold files the gate rules out"
    for source in corpus:
        text_never_rules_out_what_the_tree_lets_through(source)
    for source in ruled_out:
        assert analyse_ungated(source) == [], source


def test_the_gate_asks_only_the_selected_rules(tmp_path, cli_here: CliInterpreter):
    """A training loop has nothing for ZG301 to read: selecting ZG301 alone, the file is never parsed."""
    source = "for x, y in loader:\n    loss = model(x)\n    loss.backward()\n    optimizer.step()\n"
    assert passes(source)
    assert not passes(source, frozenset({"ZG301"}))
    assert passes("for p in model.parameters():\n    p.grad.zero_()\n", frozenset({"ZG301"}))
    (tmp_path / "broken.py").write_text(source + "def (\n")
    assert cli_here("check", "--no-cache", "--select", "ZG000,ZG301", "broken.py", cwd=tmp_path).returncode == 0
    assert "ZG000" in cli_here("check", "--no-cache", "--select", "ZG000,ZG101", "broken.py", cwd=tmp_path).stdout


def test_a_parenthesised_backward_is_seen(tmp_path, cli_here: CliInterpreter):
    """`(loss.backward)()` once passed the prefilter and was dropped by a second, stricter regex."""
    (tmp_path / "train.py").write_text(
        "for x, y in loader:\n    loss = model(x)\n    (loss.backward)()\n    optimizer.step()\n"
    )
    result = cli_here("check", "--no-cache", "train.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert "train.py:4:5: ZG101" in result.stdout


def test_a_file_only_the_grad_rules_can_report_on_needs_no_tree_stage_without_an_unguarded_read(monkeypatch):
    """Its unguarded `.grad` reads are found first, a cheaper walk than the tree stage's: with none, nothing can be
    reported; with one, the tree stage runs as for any other file."""
    from zerograd_lint.core import gate

    walks: list[ast.AST] = []
    monkeypatch.setattr(gate, "summarize", lambda tree: walks.append(tree) or summarize(tree))
    guarded = "for p in model.parameters():\n    if p.grad is not None:\n        print(p.grad.norm())\n"
    unguarded = "for p in model.parameters():\n    print(p.grad.norm())\n"
    assert gate_of(EVERY_CODE).in_text(guarded) == engine.GRAD_READS_ONLY
    assert engine.analyze_source(guarded) == [] and walks == []
    assert [d.code for d in engine.analyze_source(unguarded)] == ["ZG302"] and len(walks) == 1


def test_a_file_only_the_grad_rules_can_report_on_is_parsed_whole_only_with_an_unguarded_read_in_reach(monkeypatch):
    """Its reads are asked first of its code without the bodies of the defs that never say `grad`: with none, it is
    not parsed whole, so a syntax error in such a body is not looked for (as in a file its words rule out); one
    anywhere else is reported as before."""
    parses: list[str] = []
    monkeypatch.setattr(engine, "python_parse", lambda source, path: parses.append(path) or python_parse(source, path))
    helpers = "def helper(x):\n    return x + 1\n\n\n"
    guarded = "for p in model.parameters():\n    if p.grad is not None:\n        print(p.grad.norm())\n"
    unguarded = "for p in model.parameters():\n    print(p.grad.norm())\n"
    assert gate_of(EVERY_CODE).in_text(helpers + guarded) == engine.GRAD_READS_ONLY
    assert engine.analyze_source(helpers + guarded, "guarded.py") == [] and parses == []
    assert engine.analyze_source(helpers.replace("x + 1", "x +") + guarded, "broken_helper.py") == [] and parses == []
    assert [d.code for d in engine.analyze_source(helpers + unguarded, "unguarded.py")] == ["ZG302"]
    assert [d.code for d in engine.analyze_source(helpers + guarded.replace(":\n", "\n", 1), "broken_loop.py")] == ["ZG000"]
    assert parses == ["unguarded.py", "broken_loop.py"]


def test_a_word_both_the_needs_and_the_project_gate_ask_is_looked_for_once_per_text(monkeypatch):
    """The screen asks the needs' words of a text, then the project gate's (`elsewhere_words`): `backward`, `step` and
    `rain` (of `train`, `Trainer`, `create_supervised_trainer`), and the calls of `backward` and `step`, are looked for
    once, the answers kept for the last text asked, by identity (an equal text read again is another object: asked
    afresh)."""
    from zerograd_lint.core import gate
    from zerograd_lint.core.gate import BACKWARD_CALL, STEP_CALL, SUPERVISED_TRAINER_WORD, TRAINER_WORD, TRAINING_PART, holds
    from zerograd_lint.core.project_gate import TRAINER_CLASS_WORD, elsewhere_words
    from zerograd_lint.core.project_gate import TRAINER_WORD as TRAIN_WORD

    assert all(TRAINING_PART in word for word in (SUPERVISED_TRAINER_WORD, TRAINER_WORD, TRAIN_WORD, TRAINER_CLASS_WORD))
    scans: list[object] = []

    class Counted(dict):
        def __setitem__(self, asked: object, held: bool) -> None:
            scans.append(asked)
            super().__setitem__(asked, held)

    # Both words, the backward's call, no step's: the lifecycle need asks both calls, then the project gate's words
    text = b"class Model(nn.Module):\n    def forward(self, x, step):\n        return x.backward()\n"
    monkeypatch.setattr(gate, "HELD", (text, Counted()))
    assert not gate_of(EVERY_CODE).met_by_words(text) and elsewhere_words(text) is not None
    assert sorted(map(repr, scans)) == sorted(map(repr, [b"backward", b"rain", b"step", (BACKWARD_CALL, b"manual_"), (STEP_CALL, b"")]))
    again = bytes(bytearray(text))
    assert holds(again, b"step") and gate.HELD[0] is again and gate.HELD[1] == {b"step": True}
