#!/usr/bin/env bash
# Commit only the given paths, under a lock, so that parallel work in one checkout never mixes
# files into another's commit.  usage: scripts/commit.sh "message" path…
set -euo pipefail
message=$1; shift
[ $# -gt 0 ] || { echo "usage: scripts/commit.sh \"message\" path…" >&2; exit 2; }
exec 9>/tmp/folio-git.lock
flock 9
git add -A -- "$@"
git commit -q -m "$message" -- "$@"
git log --oneline -1
