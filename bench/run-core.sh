#!/usr/bin/env bash
# Criterion benchmarks of the core (native): time per estimate and per 1,000-point sweep.
set -euo pipefail
cd "$(dirname "$0")/core"
cargo bench --bench estimate -- --warm-up-time 1 --measurement-time 3 2>&1 | grep -E "time:|^[a-z_]+\/"
