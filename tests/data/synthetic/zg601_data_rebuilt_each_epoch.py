"""Adam rebuilt every epoch next to a rebuilt DataLoader, the model moved and put in training mode.

Rebuilding the loader (`n = len(loader)` too), `model.train()`, `model.training = True` and
`model = model.to(device)` keep the same model: no fresh run, the optimizer's moments are thrown
away each epoch (RULES.md ZG601, at the construction).
"""
# expect: ZG601 20:21
import torch
from torch.utils.data import DataLoader


def fit(model, train_set, epochs, device):
    for epoch in range(epochs):
        loader = DataLoader(train_set, batch_size=64, shuffle=True, drop_last=True)
        batches = len(loader)
        model.train()
        model.training = True
        model = model.to(device)
        criterion = torch.nn.CrossEntropyLoss()
        optimizer = torch.optim.Adam(model.parameters(), lr=3e-4, weight_decay=1e-5)
        for index, (images, labels) in enumerate(loader):
            optimizer.zero_grad()
            loss = criterion(model(images.to(device)), labels.to(device))
            loss.backward()
            optimizer.step()
            if index == batches - 1:
                print(f"epoch {epoch}: {loss.item():.3f}")
    return model
