#!/usr/bin/env bash
# Install the app's requirements and start the Ranking Metrics Lab (http://localhost:8501).
# Usage: bash scripts/run_app.sh [extra `streamlit run` options, e.g. --server.port 8502]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python}"
"$PYTHON" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r requirements.txt
# deploy/serve.py: app.py with the live classes' waiting route (docs/src/hosting.md); `streamlit run app.py` works too
exec "$PYTHON" -m streamlit run deploy/serve.py "$@"
