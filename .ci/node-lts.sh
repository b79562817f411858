#!/usr/bin/env bash
# `npm test` (unit + e2e) on the current Node.js LTS, whatever Node the machine has: the npm
# registry's `node` package brings the binary (no download from elsewhere), installed into a
# temporary prefix that is removed afterwards. Arguments go to Jest, e.g.
#   bash .ci/node-lts.sh --json --outputFile=/tmp/lts.json
# NODE_LTS_MAJOR overrides the line (24: Active LTS as the Dockerfile's image). The installed
# node_modules and dist/ are reused: nothing in them depends on the Node version (no native addons
# besides N-API prebuilds).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
major="${NODE_LTS_MAJOR:-24}"

prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$major" >/dev/null
lts_bin="$prefix/node_modules/node/bin"
version=$("$lts_bin/node" --version)
if [[ "$version" != "v$major."* ]]; then
  echo "node-lts: expected Node $major, the registry's package gave $version" >&2
  exit 1
fi
echo "node-lts: npm test on Node $version (machine: $(node --version))"

# First on PATH: npm, Jest and every process the tests spawn (process.execPath) run on the LTS binary.
PATH="$lts_bin:$PATH" npm test -- "$@"
