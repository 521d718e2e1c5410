#!/usr/bin/env python3
"""An Electron-sized workspace for tests/bench/electron.sh, built in OUT (deterministic: fixed seed, identities, dates).

Electron keeps 251 patches (1,917 hunks) over 13 repositories, one folder of `git format-patch` mails per
repository with a `.patches` order file. This builds the same shape:

- OUT/mirrors/: bare mirrors laid out as TheRock's mirror folder (the URL's path plus `.git`), one for the
  superproject (electron/electron.git) and one per component; nested components (three deep: electron_node's
  deps/nan, squirrel.mac's vendor/ReactiveObjC and vendor/Mantle) are submodules of submodules, as in TheRock.
  Each repository has two commits on main: `base` (where the patches were made) and the newer upstream commit
  `main`, which inserts lines at the top or end of about half the patched files (so hunks apply at an offset)
  and changes files no patch touches. The superproject's two commits pin the two states.
- OUT/patches/<folder>/: the mails (`git format-patch --keep-subject --no-stat --no-signature --zero-commit
  --full-index`, as Electron writes them) and `.patches`, one series per component, made against `base` as a
  series (patch N on top of patches 1..N-1). No two hunks of the whole set touch the same lines or each
  other's context, so every patch also applies alone to `base` or `main` (`git apply --check` per patch).
- OUT/layout.txt: one line per component: folder, component path.

250 patches, 1,900 hunks: most of 1 to 5 hunks, 6 over 50, spread over the components in Electron's
proportions (chromium 155, node 52, v8 12, ...).
"""
import math
import os
import random
import subprocess
import sys

HOST = "https://bench.example/"
# path in the superproject, mirror name (URL path), patches folder, number of patches
COMPONENTS = [
    ("src", "chromium/src", "chromium", 155),
    ("src/v8", "v8/v8", "v8", 12),
    ("src/third_party/boringssl/src", "boringssl/boringssl", "boringssl", 5),
    ("src/third_party/electron_node", "electron/node", "node", 52),
    ("src/third_party/electron_node/deps/nan", "nodejs/nan", "nan", 3),
    ("src/third_party/devtools-frontend/src", "devtools/devtools-frontend", "devtools_frontend", 3),
    ("src/third_party/ffmpeg", "chromium/ffmpeg", "ffmpeg", 3),
    ("src/third_party/perfetto", "google/perfetto", "perfetto", 2),
    ("src/third_party/webrtc", "webrtc/src", "webrtc", 3),
    ("src/third_party/angle", "angle/angle", "angle", 2),
    ("src/third_party/squirrel.mac", "Squirrel/Squirrel.Mac", "squirrel.mac", 6),
    ("src/third_party/squirrel.mac/vendor/ReactiveObjC", "ReactiveCocoa/ReactiveObjC", "ReactiveObjC", 2),
    ("src/third_party/squirrel.mac/vendor/Mantle", "Mantle/Mantle", "Mantle", 2),
]
TOTAL_HUNKS = 1900
BIG = [51, 56, 63, 72, 88, 104]  # the handful over 50: four in chromium, two in node
SLOT = 16  # lines per slot; a hunk changes lines 5..10 of one slot, so no two hunks share lines or context
WORDS = ("frame", "render", "host", "widget", "view", "process", "client", "delegate", "surface", "task",
         "runner", "handle", "buffer", "manager", "context", "observer", "profile", "window", "params", "state")
SIG = b"Bench Author <bench@example.org> "

rng = random.Random(32)
out_dir = os.path.abspath(sys.argv[1])
counter = [0]


def git(*args, cwd=None, data=None):
    return subprocess.run(["git", *args], cwd=cwd, input=data, check=True, stdout=subprocess.PIPE).stdout


def line():
    counter[0] += 1
    r = rng.random()
    if r < 0.08:
        return "}"
    if r < 0.14:
        return ""
    a, b, c = rng.choice(WORDS), rng.choice(WORDS), rng.choice(WORDS)
    return "  %s_%s_->%s(%s_%d, %d);" % (a, b, c.capitalize(), a, counter[0], rng.randrange(1000))


def hunk_counts():
    small = [rng.choices([1, 2, 3, 4, 5], [35, 25, 18, 12, 10])[0] for _ in range(185)]
    mid = [rng.randint(6, 10) for _ in range(35)]
    large = [rng.randint(11, 45) for _ in range(24)]
    while sum(small + mid + large + BIG) != TOTAL_HUNKS:  # exactly the target, by moving the 11..49 ones
        i = rng.randrange(len(large))
        step = 1 if sum(small + mid + large + BIG) < TOTAL_HUNKS else -1
        large[i] = min(49, max(11, large[i] + step))
    rest = small + mid + large
    rng.shuffle(rest)
    per = {}
    at = 0
    for path, _, folder, n in COMPONENTS:
        k = n - (4 if folder == "chromium" else 2 if folder == "node" else 0)
        per[folder] = rest[at:at + k]
        at += k
    for folder, big in (("chromium", BIG[:4]), ("node", BIG[4:])):
        for b in big:
            per[folder].insert(rng.randrange(len(per[folder]) + 1), b)
    return per


class Component:
    def __init__(self, path, mirror, folder, hunks):
        self.path, self.mirror, self.folder, self.hunks = path, mirror, folder, hunks
        self.files = {}  # name -> list of slots (lists of lines)
        self.free = {}  # name -> free slot indexes (slot 0 and the last are upstream's)
        self.ext = rng.choice([".cc", ".h", ".cc", ".gn", ".js", ".mm"])
        for _ in range(60 + 4 * len(hunks)):  # files no patch touches
            self.new_file(rng.randint(4, 60))

    def new_file(self, slots):
        name = "%s/%s_%d%s" % (rng.choice(("base", "content", "net", "ui", "lib", "src", "common", "browser")),
                                rng.choice(WORDS), len(self.files), self.ext)
        self.files[name] = [[line() for _ in range(SLOT)] for _ in range(slots)]
        self.free[name] = list(range(1, slots - 1))
        return name

    def pick_file(self, want):
        roomy = [n for n, f in self.free.items() if len(f) >= want]
        if roomy and rng.random() < 0.35:
            return rng.choice(sorted(roomy))
        slots = int(math.exp(rng.uniform(math.log(8), math.log(190))))
        return self.new_file(max(slots, want * 2 + 2))

    def series(self):
        """Each patch: {file: [(slot, new middle lines)]}, applied to self.files in order."""
        out = []
        for h in self.hunks:
            nfiles = 1 if h == 1 else rng.randint(1, min(h, 3)) if h <= 5 else max(1, round(h / rng.uniform(4, 12)))
            share = [1] * nfiles
            for _ in range(h - nfiles):
                share[rng.randrange(nfiles)] += 1
            patch = {}
            for k in share:
                name = self.pick_file(k)
                while name in patch:
                    name = self.pick_file(k)
                slots = sorted(rng.sample(self.free[name], k))
                for s in slots:
                    self.free[name].remove(s)
                patch[name] = [(s, self.hunk()) for s in slots]
            out.append(patch)
        return out

    @staticmethod
    def hunk():
        removed = rng.choices([0, 1, 2, 3], [45, 35, 12, 8])[0]
        added = rng.choices([0, 1, 2, 3, 4, 5, 8], [5, 30, 20, 15, 10, 10, 10])[0]
        if removed + added == 0:
            added = 1
        return removed, ["  // electron: " + line().strip() for _ in range(added)]


def text(slots):
    return ("\n".join(l for s in slots for l in s) + "\n").encode()


def blob(out, data):
    out.append(b"data %d\n" % len(data) + data + b"\n")


def commit(out, ref, when, message, files, parent=None, gitlinks=(), mark=None):
    out.append(b"commit %s\n" % ref.encode())
    if mark:
        out.append(b"mark :%d\n" % mark)
    out.append(b"author " + SIG + b"%d +0000\ncommitter " % when + SIG + b"%d +0000\n" % when)
    blob(out, message.encode())
    if parent:
        out.append(b"from %s\n" % parent.encode())
    for name, data in sorted(files.items()):
        out.append(b"M 100644 inline %s\n" % name.encode())
        blob(out, data)
    for sub, sha in gitlinks:
        out.append(b"M 160000 %s %s\n" % (sha.encode(), sub.encode()))
    out.append(b"\n")


def gitmodules(children):
    s = ""
    for rel, mirror in children:
        s += '[submodule "%s"]\n\tpath = %s\n\turl = %s%s.git\n' % (rel, rel, HOST, mirror)
    return s.encode()


def build(comp, children, shas):
    """Imports base, the series and main into the mirror; writes the mails; returns base, main, patches, hunks."""
    repo = os.path.join(out_dir, "mirrors", comp.mirror + ".git")
    git("init", "-q", "--bare", "-b", "main", repo)
    series = comp.series()
    comp.base = {n: [list(s) for s in slots] for n, slots in comp.files.items()}
    base_files = {n: text(s) for n, s in comp.files.items()}
    kids = [(rel, m) for rel, m, _ in children]
    if kids:
        base_files[".gitmodules"] = gitmodules(kids)
    out = []
    commit(out, "refs/heads/base", 1700000000, "upstream base\n", base_files,
           gitlinks=[(rel, shas[p][0]) for rel, _, p in children])
    # the series, on top of base; a hunk replaces `removed` lines at line 5 of its slot
    for i, patch in enumerate(series):
        changed = {}
        for name, hunks in patch.items():
            for s, (removed, added) in hunks:
                slot = comp.files[name][s]
                comp.files[name][s] = slot[:5] + added + slot[5 + removed:]
            changed[name] = text(comp.files[name])
        subject = "%s: %s_%s_%d" % (rng.choice(("fix", "feat", "build", "chore", "refactor")),
                                    rng.choice(WORDS), rng.choice(WORDS), i + 1)
        body = "%s\n\nElectron needs this to %s the %s.\n" % (subject, rng.choice(("expose", "hook", "disable")),
                                                              rng.choice(WORDS))
        commit(out, "refs/heads/series", 1700003600 + i, body, changed, parent=None if i else "refs/heads/base")
    # upstream moves on: lines inserted at the top (slot 0) or end of about half the patched files, other files
    # edited, one file added
    touched = sorted({n for p in series for n in p})
    moved = {}
    for name in touched:
        slots = [list(s) for s in comp.base[name]]
        r = rng.random()
        if r < 0.35:
            slots[0] = slots[0][:2] + [line() for _ in range(rng.randint(1, 40))] + slots[0][2:]
        elif r < 0.5:
            slots[-1] = slots[-1][:8] + [line() for _ in range(rng.randint(1, 10))] + slots[-1][8:]
        else:
            continue
        moved[name] = text(slots)
    others = sorted(set(comp.files) - set(touched))
    for name in rng.sample(others, len(others) // 5):
        slots = [list(s) for s in comp.base[name]]
        slots[0][3] = line()
        moved[name] = text(slots)
    moved["upstream/new_%s%s" % (comp.folder.replace(".", "_"), comp.ext)] = text([[line() for _ in range(SLOT)]])
    commit(out, "refs/heads/main", 1700090000, "upstream moves on\n", moved, parent="refs/heads/base",
           gitlinks=[(rel, shas[p][1]) for rel, _, p in children])
    git("fast-import", "--quiet", cwd=repo, data=b"".join(out))
    folder = os.path.join(out_dir, "patches", comp.folder)
    os.makedirs(folder)
    mails = git("-c", "diff.renames=true", "-c", "diff.noprefix=false", "format-patch", "--keep-subject",
                "--no-stat", "--stdout", "--no-signature", "--zero-commit", "--full-index", "base..series", cwd=repo)
    names = []
    for mail in mails.split(b"\nFrom 0000000000000000000000000000000000000000 "):
        if not mail.startswith(b"From "):
            mail = b"From 0000000000000000000000000000000000000000 " + mail
        if not mail.endswith(b"\n"):
            mail += b"\n"
        subject = mail.split(b"\nSubject: ", 1)[1].split(b"\n", 1)[0].decode()
        name = subject.split(": ", 1)[1].lower() + ".patch"
        with open(os.path.join(folder, name), "wb") as f:
            f.write(mail)
        names.append(name)
    with open(os.path.join(folder, ".patches"), "w", encoding="utf-8") as f:
        f.write("".join(n + "\n" for n in names))
    # the mirror holds upstream only, packed as a server packs it
    git("update-ref", "-d", "refs/heads/series", cwd=repo)
    git("repack", "-adfq", cwd=repo)
    git("prune", cwd=repo)
    base = git("rev-parse", "base", cwd=repo).decode().strip()
    head = git("rev-parse", "main", cwd=repo).decode().strip()
    n_hunks = mails.count(b"\n@@ -")
    return base, head, len(names), n_hunks


def main():
    per = hunk_counts()
    comps = [Component(p, m, f, per[f]) for p, m, f, _ in COMPONENTS]
    shas = {}
    total_p = total_h = 0
    # leaves first: a parent's gitlinks need its children's commits
    for c in sorted(comps, key=lambda c: -c.path.count("/")):
        children = [(o.path[len(c.path) + 1:], o.mirror, o.path) for o in comps
                    if o.path.startswith(c.path + "/") and not any(
                        m.path != o.path and o.path.startswith(m.path + "/") and m.path.startswith(c.path + "/")
                        for m in comps)]
        base, head, np, nh = build(c, children, shas)
        shas[c.path] = (base, head)
        total_p += np
        total_h += nh
    top = [c for c in comps if "/" not in c.path]
    repo = os.path.join(out_dir, "mirrors", "electron/electron.git")
    git("init", "-q", "--bare", "-b", "main", repo)
    out = []
    files = {".gitmodules": gitmodules([(c.path, c.mirror) for c in top]), "README.md": b"bench superproject\n"}
    commit(out, "refs/heads/main", 1700000000, "base\n", files, gitlinks=[(c.path, shas[c.path][0]) for c in top], mark=1)
    out.append(b"reset refs/tags/base\nfrom :1\n\n")
    commit(out, "refs/heads/main", 1700090000, "bump\n", {}, parent=":1",
           gitlinks=[(c.path, shas[c.path][1]) for c in top])
    git("fast-import", "--quiet", cwd=repo, data=b"".join(out))
    git("repack", "-adfq", cwd=repo)
    with open(os.path.join(out_dir, "layout.txt"), "w", encoding="utf-8") as f:
        for c in comps:
            f.write("%s %s\n" % (c.folder, c.path))
    print("%d components, %d patches, %d hunks" % (len(comps), total_p, total_h))


main()
