#!/usr/bin/env bash
# Makes sure nginx is there for the cluster test's shared cache (deploy/cache.conf): on Debian as root, installs
# Debian's package 'nginx-light' when it is missing (the test starts its own nginx; the package's own is stopped);
# otherwise says what to do.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's nginx-light for the cluster test's shared cache..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  # The package starts its own server on port 80 where it can: the test needs only the program.
  apt-get install -y -qq --no-install-recommends nginx-light >/dev/null
  if command -v service >/dev/null 2>&1; then service nginx stop >/dev/null 2>&1 || true; fi
  pkill -x nginx >/dev/null 2>&1 || true
  exit 0
fi
echo "The cluster test needs nginx: install Debian's package 'nginx-light' (sudo apt-get install nginx-light)." >&2
exit 1
