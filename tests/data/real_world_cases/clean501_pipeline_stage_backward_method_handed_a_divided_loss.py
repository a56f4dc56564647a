"""The twin of `zg501_pipeline_stage_backward_method_handed_the_loss.py`: the stage's own `backward` method is handed
each micro-batch's loss divided by the number of micro-batches; its body backpropagates that argument, so nothing is
reported (RULES.md ZG501). Its first argument, the stage's undivided input, is no loss: read as one, this twin was
reported.
"""
# expect: clean
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
            model.backward(input_tensor, loss / grad_acc_steps, None)
        optimizer.step()
