package io.patchpin.impact;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * Benchmark driver (not a test), run by tests/bench/bump-impact.sh: times the one path-filtered walk of
 * {@code lock diff DIR...} in one JVM, after warm-up runs, in the thread's CPU time, so that it compares with
 * C git's own walk and not with a JVM's start (the first, cold walk is printed too, in wall time).
 * Prints "commits N cold_ms C median_ms M min_ms L".
 *
 * <pre>WalkBench GIT_DIR OLD NEW RUNS FILE...</pre>
 */
public final class WalkBench {
    private WalkBench() {}

    public static void main(String[] args) throws IOException {
        List<String> files = Arrays.asList(args).subList(4, args.length);
        int runs = Integer.parseInt(args[3]);
        try (Repository repo = new FileRepositoryBuilder()
                .setGitDir(new File(args[0]))
                .setMustExist(true)
                .build()) {
            ObjectId from = repo.resolve(args[1] + "^{commit}");
            ObjectId to = repo.resolve(args[2] + "^{commit}");
            ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
            long cold = System.nanoTime();
            int found = TouchingCommits.walk(repo, from, to, files).size();
            cold = System.nanoTime() - cold;
            for (int i = 0; i < 10; i++) {
                TouchingCommits.walk(repo, from, to, files);
            }
            List<Long> times = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                long t0 = cpu.getCurrentThreadCpuTime();
                TouchingCommits.walk(repo, from, to, files);
                times.add(cpu.getCurrentThreadCpuTime() - t0);
            }
            Collections.sort(times);
            System.out.printf(
                    Locale.ROOT,
                    "commits %d cold_ms %.1f median_ms %.1f min_ms %.1f%n",
                    found,
                    cold / 1e6,
                    times.get(times.size() / 2) / 1e6,
                    times.get(0) / 1e6);
        }
    }
}
