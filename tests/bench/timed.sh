# Sourced by the benchmarks that time whole runs with GNU time.
# timed LABEL COMMAND...: runs COMMAND once, its output discarded, and appends "LABEL wall_s cpu_s rss_mb" to
# the file $results names.
timed() { # label, command...: appends "label wall_s cpu_s rss_mb" to $results
  local label="$1"; shift
  local t; t="$(mktemp)"
  /usr/bin/time -o "$t" -f '%e %U %S %M' "$@" >/dev/null 2>&1 || true
  awk -v l="$label" '{ printf "%s %s %.2f %d\n", l, $1, $2 + $3, $4 / 1024 }' "$t" >> "$results"
  rm -f "$t"
}
