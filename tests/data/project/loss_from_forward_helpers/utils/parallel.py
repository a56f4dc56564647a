# expect: clean
"""A helper of the project's (Real-Time-Voice-Cloning's `data_parallel_workaround`): it runs the model it is handed
on several devices and gathers the outputs."""

import torch


def data_parallel_workaround(model, *inputs):
    device_ids = list(range(torch.cuda.device_count()))
    replicas = torch.nn.parallel.replicate(model, device_ids)
    scattered = torch.nn.parallel.scatter(inputs, device_ids)
    outputs = torch.nn.parallel.parallel_apply(replicas[: len(scattered)], scattered)
    return torch.nn.parallel.gather(outputs, device_ids[0])
