# expect: clean
"""chrischoy/FCGF's HardestContrastiveLossTrainer (lib/trainer.py): the loss helper returns two terms as a tuple, each
divided in place by the window (`pos_loss /= iter_size`), then summed with a weight: the sum is divided where each
term is, whatever bound the terms before (RULES.md ZG501 asks no more). Twin:
zg501_sum_of_terms_unpacked_from_the_forward_undivided.py.
"""
import torch


def train(model, loader, contrastive_loss, iter_size, neg_weight):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    batches = iter(loader)
    for _ in range(len(loader) // iter_size):
        optimizer.zero_grad()
        for _ in range(iter_size):
            x0, x1, pairs = next(batches)
            pos_loss, neg_loss = contrastive_loss(model(x0), model(x1), pairs)
            pos_loss /= iter_size
            neg_loss /= iter_size
            loss = pos_loss + neg_weight * neg_loss
            loss.backward()
        optimizer.step()
