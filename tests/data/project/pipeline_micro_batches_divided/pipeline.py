# expect: clean
"""One stage of a pipeline-parallel model (picotron's `PipelineParallel` shape, written here): `backward` runs the
autograd backward of the stage's output, with the gradient received from the next stage (ones on the last, whose
output is the loss). The schedule of schedule.py hands it each micro-batch's mean divided by the micro-batches the step of
train.py sums: the twin of `pipeline_micro_batches_undivided/`, clean."""

import torch
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
        torch.autograd.backward(output_tensor, grad_tensors=output_tensor_grad, retain_graph=False, create_graph=False)
        return input_tensor.grad if input_tensor is not None else None
