"""Class-incremental learning: each task builds the loader of its own split and a fresh Adam.

The data is picked by the iteration (`split_loader(train_set, task)`): each task is a new training
run, and a fresh optimizer per task a choice (RULES.md ZG601): nothing to report.
"""
# expect: clean
import torch
from torch.utils.data import DataLoader, Subset


def split_loader(dataset, task, classes_per_task):
    wanted = set(range(task * classes_per_task, (task + 1) * classes_per_task))
    indices = [i for i, (_, label) in enumerate(dataset) if label in wanted]
    return DataLoader(Subset(dataset, indices), batch_size=32, shuffle=True)


def learn_tasks(model, train_set, tasks, epochs):
    for task in range(tasks):
        loader = split_loader(train_set, task, classes_per_task=2)
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        for epoch in range(epochs):
            for x, y in loader:
                optimizer.zero_grad()
                torch.nn.functional.cross_entropy(model(x), y).backward()
                optimizer.step()
