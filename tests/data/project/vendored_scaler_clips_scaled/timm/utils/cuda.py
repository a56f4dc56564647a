# expect: ZG401 17:13
"""A copy of timm kept in the tree whose `NativeScaler.__call__` lost its `unscale_`: the clip reads the scaled
gradients. Its summary (which unscales before the clip) is not its body, so the body is what the loop runs."""

import torch


class NativeScaler:
    state_dict_key = "amp_scaler"

    def __init__(self):
        self._scaler = torch.cuda.amp.GradScaler()

    def __call__(self, loss, optimizer, clip_grad=None, parameters=None, create_graph=False):
        self._scaler.scale(loss).backward(create_graph=create_graph)
        if clip_grad is not None:
            torch.nn.utils.clip_grad_norm_(parameters, clip_grad)
        self._scaler.step(optimizer)
        self._scaler.update()
