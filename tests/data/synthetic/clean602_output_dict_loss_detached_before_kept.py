"""Lightning-style step outputs kept for the epoch's end, the graph-carrying entry replaced first.

`out["loss"] = out["loss"].detach()` before `outputs.append(out)`: the dict holds no graph any more
(RULES.md ZG602), nothing to report.
"""
# expect: clean


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
        out["loss"] = out["loss"].detach()
        outputs.append(out)
    total = sum(o["loss"] * o["count"] for o in outputs)
    return total / sum(o["count"] for o in outputs)
