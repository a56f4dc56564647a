# expect: clean
import torch


def build_grad_scaler(fp16):
    return torch.cuda.amp.GradScaler(enabled=fp16)
