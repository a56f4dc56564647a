"""The twin of `zg104_clear_after_the_forward_of_a_fresh_models_clone.py` clearing before the clone's forward."""
# expect: clean
import torch

from metalib import MAML


def check_recurrent_models(data: torch.Tensor, steps: int) -> None:
    for rnn_class in [torch.nn.RNN, torch.nn.GRU]:
        model = rnn_class(2, 1)
        maml = MAML(model, lr=1e-3)
        optim = torch.optim.SGD(maml.parameters(), lr=0.001)
        optim.zero_grad()
        learner = maml.clone()
        for _ in range(steps):
            output, _ = learner(data)
            learner.adapt(output.norm())
        output, _ = learner(data)
        first_loss = output.norm()

        first_loss.backward()
        optim.step()
