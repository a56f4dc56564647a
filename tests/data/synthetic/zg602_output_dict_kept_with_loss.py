"""The buggy twin: the step's output dict is kept with its `"loss"` entry still carrying the graph.

RULES.md ZG602 at `outputs.append(out)`; the advice detaches the entry (`.item()` would fail on a dict).
"""
# expect: ZG602 21:9


def training_step(model, batch, criterion):
    logits = model(batch["pixels"])
    loss = criterion(logits, batch["target"])
    return {"loss": loss, "count": len(batch["target"])}


def fit(model, loader, optimizer, criterion):
    outputs = []
    for batch in loader:
        optimizer.zero_grad()
        out = training_step(model, batch, criterion)
        out["loss"].backward()
        optimizer.step()
        outputs.append(out)
    total = sum(o["loss"] * o["count"] for o in outputs)
    return total / sum(o["count"] for o in outputs)
