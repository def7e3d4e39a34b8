#!/usr/bin/env bash
# Installs everything the bot needs on a fresh machine: the Node packages, and on Debian or
# Ubuntu the Cairo and Pango headers that node-canvas builds against when no prebuilt binary
# can be downloaded. Says what it is doing, since a build from source takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '==> %s\n' "$*"; }

# Runs a command, printing a line every 20 s so a long build never looks stuck.
with_progress() {
  "$@" &
  local pid=$! start=$SECONDS next=20
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    if [ $((SECONDS - start)) -ge "$next" ] && kill -0 "$pid" 2>/dev/null; then
      printf '    … still working (%d s)\n' $((SECONDS - start))
      next=$((next + 20))
    fi
  done
  wait "$pid"
}

step "Checking Node.js"
node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "Recyclerie needs Node.js 20.19 or later (found $(node --version))." >&2
  exit 1
fi
echo "    found Node.js $(node --version)"

if command -v apt-get >/dev/null 2>&1 && ! pkg-config --exists cairo pangocairo 2>/dev/null; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  step "Installing the Cairo and Pango development packages for node-canvas (apt-get)"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends \
    build-essential python3 pkg-config libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev
fi

step "Installing the Node packages (npm ci)"
echo "    node-canvas and better-sqlite3 are built from source when no prebuilt binary fits this"
echo "    machine: that can take a few minutes."
with_progress npm ci --no-audit --no-fund --loglevel=error

step "Checking that image drawing and the database load"
node -e "require('canvas'); require('better-sqlite3')"

step "Done"
if [ ! -f .env ]; then
  echo "    Next: cp .env.example .env, put your bot token in DISCORD_TOKEN, then npm start."
else
  echo "    Next: npm start"
fi
