"""A pipeline stage's own `backward` method (picotron's `PipelineParallel` shape): it runs the autograd backward of the
output it is handed, with the gradient the next stage sends (ones on the last stage, whose output is the loss). Called
as `model.backward(input_tensor, loss, None)` on an instance of the class in view, it is what its body does: the
backward of its second argument, not of the first (as an engine's `backward(loss)` would be read). Each micro-batch's
loss is a mean over its own tokens only, and one step follows the micro-batches: RULES.md ZG501, reported at the
method's backward. The twin dividing the loss is `clean501_pipeline_stage_backward_method_handed_a_divided_loss.py`.
"""
# expect: ZG501 29:9
import torch
import torch.nn.functional as F
from torch import nn


class PipelineStage(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.layers = nn.ModuleList(layers)

    def forward(self, hidden_states):
        for layer in self.layers:
            hidden_states = layer(hidden_states)
        return hidden_states

    def backward(self, input_tensor, output_tensor, output_tensor_grad):
        if input_tensor is not None:
            input_tensor.retain_grad()
        if output_tensor_grad is None:
            output_tensor_grad = torch.ones_like(output_tensor)
        torch.autograd.backward(output_tensor, grad_tensors=output_tensor_grad)
        return input_tensor.grad if input_tensor is not None else None


def train(layers, batches, steps, grad_acc_steps):
    model = PipelineStage(layers)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for _ in range(steps):
        optimizer.zero_grad()
        for _ in range(grad_acc_steps):
            batch = next(batches)
            input_tensor = batch["hidden_states"]
            loss = F.cross_entropy(model(input_tensor).flatten(0, 1), batch["target_ids"].flatten())
            model.backward(input_tensor, loss, None)
        optimizer.step()
