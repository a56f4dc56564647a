#!/usr/bin/env bash
# The yardstick in a throwaway environment: ruff (a benchmark tool, not a dependency).
set -euo pipefail
TOOLS=${ZG_BENCH_TOOLS:-/tmp/zerograd-bench-tools}
[ -x "$TOOLS/ruff/bin/ruff" ] || {
    python -m venv "$TOOLS/ruff"
    "$TOOLS/ruff/bin/pip" install -q ruff
}
"$TOOLS/ruff/bin/ruff" --version
