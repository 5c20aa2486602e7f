#!/usr/bin/env bash
# Makes sure a Redis answers for the cluster test: REDIS_URL, or 127.0.0.1:6379. When none answers and the machine
# is Debian with root, installs Debian's redis-server and starts it on 127.0.0.1:6379; otherwise says what to do.
set -euo pipefail
url="${REDIS_URL:-redis://127.0.0.1:6379}"
hostport="${url#*://}"; hostport="${hostport##*@}"; hostport="${hostport%%/*}"
host="${hostport%%:*}"; port="${hostport##*:}"; [ "$port" = "$hostport" ] && port=6379

answers() {
  # PING over a plain TCP connection (bash's /dev/tcp): no client needed.
  { exec 3<>"/dev/tcp/$host/$port"; } 2>/dev/null || return 1
  printf 'PING\r\n' >&3
  local reply=''
  read -r -t 2 reply <&3 || true
  exec 3>&- 3<&-
  [[ "$reply" == +PONG* ]]
}

if answers; then exit 0; fi
if [ -n "${REDIS_URL:-}" ]; then
  echo "The cluster test needs Redis: nothing answers at REDIS_URL=$REDIS_URL." >&2
  exit 1
fi
if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's redis-server for the cluster test..."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq redis-server >/dev/null
  else
    echo "The cluster test needs Redis at 127.0.0.1:6379: install Debian's package 'redis-server' (sudo apt-get install redis-server) or set REDIS_URL." >&2
    exit 1
  fi
fi
echo "Starting redis-server on 127.0.0.1:6379 for the cluster test..."
redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no >/dev/null
for _ in $(seq 1 50); do
  if answers; then exit 0; fi
  sleep 0.1
done
echo "redis-server was started but does not answer at 127.0.0.1:6379." >&2
exit 1
