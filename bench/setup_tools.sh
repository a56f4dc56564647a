#!/usr/bin/env bash
# Throwaway environments for the tools the benchmark compares; the shared site-packages is never touched.
#   TorchFix pins libcst<1.6, so it gets a venv of its own (it does not depend on torch).
#   flake8 runs our plugin from an editable install of this checkout, in a venv that sees
#   the system packages (flake8, libcst, click).
set -euo pipefail
TOOLS=${ZG_BENCH_TOOLS:-/tmp/zerograd-bench-tools}
REPO=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$TOOLS/torchfix/bin/torchfix" ] || {
    python -m venv "$TOOLS/torchfix"
    "$TOOLS/torchfix/bin/pip" install -q torchfix
}
[ -x "$TOOLS/flake8/bin/flake8" ] || python -m venv --system-site-packages "$TOOLS/flake8"
if [ -f "$REPO/zerograd_lint/flake8_plugin.py" ]; then  # until the plugin lands, flake8 has no ZG column
    "$TOOLS/flake8/bin/pip" install -q --no-deps -e "$REPO"
fi
"$TOOLS/torchfix/bin/pip" list 2>/dev/null | grep -i -E "^(torch|torchfix|libcst) "
