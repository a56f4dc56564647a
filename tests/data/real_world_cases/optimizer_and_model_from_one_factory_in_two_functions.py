"""Two training functions, each with a new model and optimizer from one factory, called one after the other.

Modelled on huggingface/accelerate benchmarks/fp8/*/distrib_deepspeed.py
(hand-offs flow/two_functions_each_build_their_optimizer_from_one_factory.py
and flow/deepspeed_baseline_then_other_function_fresh_optimizer.py): both
functions do `model, optimizer = build()`, where `build` builds the model and
an optimizer over it. Each call gives new parameters, whose gradients start
from None: the first function's backward never reaches the second one's
optimizer, whose loop clears at the end of every iteration (RULES.md ZG101:
not reported). A factory handed a model that lasts (`make_optimizer(net)`)
builds no new gradients: rebuilt every iteration with no clear, ZG101 stays.
"""
# expect: ZG101 46:9
import torch


def build():
    model = torch.nn.Linear(4, 2)
    return model, torch.optim.AdamW(model.parameters(), lr=1e-4)


def make_optimizer(net):
    return torch.optim.SGD(net.parameters(), lr=0.1)


def train_first(loader):
    model, optimizer = build()
    for batch in loader:
        optimizer.zero_grad()
        model(batch).pow(2).mean().backward()
        optimizer.step()


def train_second(loader):
    model, optimizer = build()
    for batch in loader:
        model(batch).pow(2).mean().backward()
        optimizer.step()
        optimizer.zero_grad()


def train_rebuilt(net, loader):
    for batch in loader:
        optimizer = make_optimizer(net)
        net(batch).pow(2).mean().backward()
        optimizer.step()


if __name__ == "__main__":
    data = [torch.randn(8, 4) for _ in range(4)]
    for stage in range(3):
        train_first(data)
        train_second(data)
