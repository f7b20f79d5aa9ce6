#!/usr/bin/env bash
# Makes or updates the Python virtual environment with Ray and jsymex-ray (python/jsymex_ray)
# that `jsymex-ray run` and tests/ray.rs use: target/ray-venv, or $JSYMEX_RAY_VENV.
# Usage: scripts/ray-venv.sh   (needs python3 with venv, and PyPI for ray)
set -euo pipefail
cd "$(dirname "$0")/.."
V=${JSYMEX_RAY_VENV:-target/ray-venv}
if [ ! -x "$V/bin/python" ]; then
  python3 -m venv "$V"
fi
"$V/bin/pip" install -q --disable-pip-version-check ./python/jsymex_ray
"$V/bin/python" -c 'import ray, jsymex_ray; print("ray", ray.__version__, "in", "'"$V"'")'
