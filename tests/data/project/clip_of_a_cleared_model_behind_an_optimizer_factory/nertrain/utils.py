# expect: clean
"""The project's helpers (pytorch_bert_bilstm_crf_ner's utils/trainUtils.py, reduced): the optimizer and its warm-up
schedule built over a model's parameter groups, and the model moved (or wrapped) for its devices. Neither shows the
trainer that its wrapped model and its optimizer hold the same parameters."""
import torch
from transformers import get_linear_schedule_with_warmup


def build_optimizer_and_scheduler(args, model, t_total):
    module = model.module if hasattr(model, "module") else model
    decay = [p for n, p in module.named_parameters() if "bias" not in n]
    no_decay = [p for n, p in module.named_parameters() if "bias" in n]
    groups = [{"params": decay, "weight_decay": args.weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    optimizer = torch.optim.AdamW(groups, lr=args.lr)
    scheduler = get_linear_schedule_with_warmup(optimizer, int(args.warmup * t_total), t_total)
    return optimizer, scheduler


def load_model_and_parallel(model, gpu_ids):
    device = torch.device("cpu" if not gpu_ids else f"cuda:{gpu_ids[0]}")
    model = model.to(device)
    if len(gpu_ids) > 1:
        model = torch.nn.DataParallel(model, device_ids=gpu_ids)
    return model, device
