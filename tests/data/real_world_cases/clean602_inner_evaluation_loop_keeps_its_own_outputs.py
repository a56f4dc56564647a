# expect: clean
"""A training loop whose iteration also runs an inner loop over held-out batches, keeping each prediction it makes
there (`val_preds[m].append(pred[m])`): the inner loop computes its own values, as an evaluation loop does, and what
the training iteration computed for its backward is not what it keeps. ZG602 follows into an inner loop only the
values the training iteration itself computed outside it (zg602_output_appended_to_a_dict_of_lists.py); the inner
loop's own forward, never given to a backward, is no loss history (RULES.md ZG602)."""

import torch


def do_train(model, loader, val_batches, criterion, tasks, epochs):
    optimizer = torch.optim.Adam(model.parameters())
    for epoch in range(epochs):
        val_preds = {m: [] for m in tasks}
        for inputs, labels in loader:
            optimizer.zero_grad()
            outputs = model(inputs)
            loss = 0.0
            for m in tasks:
                loss += criterion(outputs[m], labels[m])
            loss.backward()
            optimizer.step()
            for val_inputs in val_batches:
                outputs = model(val_inputs)
                for m in tasks:
                    val_preds[m].append(outputs[m])
        print(epoch, {m: len(val_preds[m]) for m in tasks})
