#!/usr/bin/env bash
# Makes sure a `docker-compose` command is there to validate docker-compose.yml (`docker-compose config -q` needs no
# Docker engine). When none is found and the machine is Debian with root, installs Debian's package docker-compose;
# otherwise says what to do and exits 1 (the test that uses it is then skipped, the schema test still runs).
set -euo pipefail
if command -v docker-compose >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's docker-compose to validate docker-compose.yml..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends docker-compose >/dev/null
  command -v docker-compose >/dev/null 2>&1 && exit 0
fi
echo "docker-compose is not installed: install Debian's package 'docker-compose' (sudo apt-get install docker-compose) to validate docker-compose.yml with it." >&2
exit 1
