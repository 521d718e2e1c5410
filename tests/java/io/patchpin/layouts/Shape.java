package io.patchpin.layouts;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One workspace in one repository shape, made with C git: an upstream {@code up} (src/f1..f3.txt,
 * docs/d1..d2.txt), a superproject with it as submodule {@code comp}, a clone of that (the user's work
 * tree, {@link #work}) shaped by a {@link Layout}, a patchset outside the work tree (a rewrite of
 * src/f1.txt, a patch creating src/new.txt), and a lockfile of the clone as made.
 */
final class Shape {
    static final String F1 = "line a\nvalue = 1\nline c\n";

    final Path tmp;
    final Repo up;
    final Repo origin;
    final Path work;
    final Path set;
    final Path lock;

    private Shape(Path tmp, Repo up, Repo origin) {
        this.tmp = tmp;
        this.up = up;
        this.origin = origin;
        work = tmp.resolve("work");
        set = tmp.resolve("sets/p");
        lock = tmp.resolve("pins/p.lock.toml");
    }

    /** The upstreams, and the user's clone of them in {@code layout}'s shape. */
    private static Shape shaped(Path tmp, Layout layout) {
        Repo up = Repo.init(tmp.resolve("up"));
        for (int i = 1; i <= 3; i++) {
            up.write("src/f" + i + ".txt", "line a\nvalue = " + i + "\nline c\n");
        }
        up.write("docs/d1.txt", "doc 1\n").write("docs/d2.txt", "doc 2\n").commit("upstream");
        up.config("uploadpack.allowFilter", "true").config("uploadpack.allowAnySHA1InWant", "true");
        Repo origin = Repo.init(tmp.resolve("origin")).write("README", "super\n");
        origin.linkSubmodule("comp", up).commit("super", "README", ".gitmodules");
        origin.config("uploadpack.allowFilter", "true");
        Shape s = new Shape(tmp, up, origin);
        layout.clone(s);
        // git's inert sample hooks are a quarter of the files each step's stamp reads (LayoutMatrixTest)
        s.repositories().forEach(Folders::dropSampleHooks);
        Git.run(s.work, "config", "protocol.file.allow", "always"); // sync may fetch from the lock's file:// URL
        layout.shape(s);
        return s;
    }

    /**
     * {@link #make}'s PLAIN workspace, copied into {@code tmp} from the one made once per JVM (a folder copy instead
     * of a clone's dozen git runs, {@link Folders#copyCheckout}): its work tree, patchset and lock are the test's
     * own, but its {@link #up} and {@link #origin} are the shared ones the clone came from, to read and fetch from,
     * never to write: a test that commits upstream makes its own.
     */
    static Shape plain(Path tmp) {
        Path made = MadeOnce.PLAIN;
        Folders.copyCheckout(made.resolve("work"), tmp.resolve("work"));
        Folders.copy(made.resolve("sets"), tmp.resolve("sets"));
        Folders.copy(made.resolve("pins"), tmp.resolve("pins"));
        return new Shape(tmp, Repo.at(made.resolve("up")), Repo.at(made.resolve("origin")));
    }

    /** The PLAIN shape {@link #plain} copies, made on first use. */
    private static final class MadeOnce {
        static final Path PLAIN = make();

        private static Path make() {
            Path dir = Folders.tempUntilExit("patchpin-shape-");
            Shape.make(dir, Layout.PLAIN);
            return dir;
        }
    }

    /** The workspace, shaped, with its patchset written and its lock taken (through patchpin). */
    static Shape make(Path tmp, Layout layout) {
        Shape s = shaped(tmp, layout);
        s.ok("new", s.set.toString());
        s.ok(
                "add",
                "rewrite",
                s.set.toString(),
                "--component",
                "comp",
                "--file",
                "src/f1.txt",
                "--find",
                "value = 1",
                "--replace",
                "value = 11",
                "--id",
                "f1");
        Path diff = tmp.resolve("new.diff");
        write(diff, "--- /dev/null\n+++ b/src/new.txt\n@@ -0,0 +1 @@\n+created\n");
        s.ok("add", "patch", s.set.toString(), "--component", "comp", diff.toString(), "--id", "new");
        Path pins = s.lock.getParent();
        try {
            Files.createDirectories(pins);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        s.ok("lock", "-o", s.lock.toString());
        return s;
    }

    Path comp() {
        return work.resolve("comp");
    }

    /** Runs patchpin on this workspace ({@code --repo} added), expecting exit 0. */
    Cli.Run ok(String... args) {
        Cli.Run r = run(args);
        assertThat(r.exit())
                .as(String.join(" ", args) + "\n" + r.out() + r.err())
                .isZero();
        return r;
    }

    Cli.Run run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--repo");
        all.add(work.toString());
        return Cli.run(all.toArray(String[]::new));
    }

    /** The folders git keeps this workspace in: the work tree, and the main work tree a linked one belongs to. */
    List<Path> repositories() {
        Path main = tmp.resolve("main");
        return Files.exists(main) ? List.of(work, main) : List.of(work);
    }

    /**
     * {@code git status --porcelain} of the superproject and the component, by C git. The superproject's status
     * compares the component's HEAD with its gitlink but does not look into the component's work tree ({@code
     * --ignore-submodules=dirty}): that look is a {@code git status} of the component, which is the second half.
     */
    String status() {
        return "super["
                + Git.run(work, "status", "--porcelain", "--ignore-submodules=dirty")
                        .replace('\n', '|')
                + "] comp["
                + Git.run(comp(), "status", "--porcelain").replace('\n', '|') + "]";
    }

    /** {@code git fsck} of both repositories is clean. */
    void fsck() {
        for (Path dir : List.of(work, comp())) {
            Git.Result r = Git.tryRun(dir, "fsck", "--no-progress");
            assertThat(r.exit())
                    .as("git fsck in " + dir + ": " + r.stdout() + r.stderr())
                    .isZero();
            assertThat(r.stdout() + r.stderr())
                    .as("git fsck in " + dir)
                    .doesNotContain("error")
                    .doesNotContain("missing blob")
                    .doesNotContain("broken");
        }
    }

    static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
