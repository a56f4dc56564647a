"""Model and optimizer rebuilt at the top of every iteration (a loop over configurations).

Seen in open-mmlab/mmengine tests/test_strategies/test_fsdp.py (run_strategy):
`for skip_init_weights, state_dict_cfg in [...]:` builds a new model and a new
optimizer wrapper, then does one forward, `loss.backward()`, `optim.step()`.
Each iteration's parameters are new objects whose `.grad` starts as None, so no
backward of an earlier iteration can reach this step (RULES.md ZG101 is about
gradients carried over the back edge).
"""
# expect: clean
import torch

for lr, momentum in [(0.1, 0.9), (0.01, 0.0)]:
    model = torch.nn.Linear(2, 2)
    optim = torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum)
    loss = model(torch.ones(2, 2)).sum()
    loss.backward()
    optim.step()
