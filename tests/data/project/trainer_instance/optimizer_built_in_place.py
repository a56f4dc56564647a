# expect: clean
"""The optimizer is built in the construction (`BatchRunner(model, torch.optim.AdamW(...))`): it is the runner's
own, `runner.optimizer`, which the loop clears before each batch: right. (Read as the construction's text, no
clear would ever reach it.)"""

import torch

from training.runner import BatchRunner


def main(model, loader, epochs):
    runner = BatchRunner(model, torch.optim.AdamW(model.parameters(), lr=3e-4))
    for epoch in range(epochs):
        for batch in loader:
            runner.optimizer.zero_grad()
            runner.train_batch(batch)
