"""fairseq's shape (fairseq/optim/fp16_optimizer.py): a project's FP16 optimizer wrapper that scales the loss in its own
`backward` and takes the scale back out of the gradients in its own `step`."""
# expect: clean
