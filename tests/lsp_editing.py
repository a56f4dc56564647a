"""For the LSP tests: their training script, and what an editor does with the server's edits (no pygls: the raw client uses it too)."""

from __future__ import annotations

from typing import Iterable

# (start line, start character, end line, end character, new text), positions as LSP counts them
Edit = tuple[int, int, int, int, str]
CODECS = {"utf-8": ("utf-8", 1), "utf-16": ("utf-16-le", 2), "utf-32": ("utf-32-le", 4)}

# A ZG101 at the step, on a line where an emoji comes first: one code point, but two UTF-16 and four UTF-8 code units.
SCRIPT = """import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]
for x, y in data:
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    note = "\N{GRINNING FACE}"; optimizer.step()
"""
FIXED = SCRIPT.replace("for x, y in data:\n", "for x, y in data:\n    optimizer.zero_grad()\n")
STEP_LINE = 8  # 0-based, as LSP counts


def step_start(encoding: str) -> int:
    """The character where `optimizer.step()` starts, in the code units of `encoding`."""
    codec, width = CODECS[encoding]
    return len('    note = "\N{GRINNING FACE}"; '.encode(codec)) // width


def apply_edits(text: str, edits: Iterable[Edit], encoding: str = "utf-16") -> str:
    """The text with the edits made, each at positions of the text as it was (as LSP says)."""
    lines = text.splitlines(keepends=True)  # the tests' texts break lines with \n only
    codec, width = CODECS[encoding]

    def offset(line: int, character: int) -> int:
        if line >= len(lines):
            return len(text)
        prefix = lines[line].encode(codec)[: character * width].decode(codec)
        return sum(len(earlier) for earlier in lines[:line]) + len(prefix)

    for start_line, start_char, end_line, end_char, new in sorted(edits, key=lambda e: e[:2], reverse=True):
        text = text[: offset(start_line, start_char)] + new + text[offset(end_line, end_char) :]
    return text
