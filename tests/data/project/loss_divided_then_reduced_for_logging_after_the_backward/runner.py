# expect: clean
"""The VALID twin of zg501_loss_reduced_for_logging_after_the_backward/: the same counter-guarded accumulation, its
loss divided by `config.step_per_update` before the backward (RULES.md ZG501), then rebound after the step, for
logging, to utils/dist_utils.py's mean over the processes. The division that reaches the backward is the one
judged; the rebinding after it changes nothing of that."""

from utils import dist_utils


def run_net(args, config, model, optimizer, loader, losses):
    model.zero_grad()
    for epoch in range(config.max_epoch):
        num_iter = 0
        for points, label in loader:
            num_iter += 1
            loss = model.get_loss(model(points), label) / config.step_per_update
            loss.backward()
            if num_iter == config.step_per_update:
                num_iter = 0
                optimizer.step()
                model.zero_grad()
            if args.distributed:
                loss = dist_utils.reduce_tensor(loss, args)
            losses.update(loss.item())
