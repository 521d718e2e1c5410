package io.patchpin.apply;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Sets or clears the skip-worktree bit on one index entry with
 * {@code git update-index}, as TheRock's fetch_sources.py does: JGit reads
 * the bit but has no way to set it. The path is passed after "--", never as
 * an option.
 */
final class IndexFlags {
    private IndexFlags() {
    }

    static void skipWorktree(Path workTree, String path, boolean on) {
        ProcessBuilder pb = new ProcessBuilder("git", "update-index", on ? "--skip-worktree" : "--no-skip-worktree", "--",
                path).directory(workTree.toFile()).redirectErrorStream(true);
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0) {
                throw new IllegalStateException("git update-index " + (on ? "--skip-worktree " : "--no-skip-worktree ")
                        + path + " failed in " + workTree + ": " + out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run git update-index in " + workTree + " (is git installed?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running git update-index", e);
        }
    }
}
