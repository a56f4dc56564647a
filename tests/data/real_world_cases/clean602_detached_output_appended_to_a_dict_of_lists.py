# expect: clean
"""The twin of zg602_output_appended_to_a_dict_of_lists.py as MMSA's multi-task trainers would fix it: each task's
output is detached before it is appended to its list (`outputs[m].detach().cpu()`), so no batch's graph outlives its
iteration (RULES.md ZG602: not reported). The inner loop over the tasks hands on what the batch's forward computed,
as in the twin, but what it keeps carries no graph."""

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
                y_pred[m].append(outputs[m].detach().cpu())
        print(epoch, {m: torch.cat(y_pred[m]).mean().item() for m in tasks})
