# expect: ZG104 15:5
"""The twin of `clean104_data_loader_prepared_by_a_method_of_the_model.py`: here a method of the model whose name
says nothing of data (`model.embed(x)`) runs it before the clear, and the loss is built from its output, so the
clear sits between the forward pass and the backward (RULES.md ZG104). Only a name whose last word is a loader, a
dataset, a tokenizer, a processor or a collator says the call prepares data."""

import torch


def one_step(model, x_train, y_train, criterion, device):
    optimizer = torch.optim.AdamW(model.parameters(), lr=2e-4)
    features = model.embed(x_train.to(device))
    outputs = model.model_head(features)
    loss = criterion(outputs["logits"], y_train.to(device))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
