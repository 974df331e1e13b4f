#!/usr/bin/env bash
# Criterion benchmarks of the core (native): time per estimate and per 1,000-point sweep, and
# the planner's searches (issue 41).
set -euo pipefail
cd "$(dirname "$0")/core"
cargo bench --bench estimate --bench plan -- --warm-up-time 1 --measurement-time 3 2>&1 | grep -E "time:|^[a-z_]+\/"
