"""What each element of a forward's returned tuple carries (`ir/returned_graphs.py`), checked against torch: an element
read as carrying no graph does not require grad when the forward runs, one read as carrying the parameters' graph does,
and one read as not known is what no reading claims."""

from __future__ import annotations

import libcst as cst
import pytest
import torch

from zerograd_lint.analysis.ir.index import ModuleIndex
from zerograd_lint.analysis.ir.returned_graphs import Carried, elements_carried, handed_carriers, returns_its_own_graph

MODULES = '''
import torch
from torch import nn


class MaskedGenerator(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Conv1d(4, 8, 3, padding=1)

    def forward(self, mel, mel_mask):
        wav = (self.net(mel) * mel_mask.unsqueeze(1)).transpose(1, 2).reshape(mel.shape[0], -1)
        covered = mel_mask.repeat_interleave(8, dim=1)
        mask = (covered > 0).to(torch.float32)
        return wav * mask, mask


class Overlap(nn.Module):
    def forward(self, spec, mask):
        folded = torch.ones_like(spec) * mask.unsqueeze(1)
        return spec.sum(1), (folded.sum(1) > 0).float()


class Head(nn.Module):
    """The mask is the parameter, rebound by the submodule's tuple before it is returned."""

    def __init__(self):
        super().__init__()
        self.out = nn.Linear(4, 4)
        self.overlap = Overlap()

    def forward(self, x, mask):
        spec = self.out(x).transpose(1, 2)
        audio, mask = self.overlap(spec, mask)
        return audio, mask


class Teacher(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = nn.Linear(4, 2)
        self.teacher = nn.Linear(4, 2)

    def forward(self, x):
        with torch.no_grad():
            target = self.teacher(x)
        return self.student(x), target, self.student(x).argmax(-1), len(x)


class Filled(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.scale = nn.Parameter(torch.ones(4))

    def forward(self, x):
        out = torch.zeros(x.shape[0], 4)
        out.add_(self.net(x))
        steps = []
        steps.append(x * self.scale)
        return out, torch.stack(steps), x.detach(), x


class Handed(nn.Module):
    """What the caller hands it is not read: the input returned, passed through a layer without parameters."""

    def __init__(self):
        super().__init__()
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.drop(x), x * 2


class Delegated(nn.Module):
    """KGIN's recommender: the forward returns what a loss method returns, handed a term computed from a parameter."""

    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.factors = nn.Parameter(torch.randn(2, 4))

    def terms(self, h, cor, target):
        return (h - target).pow(2).mean() + cor, cor, len(h), target

    def forward(self, x, target):
        cor = self.factors.prod(0).sum()
        return self.terms(self.net(x), cor, target)


class Nested(nn.Module):
    """KGIN's `_cul_cor`: a def of the method, summed over rows of a parameter; handed the input or detached rows, what
    it returns is not known (its parameters are handed no graph)."""

    def __init__(self):
        super().__init__()
        self.factors = nn.Parameter(torch.randn(3, 4))

    def forward(self, x):
        def similarity(a, b):
            return torch.cosine_similarity(a, b, dim=0) ** 2

        cor = 0
        for i in range(2):
            cor += similarity(self.factors[i], self.factors[i + 1])
        return cor, similarity(x[0], x[1]), similarity(self.factors[0].detach(), self.factors[1].detach())


class Triplet(nn.Module):
    """FCGF's triplet loss: distances of the features it is handed, one detached, and the features themselves."""

    def forward(self, f0, f1, pairs):
        dist = (f0[pairs[:, 0]] - f1[pairs[:, 1]]).pow(2).sum(1)
        return dist.mean(), dist.detach().mean(), pairs.shape[0], f0
'''

CASES = {
    "MaskedGenerator": ((torch.randn(2, 4, 5), torch.ones(2, 5)), ("GRAPH", "NOTHING")),
    "Head": ((torch.randn(2, 5, 4), torch.ones(2, 5)), ("GRAPH", "NOTHING")),  # `spec.sum(1)`, handed the layer's output
    "Teacher": ((torch.randn(3, 4),), ("GRAPH", "NOTHING", "NOTHING", "NOTHING")),
    "Filled": ((torch.randn(3, 4),), ("GRAPH", "GRAPH", "NOTHING", "UNKNOWN")),
    "Handed": ((torch.randn(3, 4),), ("UNKNOWN", "UNKNOWN")),
    "Delegated": ((torch.randn(3, 4), torch.randn(3, 4)), ("GRAPH", "GRAPH", "NOTHING", "UNKNOWN")),
    "Nested": ((torch.randn(2, 4),), ("GRAPH", "UNKNOWN", "UNKNOWN")),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_element_carries_what_torch_says(name: str) -> None:
    index = ModuleIndex(cst.parse_module(MODULES))
    forward = index.methods_of[index.classes[name]]["forward"]
    arguments, expected = CASES[name]
    read = elements_carried(index, forward, len(expected))
    assert tuple(carried.name for carried in read) == expected
    namespace: dict[str, object] = {}
    exec(compile(MODULES, "modules", "exec"), namespace)
    returned = namespace[name]()(*arguments)  # type: ignore[operator]
    for carried, value in zip(read, returned):
        if carried is not Carried.UNKNOWN:
            assert (isinstance(value, torch.Tensor) and value.requires_grad) == (carried is Carried.GRAPH), (name, carried)


def test_an_element_carries_the_graph_of_the_parameters_handed_one_where_torch_says() -> None:
    """`handed_carriers`: the distances carry the graph of both features handed, the features themselves of theirs;
    the detached distance and the count carry none, whatever they are handed."""
    index = ModuleIndex(cst.parse_module(MODULES))
    forward = index.methods_of[index.classes["Triplet"]]["forward"]
    assert handed_carriers(index, forward, 4) == (frozenset({"f0", "f1"}), frozenset(), frozenset(), frozenset({"f0"}))
    namespace: dict[str, object] = {}
    exec(compile(MODULES, "modules", "exec"), namespace)
    for handed in ("f0", "f1"):
        f0, f1 = torch.randn(3, 4, requires_grad=handed == "f0"), torch.randn(3, 4, requires_grad=handed == "f1")
        returned = namespace["Triplet"]()(f0, f1, torch.tensor([[0, 1], [2, 0]]))  # type: ignore[operator]
        assert [isinstance(v, torch.Tensor) and v.requires_grad for v in returned] == [True, False, False, handed == "f0"]


HELPERS = '''
import torch

STEP = 0.01


def attack(net, x_nat, steps):
    x = x_nat.detach() + 0.001 * torch.randn(x_nat.shape)
    for _ in range(steps):
        x.requires_grad_()
        with torch.enable_grad():
            loss = net(x).sum()
        grad = torch.autograd.grad(loss, [x])[0]
        x = x.detach() + STEP * torch.sign(grad.detach())
        x = torch.min(torch.max(x, x_nat - 0.1), x_nat + 0.1)
    return x


def attack_and_score(net, x_nat, steps):
    return net(attack(net, x_nat, steps))


def features(net, x_nat):
    return net.forward(x_nat).relu()
'''


@pytest.mark.parametrize(("name", "own"), [("attack", False), ("attack_and_score", True), ("features", True)])
def test_a_helper_handed_the_model_returns_its_own_graph_where_torch_says(name: str, own: bool) -> None:
    """`returns_its_own_graph`: the attack hands back a batch with no graph of the model it ran (nor of the one it was
    handed, which requires none here); the helpers that return the model's output, called or through `forward`, do."""
    index = ModuleIndex(cst.parse_module(HELPERS))
    function = next(f for f in index.module.body if isinstance(f, cst.FunctionDef) and f.name.value == name)
    assert returns_its_own_graph(index, function, frozenset({"net"})) is own
    namespace: dict[str, object] = {}
    exec(compile(HELPERS, "helpers", "exec"), namespace)
    arguments = (torch.nn.Linear(4, 4), torch.rand(2, 4)) + ((3,) if name != "features" else ())
    assert namespace[name](*arguments).requires_grad is own  # type: ignore[operator]
