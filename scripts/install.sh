#!/usr/bin/env bash
# Installs everything the bot needs on a fresh machine: the Node packages, and on Debian or
# Ubuntu the Cairo and Pango headers that node-canvas builds against when no prebuilt binary
# can be downloaded.
set -euo pipefail
cd "$(dirname "$0")/.."

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "Recyclerie needs Node.js 20.19 or later (found $(node --version))." >&2
  exit 1
fi

if command -v apt-get >/dev/null 2>&1 && ! pkg-config --exists cairo pangocairo 2>/dev/null; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "Installing the Cairo and Pango development packages for node-canvas…"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends \
    build-essential python3 pkg-config libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev
fi

npm ci --no-audit --no-fund
