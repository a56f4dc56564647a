# expect: clean
"""setfit's tests/test_modeling.py (`setUpClass`, one training step): the data loader comes from a method of the model
(`model._prepare_dataloader(x, y, batch_size=...)`), a batch is drawn from it, then the step clears, runs the body and
the head and backpropagates. Building a data loader runs no model, even when the object it is asked of is named model:
the forward follows the clear (RULES.md ZG104: nothing to report)."""

import torch


def one_step(model, x_train, y_train, criterion, device):
    dataloader = model._prepare_dataloader(x_train, y_train, batch_size=4)
    optimizer = torch.optim.AdamW(model.parameters(), lr=2e-4)
    batch = next(iter(dataloader))
    features, labels = batch
    features = {k: v.to(device) for k, v in features.items()}
    labels = labels.to(device)
    optimizer.zero_grad()
    outputs = model.model_body(features)
    outputs = model.model_head(outputs)
    loss = criterion(outputs["logits"], labels)
    loss.backward()
    optimizer.step()
