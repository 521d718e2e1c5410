package io.patchpin.layouts;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Every writing command and audit / lock check, on one repository shape: after each, C git's {@code git status
 * --porcelain} shows exactly the entries' edits and nothing else (reading HEAD, the index and HEAD's tree), and at
 * the end {@code git fsck} is clean: patchpin deletes no object, so the last fsck checks every object any command
 * wrote. A command that left every file and folder of the repositories as it was (same inode, same change time)
 * leaves C git's view as the last status read it, so git is asked again only after a command that wrote something
 * there. The steps and statuses are printed, one line per command, for the record.
 */
final class CommandMatrix {
    private static final String CLEAN = "super[] comp[]";
    private static final String APPLIED = "super[] comp[ M src/f1.txt|?? src/new.txt]";
    private static final String COMMITTED = "super[ M comp] comp[]";

    private final Path tmp;
    private final Layout layout;
    private final List<String> log = new ArrayList<>();
    /** C git's statuses when last asked, and the repositories as they were then. */
    private String status;

    private List<Folders.Stamp> asked = List.of();

    private CommandMatrix(Path tmp, Layout layout) {
        this.tmp = tmp;
        this.layout = layout;
    }

    /** Runs every command on {@code layout}'s workspace made in {@code tmp}. */
    static void run(Path tmp, Layout layout) throws IOException {
        new CommandMatrix(tmp, layout).run();
    }

    private void run() throws IOException {
        Shape s = Shape.make(tmp, layout);
        // the component's commits, read in process: git's own view of them is the statuses' and the last fsck's
        Repo comp = Repo.at(s.comp());
        String pin = comp.head();
        String set = s.set.toString();
        String lock = s.lock.toString();
        step(s, CLEAN, "verify", set);

        step(s, APPLIED, "apply", set);
        assertThat(Files.readString(s.comp().resolve("src/f1.txt"))).contains("value = 11");
        step(s, APPLIED, "audit", set);
        step(s, CLEAN, "revert", set);

        step(s, COMMITTED, "apply", set, "--commit");
        assertThat(comp.id("HEAD~2")).as("two commits on the pinned one").isEqualTo(pin);
        step(s, COMMITTED, "lock", "check", lock, set);
        step(s, COMMITTED, "audit", "--lock", lock, set);
        step(s, CLEAN, "revert", set);
        assertThat(comp.head()).isEqualTo(pin);

        step(s, "super[?? .comp.smrev] comp[]", "apply", set, "--commit", "--therock");
        assertThat(Git.run(s.work, "ls-files", "-v", "comp")).isEqualTo("S comp");
        step(s, "super[?? .comp.smrev] comp[]", "audit", set);
        step(s, "super[?? .comp.smrev] comp[]", "lock", "check", lock, set);
        step(s, CLEAN, "revert", set);
        assertThat(Git.run(s.work, "ls-files", "-v", "comp")).isEqualTo("H comp");

        String captured = tmp.resolve("sets/captured").toString();
        step(s, CLEAN, "new", captured);
        Shape.write(s.comp().resolve("src/f2.txt"), "line a\nvalue = 2 by hand\nline c\n");
        step(s, "super[] comp[ M src/f2.txt]", "capture", captured);
        Git.run(s.comp(), "checkout", "--", "src/f2.txt");
        step(s, CLEAN, "rebase", set, "--onto", "HEAD");

        Git.run(s.comp(), "checkout", "-q", "--detach", "HEAD~0");
        String ahead = s.up.write("src/f3.txt", "moved on\n").commit("ahead");
        Git.run(s.comp(), "fetch", "-q", "origin");
        Git.run(s.comp(), "checkout", "-q", ahead);
        assertThat(s.run("lock", "check", lock).exit()).isEqualTo(1); // at another commit than locked
        step(s, CLEAN, "sync", lock);
        assertThat(comp.head()).isEqualTo(pin);
        step(s, CLEAN, "sync", lock, "--component", "comp", "--keep-going");
        step(s, CLEAN, "lock", "check", lock);
        s.fsck();
        System.out.println("layout " + layout + "\n  " + String.join("\n  ", log));
    }

    /**
     * Runs patchpin; exit 0, then the statuses must be {@code expected} and the layout must hold: asked of C git
     * unless the command wrote nothing at all since git was last asked.
     */
    private void step(Shape s, String expected, String... args) {
        s.ok(args);
        List<Path> repositories = s.repositories();
        boolean wroteNothing = asked.size() == repositories.size()
                && IntStream.range(0, asked.size()).allMatch(i -> asked.get(i).matches(repositories.get(i)));
        if (!wroteNothing) {
            status = s.status();
        }
        log.add("patchpin " + String.join(" ", args).replace(tmp.toString(), "$TMP") + " -> " + status
                + (wroteNothing ? " (nothing written)" : ""));
        assertThat(status).as("after patchpin " + String.join(" ", args)).isEqualTo(expected);
        if (!wroteNothing) {
            layout.holds(s);
            asked = repositories.stream().map(Folders::stamp).toList();
        }
    }
}
