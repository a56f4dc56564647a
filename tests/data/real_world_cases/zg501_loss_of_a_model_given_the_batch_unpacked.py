"""The loss of a Hugging Face model given the batch unpacked (`loss = model(**batch).loss`), backpropagated every batch
and stepped only every `gradient_accumulation_steps`, never divided: the update is that many times too large. Missed:
`scaled_on_purpose` (questions/losses.py) reads a `*` in the loss's text beside a size word (`batch`) as a loss
multiplied by a batch size on purpose, and the `**` of the unpacked batch is such a `*`. Found by corpus20a while
narrowing `bound_owner` (accelerate's `outputs = model(**batch); loss = outputs.loss` is reported, because the
attribute of an undivided owner is not followed; this one-expression form is not). Found since pend20: a product is
a multiplication node (`losses.multiplies`), not the character; the squared error of the second loop (`** 2` beside
the word `batch`) was silent for the same reason. The twin `clean501_loss_of_a_model_given_the_batch_unpacked_divided.py`
divides both.
"""
# expect: ZG501 24:9
# expect: ZG501 33:9
import torch
from transformers import AutoModelForSequenceClassification

model = AutoModelForSequenceClassification.from_pretrained("bert-base-cased")
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)


def train(loader, gradient_accumulation_steps):
    optimizer.zero_grad()
    for step, batch in enumerate(loader):
        loss = model(**batch).loss
        loss.backward()
        if (step + 1) % gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()


def train_regression(loader, gradient_accumulation_steps):
    for step, batch in enumerate(loader):
        loss = ((model(batch["inputs"]).logits - batch["targets"]) ** 2).mean()
        loss.backward()
        if (step + 1) % gradient_accumulation_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
