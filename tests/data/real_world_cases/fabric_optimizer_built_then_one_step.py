"""A test builds Fabric, a model and its optimizer, runs one step, then rebuilds them to reload.

Seen in Lightning-AI/pytorch-lightning tests_fabric/strategies/
test_fsdp_integration.py (test_save_sharded_and_consolidate_and_load) and
test_model_parallel_integration.py: `fabric = Fabric(...)`,
`model = BoringModel()`, `optimizer = torch.optim.Adam(model.parameters())`,
`fabric.setup(...)`, one `loss = model(torch.rand(..., device=fabric.device)).sum();
fabric.backward(loss); optimizer.step()`, a checkpoint save, then `fabric = Fabric(...)` and
`optimizer = torch.optim.Adam(model.parameters())` again to load it.
Creating an optimizer is not a clear and `Fabric(...)` is not a forward:
no ZG104 (nor anything else: one backward, one step). 4ab1308 reported
ZG104 on both `optimizer = ...` lines, naming `fabric = Fabric(...)`
(the loss reads `fabric.device`) as the forward (fixed in d70929a).
"""
# expect: clean
import torch
from lightning.fabric import Fabric
from lightning.pytorch.demos.boring_classes import BoringModel


def test_save_and_reload(tmp_path):
    fabric = Fabric(accelerator="cpu", devices=1)
    model = BoringModel()
    optimizer = torch.optim.Adam(model.parameters())
    model, optimizer = fabric.setup(model, optimizer)

    loss = model(torch.rand(1, 32, device=fabric.device)).sum()
    fabric.backward(loss)
    optimizer.step()
    fabric.save(tmp_path / "checkpoint", {"model": model, "optimizer": optimizer})

    fabric = Fabric(accelerator="cpu", devices=1)
    optimizer = torch.optim.Adam(model.parameters())
    model, optimizer = fabric.setup(model, optimizer)
    fabric.load(tmp_path / "checkpoint", {"model": model, "optimizer": optimizer})
