package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs C git with an isolated configuration (no system or global config),
 * fixed identities and a fixed, advancing clock, so fixtures are reproducible.
 */
public final class Git {
    private static final AtomicLong CLOCK = new AtomicLong(1_760_000_000L);
    private static final Path ERR_DIR = Folders.tempUntilExit("patchpin-git-stderr-");
    private static final AtomicLong ERR_FILES = new AtomicLong();
    private static final ThreadLocal<Path> ERR_FILE =
            ThreadLocal.withInitial(() -> ERR_DIR.resolve("stderr-" + ERR_FILES.incrementAndGet()));

    private Git() {}

    /** Runs {@code git args...} in {@code dir}; returns stdout without the trailing newline; fails on non-zero exit. */
    public static String run(Path dir, String... args) {
        Result r = tryRun(dir, args);
        if (r.exit() != 0) {
            throw new IllegalStateException(
                    "git " + String.join(" ", args) + " failed in " + dir + " (" + r.exit() + "): " + r.stderr());
        }
        return r.stdout();
    }

    /**
     * Commits every tracked change in {@code dir} with TheRock's patch bot as author and committer, as
     * fetch_sources.py leaves a patched component; returns the new HEAD.
     */
    public static String commitAsTheRock(Path dir, String message) {
        run(dir, "-c", "user.name=therockbot", "-c", "user.email=therockbot@amd.com", "commit", "-q", "-am", message);
        return run(dir, "rev-parse", "HEAD");
    }

    /**
     * The fixed clock's next time, in seconds since the epoch: every git run and every commit {@link Repo} makes
     * in-process takes one, so commits are dated in the order they were made.
     */
    static long tick() {
        return CLOCK.addAndGet(60);
    }

    /** The result of a git run. */
    public record Result(int exit, String stdout, String stderr) {}

    /** Runs git and returns its exit code and output, whatever the exit code. */
    public static Result tryRun(Path dir, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add("git");
        cmd.add("-c");
        cmd.add("protocol.file.allow=always");
        cmd.add("-c");
        cmd.add("init.defaultBranch=main");
        cmd.add("-c");
        cmd.add("advice.detachedHead=false");
        cmd.add("-c");
        cmd.add("core.autocrlf=false");
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("GIT_"));
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("HOME", dir.toAbsolutePath().toString());
        env.put("GIT_AUTHOR_NAME", "Pat Pin");
        env.put("GIT_AUTHOR_EMAIL", "pat@example.org");
        env.put("GIT_COMMITTER_NAME", "Pat Pin");
        env.put("GIT_COMMITTER_EMAIL", "pat@example.org");
        String when = "@" + tick() + " +0000";
        env.put("GIT_AUTHOR_DATE", when);
        env.put("GIT_COMMITTER_DATE", when);
        env.put("LC_ALL", "C");
        try {
            // stderr goes to a file: reading stdout to its end first would hang on a git that fills the stderr pipe.
            // One file per thread, truncated by each run: a new file per run made the file system allocate and free
            // an inode each time, which cost more than the run's reading of it.
            Path errFile = ERR_FILE.get();
            pb.redirectError(errFile.toFile());
            Process p = pb.start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            int exit = p.waitFor();
            byte[] err = Files.readAllBytes(errFile);
            String stdout = new String(out, StandardCharsets.UTF_8);
            if (stdout.endsWith("\n")) {
                stdout = stdout.substring(0, stdout.length() - 1);
            }
            return new Result(exit, stdout, new String(err, StandardCharsets.UTF_8).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
