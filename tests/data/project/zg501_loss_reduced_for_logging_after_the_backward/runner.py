# expect: ZG501 21:13
"""Pang-Yatian/Point-MAE's tools/runner_finetune.py:153 and runner_pretrain.py:133/137 (ZG501 judged missed): the
batch loop backpropagates every batch and steps and clears only under `num_iter == config.step_per_update`, the loss
never divided by it (RULES.md ZG501, as PoinTr's and PointNeXt's same loops were judged). After the step, for logging,
`loss` is rebound to utils/dist_utils.py's mean over the processes, which divides by the world size: that value never
reaches the backward (the loss is bound again at the top of each iteration), but made today: nothing (reported when
the rebinding is given another name, or when dist_utils.py is not in the tree). Passed in pend24: the division is
looked for only in the assignments of the loss that can reach its backward (`reaching_assignments.py`): the loop binds
`loss` at its top, before the backward, on every path, so the rebinding after the backward never reaches it."""

from utils import dist_utils


def run_net(args, config, model, optimizer, loader, losses):
    model.zero_grad()
    for epoch in range(config.max_epoch):
        num_iter = 0
        for points, label in loader:
            num_iter += 1
            loss = model.get_loss(model(points), label)
            loss.backward()
            if num_iter == config.step_per_update:
                num_iter = 0
                optimizer.step()
                model.zero_grad()
            if args.distributed:
                loss = dist_utils.reduce_tensor(loss, args)
            losses.update(loss.item())
