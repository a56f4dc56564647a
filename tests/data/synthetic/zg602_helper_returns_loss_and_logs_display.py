"""The step helper returns the loss and a dict display of logs holding the loss tensor itself.

`loss, logs = step(...)` then `history.append(logs)`: each batch's graph stays alive through the
`"loss"` entry (RULES.md ZG602, at the accumulating statement).
"""
# expect: ZG602 22:9
import torch.nn.functional as F


def step(net, inputs, targets):
    scores = net(inputs)
    loss = F.nll_loss(scores.log_softmax(-1), targets)
    return loss, {"loss": loss, "correct": int((scores.argmax(-1) == targets).sum())}


def epoch(net, batches, optimizer, history):
    for inputs, targets in batches:
        optimizer.zero_grad()
        loss, logs = step(net, inputs, targets)
        loss.backward()
        optimizer.step()
        history.append(logs)
