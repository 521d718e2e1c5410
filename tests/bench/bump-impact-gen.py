#!/usr/bin/env python3
"""A component of N commits for tests/bench/bump-impact.sh, as a git fast-import stream on stdout.

500 files in 50 folders, one line changed per commit at the end of a file picked by a fixed rule
(commit k changes f(k % 500)), a side branch of two commits merged every 1,000 commits, and the
anchor of d3/f3.txt replaced at commit N - 10, so one entry breaks in the range. Tags: old (commit
N // 10) and new (the last commit). Deterministic: fixed identities and dates.
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
out = sys.stdout.buffer
files = {}


def path(i):
    return "d%d/f%d.txt" % (i % 50, i)


def content(i, rev, anchor=True):
    head = ("anchor %d keep this line\n" % i) if anchor else ("moved %d\n" % i)
    body = "".join("line %d of file %d\n" % (j, i) for j in range(40))
    return (head + body + "rev %d\n" % rev).encode()


def blob(data):
    out.write(b"data %d\n" % len(data) + data + b"\n")


def commit(ref, mark, k, message, changes, parents):
    out.write(b"commit %s\nmark :%d\n" % (ref.encode(), mark))
    who = b"Bench <bench@example.org> %d +0000\n" % (1700000000 + 60 * k)
    out.write(b"author " + who + b"committer " + who)
    blob(message.encode())
    if parents:
        out.write(b"from :%d\n" % parents[0])
        for p in parents[1:]:
            out.write(b"merge :%d\n" % p)
    for p, data in changes:
        out.write(b"M 100644 inline %s\n" % p.encode())
        blob(data)
    out.write(b"\n")


mark = 0
main = None
broken = n - 10
for k in range(1, n + 1):
    if k == 1:
        changes = [(path(i), content(i, 0)) for i in range(500)]
    else:
        i = 3 if k == broken else k % 500
        changes = [(path(i), content(i, k, anchor=not (i == 3 and k >= broken)))]
    if k > 1 and k % 1000 == 0:
        side = []
        s = main
        for j in (1, 2):
            mark += 1
            i = (k + 7 * j) % 500
            c = [(path(i), content(i, k * 10 + j))]
            commit("refs/heads/side", mark, k, "side %d.%d\n" % (k, j), c, [s])
            side += c
            s = mark
        mark += 1
        commit("refs/heads/main", mark, k, "merge side %d\n" % k, side + changes, [main, s])
    else:
        mark += 1
        commit("refs/heads/main", mark, k, "change %d\n" % k, changes, [main] if main else [])
    main = mark
    if k == n // 10:
        out.write(b"reset refs/tags/old\nfrom :%d\n\n" % main)
out.write(b"reset refs/tags/new\nfrom :%d\n\n" % main)
