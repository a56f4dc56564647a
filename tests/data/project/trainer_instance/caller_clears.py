# expect: clean
"""The loop clears `opt` and the runner's method steps its `self.optimizer`, which `__init__` set from the argument
`opt`: one optimizer, cleared before each backward. (Keyed by the parameter's name, `optimizer`, the step would
be another optimizer's, never cleared: a false ZG101.)"""

import torch

from training.runner import BatchRunner


def main(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    runner = BatchRunner(model, opt)
    for epoch in range(epochs):
        for batch in loader:
            opt.zero_grad()
            runner.train_batch(batch)
