"""The clean twin: the helper's dict display of logs holds the loss's number (`loss.item()`).

`history.append(logs)` keeps numbers only (RULES.md ZG602): nothing to report.
"""
# expect: clean
import torch.nn.functional as F


def step(net, inputs, targets):
    scores = net(inputs)
    loss = F.nll_loss(scores.log_softmax(-1), targets)
    return loss, {"loss": loss.item(), "correct": int((scores.argmax(-1) == targets).sum())}


def epoch(net, batches, optimizer, history):
    for inputs, targets in batches:
        optimizer.zero_grad()
        loss, logs = step(net, inputs, targets)
        loss.backward()
        optimizer.step()
        history.append(logs)
