"""An image-classification trainer that splits each batch into chunks (hysts/pytorch_image_classification's train.py
shape, written here): the chunk loop appends `loss`, the tensor it backpropagates, undetached to `losses`, a list
made anew per batch that outlives each chunk's pass; after the loop `loss = sum(losses)` (then `.item()`) only
logs it. By the letter of ZG602, as ibot's per-classifier `losses.append(loss)` reset every batch: each chunk's graph
object stays referenced until the batch ends (RULES.md ZG602, at the append). The chunks' gradients are divided
after the loop, so no ZG501 is owed. Only the assignments that reach a backward say what it backpropagates
(`kept_values.backpropagated_names`): `loss = sum(losses)` never does (the next batch's chunk loop binds `loss`
again first). The twin, clean602_list_of_chunk_losses_summed_into_the_one_backward.py, backpropagates the sum."""
# expect: ZG602 21:13
import torch

model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
loader = [(torch.randn(8, 4), torch.randint(0, 2, (8,)))]
for epoch in range(3):
    for data, targets in loader:
        optimizer.zero_grad()
        losses = []
        for data_chunk, target_chunk in zip(data.chunk(2), targets.chunk(2)):
            loss = torch.nn.functional.cross_entropy(model(data_chunk), target_chunk)
            losses.append(loss)
            loss.backward()
        for param in model.parameters():
            if param.grad is not None:
                param.grad.div_(2)
        optimizer.step()
        loss = sum(losses)
        loss = loss.item()
