# expect: ZG602 24:17
"""thuiar/MMSA's multi-task trainers (trains/multiTask/MLF_DNN.py, MLMF.py, MTFN.py, SELF_MM.py, TETFN.py) in one
file: `y_pred` maps each task to a list, and every batch appends each task's output `.cpu()` (a differentiable copy)
to its list, concatenated only after the epoch: every batch's graph stays alive for the epoch (RULES.md ZG602; the
single-task trainers' `y_pred.append(outputs.cpu())` is reported). Missed until pend25: the loss summed in a loop over
the tasks hid `outputs` from the walk to the loss's graph, and the append's loop over the tasks was taken for evaluation."""

import torch


def do_train(model, loader, criterion, tasks, epochs):
    optimizer = torch.optim.Adam(model.parameters())
    for epoch in range(epochs):
        y_pred = {"M": [], "T": [], "A": [], "V": []}
        for inputs, labels in loader:
            optimizer.zero_grad()
            outputs = model(inputs)
            loss = 0.0
            for m in tasks:
                loss += criterion(outputs[m], labels[m])
            loss.backward()
            optimizer.step()
            for m in tasks:
                y_pred[m].append(outputs[m].cpu())
        print(epoch, {m: torch.cat(y_pred[m]).mean().item() for m in tasks})
