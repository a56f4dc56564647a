"""Truncated BPTT: losses summed over k steps of an inner loop, backpropagated, then reset.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(rnn, head, seq, targets, opt, k=5):
    h = torch.zeros(1, 16)
    loss_acc = 0
    for t in range(seq.size(0)):
        h = rnn(seq[t], h)
        loss_acc = loss_acc + torch.nn.functional.mse_loss(head(h), targets[t])
        if (t + 1) % k == 0:
            loss_acc.backward()
            opt.step()
            opt.zero_grad()
            loss_acc = 0
            h = h.detach()
