"""What the analysis asks of a file's text by searching it: the same answers as reading it line by line, or as the
one pattern a search replaced (each the cheaper way to the same answer)."""

from __future__ import annotations

import ast
import re

import pytest
from conftest import project_sources

from zerograd_lint.analysis.facts import normalised_elsewhere
from zerograd_lint.analysis.questions import grad_reads, no_grad_parts
from zerograd_lint.analysis.questions.visitor import lines_saying
from zerograd_lint.core import gate

TEXTS = [
    "",
    "grad",
    "x = 1\np.grad\n\np.grad; q.grad\n",
    "a\r\nb.grad\rc\nd\n",  # every line break CPython counts
    "x = 1\n# é\ny.grad\n",  # a line with another letter may say it in its NFKC form
    "gradgrad\n\n\n  requires_grad_(False)",
]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("word", ["grad", "requires_grad"])
def test_the_lines_saying_a_word_are_those_a_reading_line_by_line_finds(text: str, word: str) -> None:
    lines = re.split(r"\r\n|\r|\n", text)
    assert lines_saying(text, word) == [number for number, line in enumerate(lines, 1) if word in line or not line.isascii()]


# The one pattern `normalised_elsewhere` replaced: its alternatives, tried at every character, cost a ninth of the search.
ONE_PATTERN = re.compile(
    r"reduction\s*=\s*['\"]sum['\"]|(scale|multiply|mul|div|divide|normali[sz]e|rescale)_?grad(s|ients)?\s*\("
    r"|\.grad(\.data)?\s*(/=|\*=)(?![^)\n]*(loss_scale|inv_scale|get_scale))"
    r"|\.grad(\.data)?\.(div_|mul_)\((?![^)\n]*(loss_scale|inv_scale|get_scale))"
)
NORMALISED = [
    'loss = F.cross_entropy(y, t, reduction="sum")',
    "p.grad /= n",
    "p.grad.data *= scale",
    "p.grad.div_(world_size)",
    "scale_grads(model, 1 / num_tokens)",
    "optimizer.multiply_grads(1.0 / sample_size)",
    "rescale_gradients (model)",
]
NOT_NORMALISED = [
    "p.grad.mul_(1.0 / (2 ** self.lg_loss_scale))",  # undoes a loss scale only
    "p.grad /= inv_scale",
    "torch.autograd.grad(loss, params)",
    "compute_grad(x)",
    "x = 1",
]


@pytest.mark.parametrize("text", NORMALISED + NOT_NORMALISED)
def test_gradients_normalised_by_hand_are_told_as_the_one_pattern_told_them(text: str) -> None:
    assert normalised_elsewhere(text, lambda: ast.parse(text)) == (text in NORMALISED) == (ONE_PATTERN.search(text) is not None)


@pytest.mark.slow  # a walk over every module of the repository (conftest.project_sources)
def test_gradients_normalised_by_hand_are_told_alike_in_every_module_of_the_project() -> None:
    """The text's search alone (no tree: every `reduction="sum"` counts, see test_summed_losses.py for which do)."""
    for path, _, text, _ in project_sources():
        assert normalised_elsewhere(text, lambda: None) == (ONE_PATTERN.search(text) is not None), path


FROZEN_HEAD = '''import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)
        self.head = nn.Linear(4, 2)
        self.head.requires_grad_(False)

    def forward(self, x):
        y = self.body(x) * (x.sum() + 1) - [v for v in range(3)][0]
        return self.head(y) if y is not None else None
'''


def test_a_statement_that_never_says_requires_grad_is_not_walked_into(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its `self.x = ...` is noted and the statements it holds are visited; its expressions, where most nodes are,
    are not (only a `requires_grad` freezes): the same classes, at a fraction of the nodes."""
    visited: list[ast.AST] = []
    visit = no_grad_parts._Collector.visit

    def counted(self: no_grad_parts._Collector, node: ast.AST) -> object:
        visited.append(node)
        return visit(self, node)

    monkeypatch.setattr(no_grad_parts._Collector, "visit", counted)
    classes = no_grad_parts.module_classes(ast.parse(FROZEN_HEAD), FROZEN_HEAD)
    assert classes["Model"].frozen == {"head": 8}
    assert classes["Model"].submodules == {"body": "nn.Linear", "head": "nn.Linear"}
    assert [type(node).__name__ for node in visited] == [
        "Expr",  # super().__init__(): not walked into
        "Assign", "Assign",  # self.body, self.head: noted
        "Expr", "Call", "Attribute", "Attribute", "Name", "Constant",  # the freeze, walked
        "Assign", "Return",  # forward's statements (its `self.x` reads are `forward_paths`' question)
    ]


# Reads over a method's own loop of `self.model.parameters()`, and over an attribute of the instance that names
# parameters (`self.trainable_params`, a property of the class: its filters are read).
READS_OVER_A_PROPERTY = '''class Trainer:
    @property
    def trainable_params(self):
        return [p for p in self.model.parameters() if p.grad is not None]

    def log(self):
        for p in self.model.parameters():
            print(p.grad.norm())

    def clip(self):
        for p in self.trainable_params:
            print(p.grad.norm())
'''


def test_the_classes_properties_are_read_only_where_a_loop_goes_over_an_attribute_naming_parameters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`grad_reads.properties_of` walks every statement of the file: asked by the first loop over `self.<params>`, once,
    and not at all in a file without one (most files with `.grad` reads); the reads are the same."""
    asked: list[ast.Module] = []
    properties_of = grad_reads.properties_of

    def counted(tree: ast.Module) -> dict[str, dict[str, ast.FunctionDef]]:
        asked.append(tree)
        return properties_of(tree)

    monkeypatch.setattr(grad_reads, "properties_of", counted)
    without_method = READS_OVER_A_PROPERTY.split("\n    def clip")[0] + "\n"
    reads, _ = grad_reads.find_grad_reads(ast.parse(without_method), without_method)
    assert [(read.line, read.parameter) for read in reads] == [(8, "p")] and asked == []
    reads, _ = grad_reads.find_grad_reads(ast.parse(READS_OVER_A_PROPERTY), READS_OVER_A_PROPERTY)
    assert [(read.line, read.parameter) for read in reads] == [(8, "p")] and len(asked) == 1


@pytest.mark.parametrize("text", [*(t.encode() for t in TEXTS), b"p, step(p) (p)\n#p\nrequires_grad autograd.grad p.grad zero_grad_p p"])
@pytest.mark.parametrize("word", [b"p", b"grad", b"params"])
def test_a_word_starting_is_found_where_a_name_ends_with_it_and_starts_with_it(text: bytes, word: bytes) -> None:
    """The look behind after the word finds what a search for the word, each occurrence then asked `starts_word`, found."""
    searched = [m.start() for m in re.finditer(re.escape(word) + rb"\b", text) if gate.starts_word(text, m.start())]
    assert [m.start() for m in gate.a_word_starting(word).finditer(text)] == searched
