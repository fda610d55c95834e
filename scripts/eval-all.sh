#!/usr/bin/env bash
# Every labelled set of test/eval/ through `cli eval`, default and strict: one line per set,
# "SET  MRR@10 / recall@10  strict MRR@10 / recall@10" (docs/search-quality.md#measuring).
# Each corpus is indexed once into DB_DIR and reused; a ranking-neutral change leaves the output
# identical.
#   bash scripts/eval-all.sh [DB_DIR] [CORPORA]
#   (defaults: /tmp/search-eval, and ../shared/corpora beside the repository)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
dbs=${1:-/tmp/search-eval}
corpora=${2:-$repo/../shared/corpora}
cd "$repo"
mkdir -p "$dbs"
cli() { npm run --silent cli -- "$@"; }
index() { # DB FOLDER=NAME
  [ -f "$dbs/$1.db" ] || cli index --db "$dbs/$1.db" "$2" >/dev/null
}
index rust "$corpora/rust-book=rust-book"
index dendron "$corpora/dendron-vault=dendron"
index sample "resources/sample-vault=sample"
index msdocs "$corpora/msdocs-cpp=msdocs"
scores() { # prints "MRR@10 / recall@10" of cli eval --json on stdin
  node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const j=JSON.parse(s);console.log(`${j.mrr10.toFixed(3)} / ${j.recall10.toFixed(3)}`)})'
}
for queries in test/eval/*.queries.json; do
  set=$(basename "$queries" .queries.json)
  case $set in # each set's corpus, by the set's name
    rust-book*) db=rust ;;
    dendron*) db=dendron ;;
    sample*) db=sample ;;
    msdocs-cpp*) db=msdocs ;;
    *) echo "$queries: no corpus known for this set (scripts/eval-all.sh)" >&2 && exit 1 ;;
  esac
  default=$(cli eval --db "$dbs/$db.db" --queries "$queries" --json | scores)
  strict=$(cli eval --db "$dbs/$db.db" --queries "$queries" --json --strict | scores)
  echo "$set  $default  strict $strict"
done
