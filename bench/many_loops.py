"""Writes a file of many small top-level training loops, for the linear-cost benchmark.

    python bench/many_loops.py OUT.py --kb 200

Each block builds a model and its optimizer and trains it in a loop of its own,
under the same names (a tutorial or a notebook exported to a script); one block
in ten forgets its `zero_grad()`, so the file has reports to make too.
"""

from __future__ import annotations

import argparse
from pathlib import Path

HEADER = "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n"
BLOCK = """
model = nn.Linear({width}, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.{lr})
for x, y in loader:
{clear}    loss = F.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
"""


def many_loops(size: int) -> str:
    """About `size` bytes of blocks."""
    parts, length, index = [HEADER], len(HEADER), 0
    while length < size:
        clear = "" if index % 10 == 9 else "    optimizer.zero_grad()\n"
        block = BLOCK.format(width=index % 64 + 1, lr=index % 9 + 1, clear=clear)
        parts.append(block)
        length += len(block)
        index += 1
    return "".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--kb", type=int, default=200)
    args = parser.parse_args()
    args.out.write_text(many_loops(args.kb * 1024))


if __name__ == "__main__":
    main()
