# expect: clean
"""All forwards, then all backwards (AFAB) over `grad_acc_steps` micro-batches, each loss divided by their count."""

import torch.nn.functional as F


def train_step_afab(model, batches, grad_acc_steps, is_last_stage):
    logging_loss = 0.0
    input_tensors, output_tensors = [], []
    for _ in range(grad_acc_steps):
        batch = next(batches)
        input_tensor = batch["hidden_states"]
        output_tensor = model(input_tensor)
        if is_last_stage:
            output_tensor = F.cross_entropy(output_tensor.flatten(0, 1), batch["target_ids"].flatten(), reduction="mean") / grad_acc_steps
            logging_loss += output_tensor.item()
        input_tensors.append(input_tensor)
        output_tensors.append(output_tensor)
    for _ in range(grad_acc_steps):
        input_tensor, output_tensor = input_tensors.pop(0), output_tensors.pop(0)
        model.backward(input_tensor, output_tensor, None)
    return logging_loss
