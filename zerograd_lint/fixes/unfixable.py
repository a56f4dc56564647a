"""Why a rule has no fix: what `--show-fixes` says of its reports, and its page's Fix section.

A fix is made only where one edit is right whatever the code around it means
(`base.Fix`); for these rules the right edit depends on what the author meant,
so the report's message says where the problem is and the author edits.
"""

from __future__ import annotations

# ZG301 and ZG302: the same read of a `.grad` that may be missing, known to be or not.
MISSING_GRAD = (
    "a missing `.grad` may be skipped (`if p.grad is not None`) or kept as zeros (`zero_grad(set_to_none=False)`): "
    "which one depends on what the read does with it"
)

WHY_NOT_FIXED: dict[str, str] = {
    "ZG000": "the file does not parse: there is no code to edit until its syntax is fixed",
    "ZG104": "the clear is correct where it is (the weights are bit-identical); moving it to the top of the iteration "
             "is a matter of style, for the author",
    "ZG105": "the clear must move after the accumulation step, under its condition (or before the micro-batch loop), "
             "which changes what every update applies; the message says where, the author moves it",
    "ZG201": "which backward the step should follow, and whether the loss it needs is computed before it, is the "
             "loop's design: the author reorders it",
    "ZG203": "the clip belongs between the backward and the step, and moving it there changes every update: the "
             "author moves it",
    "ZG301": MISSING_GRAD,
    "ZG302": MISSING_GRAD,
    "ZG403": "which `unscale_` to keep depends on which clip needs the unscaled gradients: the author removes the other",
    "ZG601": "where the optimizer belongs (before the loop, often next to the model) is for the author to decide; the "
             "message says which loop",
}
