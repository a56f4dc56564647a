"""The loss read from the outputs of a model given the batch unpacked (`outputs = model(**batch); loss =
outputs.loss`), backpropagated every batch and stepped only `if step % gradient_accumulation_steps == 0:`, never
divided, as huggingface/accelerate's examples/by_feature/fsdp_with_peak_mem_tracking.py does: the `**` of the
unpacked batch multiplies nothing, and the outputs are no object divided as a whole (the iris shape of
project/loss_record_divided_as_a_whole/), so the loss stays undivided.
"""
# expect: ZG501 22:13
import torch
from transformers import AutoModelForSequenceClassification


def train(loader, gradient_accumulation_steps, num_epochs):
    model = AutoModelForSequenceClassification.from_pretrained("bert-base-cased")
    optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)
    total_loss = 0.0
    for epoch in range(num_epochs):
        model.train()
        for step, batch in enumerate(loader):
            outputs = model(**batch)
            loss = outputs.loss
            total_loss += loss.detach().float()
            loss.backward()
            if step % gradient_accumulation_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
    return total_loss
