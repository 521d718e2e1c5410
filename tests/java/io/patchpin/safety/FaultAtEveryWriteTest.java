package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.apply.Applier;
import io.patchpin.apply.Reverter;
import io.patchpin.capture.Capture;
import io.patchpin.core.Hashes;
import io.patchpin.lock.LockFile;
import io.patchpin.lock.Syncer;
import io.patchpin.rebase.Rebase;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.FaultAt;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.verify.ComponentFilter;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Status;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every writing operation driven with a fault at every write index: a thrown
 * fault leaves the old state (rolled back in process); a stop as a kill
 * would (no rollback, a half-written temp file left) leaves a journal from
 * which {@code patchpin recover} gives the old or the new state, never a
 * mix, and no temp file or journal behind.
 */
class FaultAtEveryWriteTest {
    private static final String SUB = "sub";

    @TempDir
    Path tmp;

    private Path template;
    private String next;

    /** The workspace every test starts from, built once: each test works on its own copy. */
    @TempDir
    static Path shared;

    private static String builtNext;

    @BeforeAll
    static void build() {
        Repo sub = Repo.init(shared.resolve("origin/sub"));
        sub.write("s1.txt", "one\ntwo\nthree\n")
                .write("s2.txt", "gone later\n")
                .write("s3.txt", "alpha\nbeta\ngamma\n");
        sub.commit("sub A");
        Path built = shared.resolve("template");
        Repo sup = Repo.init(built);
        for (int i = 1; i <= 4; i++) {
            sup.write("f" + i + ".txt", "line a" + i + "\nline b" + i + "\nline c" + i + "\n");
        }
        sup.addSubmodule(SUB, sub);
        sup.commit("S1");
        String subB = sub.write("s1.txt", "one\nTWO\nthree\n")
                .write("s4.txt", "new in B\n")
                .delete("s2.txt")
                .commit("sub B");
        Git.run(built.resolve(SUB), "fetch", "-q", "origin");
        sup.git("checkout", "-q", "-b", "next");
        sup.bumpSubmodule(SUB, subB)
                .write("f4.txt", "top\nline a4\nline b4\nline c4\n")
                .write("f5.txt", "new\n");
        builtNext = sup.commit("S2");
        sup.git("checkout", "-q", "main");
        sup.git("submodule", "update", "-q");
        write(built.resolve(".git/info/exclude"), "patchsets/\n");
        Folders.dropSampleHooks(built);
    }

    @BeforeEach
    void workspace() {
        template = tmp.resolve("template");
        Folders.copy(shared.resolve("template"), template);
        next = builtNext;
    }

    @Test
    void apply() {
        patchset();
        drive("apply", (root, w) -> {
            try (Workspace ws = Workspace.open(root, null)) {
                Applier.apply(
                        ws,
                        new Applier.Request(
                                List.of(root.resolve("patchsets/p")), Applier.Commits.NONE, ComponentFilter.ALL, false),
                        w,
                        Clock.systemUTC());
            }
        });
    }

    @Test
    void applyCommit() {
        patchset();
        drive("apply --commit", (root, w) -> {
            try (Workspace ws = Workspace.open(root, null)) {
                Applier.apply(
                        ws,
                        new Applier.Request(
                                List.of(root.resolve("patchsets/p")),
                                Applier.Commits.PLAIN,
                                ComponentFilter.ALL,
                                false),
                        w,
                        Clock.systemUTC());
            }
        });
    }

    @Test
    void revert() {
        patchset();
        ok("apply", "--repo", template, template.resolve("patchsets/p"));
        drive("revert", (root, w) -> {
            try (Workspace ws = Workspace.open(root, null)) {
                Reverter.revert(ws, new Reverter.Request(List.of(root.resolve("patchsets/p")), ComponentFilter.ALL), w);
            }
        });
    }

    @Test
    void sync() {
        Path lock = tmp.resolve("next.lock.toml");
        ok("lock", "--repo", template, "--rev", next, "-o", lock);
        drive("sync", (root, w) -> {
            try (Workspace ws = Workspace.open(root, null)) {
                Syncer.sync(ws, LockFile.read(lock), null, w, new Syncer.Scope(List.of(), false));
            }
        });
    }

    @Test
    void rebase() {
        patchset();
        drive("rebase", (root, w) -> {
            try (Workspace ws = Workspace.open(root, null)) {
                Rebase.start(ws, new Rebase.Request(root.resolve("patchsets/p"), next, false, Set.of()), w);
            }
        });
    }

    @Test
    void capture() {
        ok("new", template.resolve("patchsets/p"), "--repo", template);
        write(template.resolve("f1.txt"), "line a1\nedited\nline c1\n");
        write(template.resolve(SUB + "/s3.txt"), "alpha\nedited\ngamma\n");
        drive("capture", (root, w) -> {
            try (Workspace ws = Workspace.open(root, null)) {
                Capture.run(ws, new Capture.Request(root.resolve("patchsets/p"), false, "cap"), w);
            }
        });
    }

    /** Three rewrites in the superproject, one in the submodule, one patch. */
    private void patchset() {
        String repo = template.toString();
        String dir = template.resolve("patchsets/p").toString();
        ok("new", dir, "--repo", repo);
        for (int i = 1; i <= 3; i++) {
            Entries.rewrite(dir, repo, "f" + i + ".txt", "line b" + i, "LINE B" + i);
        }
        Entries.rewrite(dir, repo, "s3.txt", "beta", "BETA", "--component", SUB);
        Path patch = tmp.resolve("f4.patch");
        write(patch, "--- a/f4.txt\n+++ b/f4.txt\n@@ -1,3 +1,3 @@\n line a4\n-line b4\n+LINE B4\n line c4\n");
        Entries.add("patch", dir, repo, patch);
    }

    private void drive(String name, BiConsumer<Path, Writes> op) {
        Map<String, String> before = state(template);
        Path done = copy("done");
        op.accept(done, new Writes.Atomic(false));
        Map<String, String> after = state(done);
        assertThat(after).as(name + " changes something").isNotEqualTo(before);
        Folders.delete(done);
        int trials = 0;
        for (int at = 0; ; at++) {
            boolean hit = false;
            for (boolean crash : new boolean[] {false, true}) {
                Path root = copy(name.replace(' ', '-') + "-" + at + (crash ? "-kill" : "-fault"));
                FaultAt w = new FaultAt(at, crash);
                try {
                    op.accept(root, w);
                } catch (FaultAt.Crash | RuntimeException e) {
                    assertThat(w.hit).as("%s at %d: %s", name, at, e).isTrue();
                }
                if (!w.hit) {
                    assertThat(state(root)).as(name + " without a fault").isEqualTo(after);
                    Folders.delete(root);
                    break; // a kill at the same index is not reached either: the same writes, counted the same
                }
                hit = true;
                trials++;
                if (crash) {
                    Cli.ok("recover", "--repo", root);
                    Map<String, String> now = state(root);
                    assertThat(now.equals(before) || now.equals(after))
                            .as("%s killed at write %d: old or new state, got %s", name, at, diff(before, after, now))
                            .isTrue();
                } else {
                    assertThat(state(root))
                            .as("%s failed at write %d", name, at)
                            .isEqualTo(before);
                }
                assertThat(leftovers(root))
                        .as("%s at write %d: temp files and journals", name, at)
                        .isEmpty();
                // checked, so deleted now: JUnit's clean-up would first make each of its folders writable
                Folders.delete(root);
            }
            if (!hit) {
                break;
            }
        }
        assertThat(trials).as(name + " trials").isGreaterThan(2);
    }

    private Path copy(String name) {
        Path to = tmp.resolve("runs").resolve(name);
        Folders.copy(template, to);
        return to;
    }

    /** Every work-tree file's sha256, every component's HEAD and index status. */
    static Map<String, String> state(Path root) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .toList()) {
                String rel = root.relativize(p).toString();
                if (rel.equals(".git") || rel.startsWith(".git/") || rel.contains("/.git/") || rel.endsWith("/.git")) {
                    continue;
                }
                out.put(rel, Hashes.sha256(Files.readAllBytes(p)) + (p.toFile().canExecute() ? " x" : ""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Path c : List.of(root, root.resolve(SUB))) {
            if (Files.exists(c.resolve(".git"))) {
                // the tree and depth, not the id: commits made at another second have other ids; read in process
                // (JGit), as git log --format=%T and git status --porcelain --branch --untracked-files=no would:
                // every commit's tree, the branch HEAD is on, and each tracked path that differs
                try (org.eclipse.jgit.api.Git g = org.eclipse.jgit.api.Git.open(c.toFile())) {
                    List<String> trees = new ArrayList<>();
                    g.log().call().forEach(commit -> trees.add(commit.getTree().name()));
                    String full = g.getRepository().getFullBranch();
                    String branch = full.startsWith("refs/heads/")
                            ? full.substring("refs/heads/".length())
                            : "HEAD (no branch)";
                    Status st = g.status().call();
                    TreeSet<String> changes = new TreeSet<>();
                    st.getAdded().forEach(f -> changes.add("A  " + f));
                    st.getChanged().forEach(f -> changes.add("M  " + f));
                    st.getRemoved().forEach(f -> changes.add("D  " + f));
                    st.getModified().forEach(f -> changes.add(" M " + f));
                    st.getMissing().forEach(f -> changes.add(" D " + f));
                    st.getConflicting().forEach(f -> changes.add("UU " + f));
                    out.put("HEAD " + root.relativize(c), trees.get(0) + " " + trees.size() + " ## " + branch);
                    out.put("status " + root.relativize(c), String.join("\n", changes));
                } catch (GitAPIException | IOException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return out;
    }

    /** patchpin's temp files and journals anywhere under {@code root}, git's own folders included. */
    static List<String> leftovers(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.map(p -> root.relativize(p).toString())
                    .filter(rel -> {
                        String n = rel.substring(rel.lastIndexOf('/') + 1);
                        return n.startsWith(AtomicFiles.TEMP_PREFIX)
                                || n.startsWith(".patchpin-journal")
                                || rel.startsWith(".git/patchpin/journal")
                                || n.equals("index.lock")
                                || n.equals("HEAD.lock");
                    })
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String diff(Map<String, String> before, Map<String, String> after, Map<String, String> now) {
        StringBuilder out = new StringBuilder();
        TreeMap<String, String> keys = new TreeMap<>(before);
        keys.putAll(after);
        keys.putAll(now);
        for (String k : keys.keySet()) {
            String n = now.get(k);
            if (!Objects.equals(n, before.get(k)) || !Objects.equals(n, after.get(k))) {
                out.append("\n  ")
                        .append(k)
                        .append(": ")
                        .append(
                                Objects.equals(n, before.get(k))
                                        ? "old"
                                        : Objects.equals(n, after.get(k)) ? "new" : "neither");
            }
        }
        return out.toString();
    }

    private static void write(Path p, String text) {
        try {
            Files.createDirectories(p.getParent());
            Files.writeString(p, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
