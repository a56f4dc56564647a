# expect: clean
"""The twin of `zg501_loss_of_a_model_given_the_batch_unpacked.py`: each loss divided by the accumulation count
(RULES.md ZG501), and a loss multiplied by the batch's size on purpose (a sum over its examples)."""
import torch
from transformers import AutoModelForSequenceClassification

model = AutoModelForSequenceClassification.from_pretrained("bert-base-cased")
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)


def train(loader, gradient_accumulation_steps):
    optimizer.zero_grad()
    for step, batch in enumerate(loader):
        loss = model(**batch).loss / gradient_accumulation_steps
        loss.backward()
        if (step + 1) % gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()


def train_regression(loader, gradient_accumulation_steps):
    for step, batch in enumerate(loader):
        loss = ((model(batch["inputs"]).logits - batch["targets"]) ** 2).mean()
        (loss / gradient_accumulation_steps).backward()
        if (step + 1) % gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()


def train_summed(loader, gradient_accumulation_steps):
    for step, batch in enumerate(loader):
        loss = model(**batch).loss * batch["input_ids"].size(0)
        loss.backward()
        if (step + 1) % gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
