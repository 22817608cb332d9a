#!/usr/bin/env bash
# Smoke test of a running deployment through its public URL (the balancer): any host, any number of
# instances. Each step prints "ok ..." and the script stops at the first failure (exit 1).
#
#   PANEL_URL=https://panel.example.com deploy/smoke.sh
#
# Always: health and readiness, then SMOKE_CALLS (default 10) calls of get-site-info, counting the
# instances that answered by HAProxy's X-Served-By (deploy/haproxy/haproxy.cfg); SMOKE_INSTANCES=N
# requires at least N of them.
# With SMOKE_EMAIL and SMOKE_PASSWORD (a customer of the site): login, the balance, and the realtime
# stream (/api/events) open through the balancer, with the instance it landed on.
#   SMOKE_BUY=N (and SMOKE_PRODUCT=v4|v6, default v4; SMOKE_COUNTRY, default VN; needs
#   SMOKE_TARGET_URL, a plain-HTTP URL the proxies may reach): buys N proxies for a day (real
#   money: the customer pays), checks the balance went down by the order's price, and curls
#   SMOKE_TARGET_URL through each proxy (CONNECT), printing the egress the target saw.
#   BANK_WEBHOOK_KEY (STAGING ONLY: this credits real coins): posts a bank transfer of SMOKE_TOPUP
#   coins (default 10000) with the customer's bill code to SMOKE_WEBHOOK_URL (default PANEL_URL; an
#   instance's own address puts it on that instance), twice with the same id: the balance goes up
#   once, and the stream hears topup.success.
# With METRICS_TOKEN: GET /metrics answers with panel_http_requests_total.
# Needs bash, curl and node (for JSON).
set -euo pipefail

: "${PANEL_URL:?set PANEL_URL to the deployment, e.g. https://panel.example.com}"
PANEL_URL=${PANEL_URL%/}
WORK=$(mktemp -d)
STREAM_PID=
cleanup() {
  if [ -n "$STREAM_PID" ]; then kill "$STREAM_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
  echo "smoke: FAILED: $*" >&2
  exit 1
}
ok() { echo "ok $*"; }
# Reads one expression of the JSON on stdin, e.g. `field .tokens.accessToken`.
field() { node -e "let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const v=JSON.parse(s)$1;console.log(typeof v==='object'?JSON.stringify(v):v)})"; }
# curl against the panel: -f fails on 4xx/5xx; extra arguments pass through.
call() {
  local path=$1
  shift
  curl -fsS --max-time 20 "$@" "$PANEL_URL$path"
}
auth=()

# 1. Health and readiness.
call /api/health >/dev/null || fail "GET /api/health"
call /api/health/ready >/dev/null || fail "GET /api/health/ready"
ok "health and readiness at $PANEL_URL"

# 2. Which instances answer.
declare -A SEEN=()
for _ in $(seq 1 "${SMOKE_CALLS:-10}"); do
  by=$(call /api/site/get-site-info -o /dev/null -D - | tr -d '\r' | awk -F': ' 'tolower($1)=="x-served-by"{print $2}')
  SEEN[${by:-unnamed}]=1
done
ok "get-site-info answered by: ${!SEEN[*]}"
if [ -n "${SMOKE_INSTANCES:-}" ] && [ "${#SEEN[@]}" -lt "$SMOKE_INSTANCES" ]; then
  fail "expected at least $SMOKE_INSTANCES instances behind $PANEL_URL, saw ${#SEEN[@]}"
fi

if [ -z "${SMOKE_EMAIL:-}" ] || [ -z "${SMOKE_PASSWORD:-}" ]; then
  echo "smoke: done (set SMOKE_EMAIL and SMOKE_PASSWORD for the customer's steps)"
  exit 0
fi

# 3. The customer: login, balance, the realtime stream.
login=$(node -e 'console.log(JSON.stringify({email:process.argv[1],password:process.argv[2]}))' "$SMOKE_EMAIL" "$SMOKE_PASSWORD")
token=$(call /api/auth/login -H 'content-type: application/json' -d "$login" | field .tokens.accessToken) ||
  fail "login of $SMOKE_EMAIL"
auth=(-H "authorization: Bearer $token")
balance() { call /api/user/me "${auth[@]}" | field .balance; }
before=$(balance)
ok "logged in as $SMOKE_EMAIL, balance $before"
curl -sS -N --max-time 600 -D "$WORK/stream.headers" "$PANEL_URL/api/events?access_token=$token" >"$WORK/stream" 2>/dev/null &
STREAM_PID=$!
for _ in $(seq 1 100); do
  grep -q ': connected' "$WORK/stream" 2>/dev/null && break
  sleep 0.1
done
grep -q ': connected' "$WORK/stream" || fail "the realtime stream did not open"
stream_by=$(tr -d '\r' <"$WORK/stream.headers" | awk -F': ' 'tolower($1)=="x-served-by"{print $2}')
ok "realtime stream open (on ${stream_by:-an unnamed instance})"

# 4. A bank transfer, delivered twice (staging only).
if [ -n "${BANK_WEBHOOK_KEY:-}" ]; then
  bill=$(call /api/bill/get-bill "${auth[@]}")
  code=$(echo "$bill" | field .codeBill)
  account=$(echo "$bill" | field .bank.accountNumber)
  amount=${SMOKE_TOPUP:-10000}
  id=$((RANDOM * 32768 + RANDOM))
  body=$(node -e '
    const [id, account, code, amount] = process.argv.slice(1);
    console.log(JSON.stringify({ id: Number(id), gateway: "SMOKE", transactionDate: new Date().toISOString().slice(0, 19).replace("T", " "),
      accountNumber: account, content: `${code} smoke`, transferType: "in", transferAmount: Number(amount), referenceCode: `SMOKE${id}` }));
  ' "$id" "$account" "$code" "$amount")
  hook=${SMOKE_WEBHOOK_URL:-$PANEL_URL}
  for _ in 1 2; do
    curl -fsS --max-time 20 -H 'content-type: application/json' -H "authorization: Apikey $BANK_WEBHOOK_KEY" \
      -d "$body" "${hook%/}/api/webhook/bank" >/dev/null || fail "POST $hook/api/webhook/bank"
  done
  for _ in $(seq 1 100); do
    grep -q 'event: topup.success' "$WORK/stream" && break
    sleep 0.1
  done
  grep -q 'event: topup.success' "$WORK/stream" || fail "the stream did not hear topup.success"
  after=$(balance)
  [ "$after" = $((before + amount)) ] || fail "balance $after after a transfer of $amount delivered twice (was $before)"
  ok "transfer $id of $amount posted twice to $hook: credited once (balance $after), the stream heard it"
  before=$after
fi

# 5. Buy and use proxies.
if [ -n "${SMOKE_BUY:-}" ]; then
  : "${SMOKE_TARGET_URL:?SMOKE_BUY needs SMOKE_TARGET_URL (plain http) to curl through the proxies}"
  order=$(call "/api/${SMOKE_PRODUCT:-v4}-proxy/buy-retail" "${auth[@]}" -H 'content-type: application/json' \
    -d "{\"country\":\"${SMOKE_COUNTRY:-VN}\",\"quantity\":$SMOKE_BUY,\"period\":{\"unit\":\"day\",\"value\":1}}") ||
    fail "buying $SMOKE_BUY ${SMOKE_PRODUCT:-v4} proxies"
  price=$(echo "$order" | field .order.totalPrice)
  after=$(balance)
  [ "$after" = $((before - price)) ] || fail "balance $after after an order of $price (was $before)"
  ok "bought $SMOKE_BUY proxies for $price (balance $after)"
  echo "$order" | field ".proxies.map(p => [p.host, p.port, p.username, p.password].join(' ')).join('\n')" >"$WORK/proxies"
  while read -r host port user pass; do
    seen=
    for _ in $(seq 1 30); do
      seen=$(curl -fsS --max-time 5 --proxytunnel --proxy "http://$host:$port" --proxy-user "$user:$pass" \
        "$SMOKE_TARGET_URL" 2>/dev/null) && break
      sleep 1
    done
    [ -n "$seen" ] || fail "curl through $host:$port"
    ok "curl through $host:$port: the target saw ${seen:0:200}"
  done <"$WORK/proxies"
fi

# 6. Metrics.
if [ -n "${METRICS_TOKEN:-}" ]; then
  # Whole into a file first: grep -q stops reading at its match, and curl would fail writing the rest.
  call /metrics -H "authorization: Bearer $METRICS_TOKEN" >"$WORK/metrics" || fail "GET /metrics"
  grep -q '^panel_http_requests_total' "$WORK/metrics" || fail "GET /metrics has no panel_http_requests_total"
  ok "metrics"
fi
echo "smoke: all steps passed"
