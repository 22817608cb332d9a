#!/usr/bin/env bash
# Smoke test of compose.yaml (needs a Docker daemon): builds both images, starts PostgreSQL, two
# panels behind HAProxy, registers two gateway nodes through the owner's API, starts them and
# waits until the panel sees both online. Leaves nothing running (docker compose down -v).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

export APP_SECRET=${APP_SECRET:-$(node -e "console.log(require('crypto').randomBytes(32).toString('hex'))")}
export ADMIN_EMAIL=owner@example.com
export ADMIN_PASSWORD=${ADMIN_PASSWORD:-Smoke-pass-123}
export PANEL_PORT=${PANEL_PORT:-18080}
PANEL="http://127.0.0.1:$PANEL_PORT"
compose() { docker compose --profile gateways "$@"; }
trap 'compose logs --tail 50 || true; compose down -v || true' EXIT

# Reads one field of the JSON on stdin (node is there wherever the repository is).
field() { node -e "let s='';process.stdin.on('data',c=>s+=c).on('end',()=>console.log(JSON.parse(s)$1))"; }

docker compose build
docker compose up -d postgres panel1 panel2 lb
for _ in $(seq 1 90); do
  curl -fsS "$PANEL/api/health" >/dev/null 2>&1 && break
  sleep 2
done
curl -fsS "$PANEL/api/health"; echo

# Both instances answer through the balancer (round robin: two calls reach both).
for _ in 1 2; do curl -fsS "$PANEL/api/site/get-site-info" >/dev/null; done

token=$(curl -fsS -H 'content-type: application/json' \
  -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" "$PANEL/api/auth/login" | field '.tokens.accessToken')
register() {
  curl -fsS -H "authorization: Bearer $token" -H 'content-type: application/json' \
    -d "{\"name\":\"$1\",\"host\":\"$1\",\"portFrom\":$2,\"portTo\":$3}" "$PANEL/api/sub-server/admin/create"
}
node1=$(register gateway1 20000 20099)
node2=$(register gateway2 21000 21099)
GATEWAY1_NODE_ID=$(echo "$node1" | field '.id')
GATEWAY1_NODE_SECRET=$(echo "$node1" | field '.secret')
GATEWAY2_NODE_ID=$(echo "$node2" | field '.id')
GATEWAY2_NODE_SECRET=$(echo "$node2" | field '.secret')
export GATEWAY1_NODE_ID GATEWAY1_NODE_SECRET GATEWAY2_NODE_ID GATEWAY2_NODE_SECRET
compose up -d gateway1 gateway2

for _ in $(seq 1 60); do
  online=$(curl -fsS -H "authorization: Bearer $token" "$PANEL/api/sub-server/admin/list" |
    field ".filter(n => ['gateway1','gateway2'].includes(n.name) && n.online).length")
  if [ "$online" = 2 ]; then
    echo "compose smoke test: ok (2 panels behind HAProxy, 2 gateway nodes online)"
    exit 0
  fi
  sleep 2
done
echo "compose smoke test: the gateway nodes did not come online" >&2
exit 1
