# expect: clean
"""The backward of every script: apex's `amp.scale_loss` block when fp16 is on (its exit unscales), a plain
backward otherwise."""

try:
    from apex import amp
except ImportError:
    amp = None


def backward(loss, optimizer, fp16):
    if fp16:
        with amp.scale_loss(loss, optimizer) as scaled_loss:
            scaled_loss.backward()
    else:
        loss.backward()


def master_params(optimizer, model, fp16):
    return amp.master_params(optimizer) if fp16 else model.parameters()
