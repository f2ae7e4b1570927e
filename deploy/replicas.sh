#!/usr/bin/env bash
# Runs N McpHost gateway replicas behind nginx on this machine, the topology of docs/deploy.md:
#   deploy/replicas.sh [N] [PORT] [-- serve options...]
# nginx listens on 127.0.0.1:PORT (default 8080) and round-robins over N replicas (default 3) on
# PORT+1..PORT+N, which share fresh session keys. Extra options go to every `mcphost serve` (e.g.
# --config mcp.json). Ctrl-C stops everything. Needs nginx (apt-get install nginx) and the built CLI
# (./mvnw -q package -DskipTests, or the repository's ./mcphost launcher builds it).
set -euo pipefail
cd "$(dirname "$0")/.."
replicas="${1:-3}"; port="${2:-8080}"
shift $(( $# > 2 ? 2 : $# )) || true
[ "${1:-}" = "--" ] && shift
command -v nginx >/dev/null || { echo "replicas.sh: nginx is not installed (apt-get install nginx)" >&2; exit 2; }
work="$(mktemp -d -t mcphost-replicas.XXXXXX)"
mkdir -p "$work"/{client_body,proxy,fastcgi,uwsgi,scgi}
# Every replica gets the same keys; a real deployment keeps them in a secret store (see docs/deploy.md).
MCPHOST_SESSION_KEYS="$(head -c 32 /dev/urandom | base64)"
export MCPHOST_SESSION_KEYS
# Built once here: N launchers building at the same moment would trip over each other.
./mcphost --version >/dev/null
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
upstreams=""
# Every replica knows every replica's endpoint: a client's subscriptions then hold at each (docs/deploy.md).
peers="$(for i in $(seq 1 "$replicas"); do printf 'http://127.0.0.1:%s/mcp,' $((port + i)); done)"
peers="${peers%,}"
for i in $(seq 1 "$replicas"); do
    p=$((port + i))
    ./mcphost serve --http "127.0.0.1:$p" --session-keys-env MCPHOST_SESSION_KEYS --peers "$peers" --admin "127.0.0.1:$((port + 100 + i))" "$@" \
        2> >(sed "s/^/[replica $i] /" >&2) &
    pids+=($!)
    upstreams+="        server 127.0.0.1:$p max_fails=0;"$'\n'
done
sed -e "s|@PREFIX@|$work|g" -e "s|@LISTEN@|127.0.0.1:$port|" -e "/@UPSTREAMS@/{r /dev/stdin" -e "d}" deploy/nginx.conf \
    <<<"$upstreams" > "$work/nginx.conf"
nginx -p "$work" -c "$work/nginx.conf" -e "$work/error.log" &
pids+=($!)
echo "replicas.sh: $replicas replicas behind nginx at http://127.0.0.1:$port/mcp (admin: 127.0.0.1:$((port + 101))..); Ctrl-C stops" >&2
wait -n "${pids[@]}"
