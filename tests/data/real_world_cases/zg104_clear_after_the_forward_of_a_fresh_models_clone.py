"""A meta-learner built in the test for itself alone, then cloned: the clone's forward runs the meta-learner's
parameters (a differentiable copy), so the clear of the optimizer over them, after that forward, is late (RULES.md
ZG104, opt-in). Modelled on a MAML library's unit test of recurrent models."""
# expect: ZG104 22:9
import torch

from metalib import MAML


def check_recurrent_models(data: torch.Tensor, steps: int) -> None:
    for rnn_class in [torch.nn.RNN, torch.nn.GRU]:
        model = rnn_class(2, 1)
        maml = MAML(model, lr=1e-3)
        optim = torch.optim.SGD(maml.parameters(), lr=0.001)
        learner = maml.clone()
        for _ in range(steps):
            output, _ = learner(data)
            learner.adapt(output.norm())
        output, _ = learner(data)
        first_loss = output.norm()

        optim.zero_grad()
        first_loss.backward()
        optim.step()
