package io.patchpin.cli;

import io.patchpin.core.TomlDocument;
import io.patchpin.workspace.GitConfigFiles;
import io.patchpin.workspace.Workspace;

import java.io.PrintWriter;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Benchmark driver (not a test), run by tests/bench/startup.sh in a fresh JVM
 * with the launcher's options: where a cold run of one command spends its
 * time. The steps a run takes are done one by one in the order the command
 * does them, each timed cold: picocli's model and parse of the arguments,
 * JGit opening the superproject (config discovery included), parsing the
 * patchset's TOML, then the command itself (whose repeats of the earlier
 * steps are warm and cheap). Prints one line per phase: name, wall ms, main
 * thread cpu ms; "jvm start" is from the JVM's start to main.
 *
 * <p>Usage: {@code StartupProbe --repo REPO [--set DIR] -- ARGS...}
 */
public final class StartupProbe {
    private StartupProbe() {
    }

    public static void main(String[] args) throws Exception {
        long mainMillis = System.currentTimeMillis();
        long t = System.nanoTime();
        Path repo = null;
        Path set = null;
        int i = 0;
        for (; i < args.length && !args[i].equals("--"); i += 2) {
            if (args[i].equals("--repo")) {
                repo = Path.of(args[i + 1]);
            } else if (args[i].equals("--set")) {
                set = Path.of(args[i + 1]);
            }
        }
        String[] command = java.util.Arrays.copyOfRange(args, i + 1, args.length);
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<String> lines = new ArrayList<>();
        // the management classes above are loaded before the first mark, so no phase pays for them
        long jvmStartMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
        t = System.nanoTime();
        long cpu = threads.getCurrentThreadCpuTime();
        long classes = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();

        Main.commandLine(quiet, quiet, Invoked.of(command)).parseArgs(command);
        long[] mark = mark(lines, "picocli model + parse", t, cpu, classes, threads);
        if (repo != null) {
            GitConfigFiles.install();
            try (Workspace ws = Workspace.open(repo, null)) {
                ws.resolve("HEAD");
            }
            mark = mark(lines, "JGit open + resolve HEAD", mark[0], mark[1], mark[2], threads);
        }
        if (set != null && Files.exists(set.resolve("patchset.toml"))) {
            TomlDocument.read(set.resolve("patchset.toml"));
            mark = mark(lines, "TOML parse (patchset)", mark[0], mark[1], mark[2], threads);
        }
        int code = Main.run(quiet, quiet, command);
        mark(lines, "the command (exit " + code + ")", mark[0], mark[1], mark[2], threads);
        System.out.printf("%-28s %8d ms %15s %6d classes%n", "jvm start (to main)", mainMillis - jvmStartMillis, "", classes);
        lines.forEach(System.out::println);
    }

    private static long[] mark(List<String> lines, String name, long t0, long cpu0, long classes0, ThreadMXBean threads) {
        long t = System.nanoTime();
        long cpu = threads.getCurrentThreadCpuTime();
        long classes = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();
        lines.add(String.format("%-28s %8d ms %8d ms cpu %6d classes", name, (t - t0) / 1_000_000, (cpu - cpu0) / 1_000_000,
                classes - classes0));
        return new long[] {t, cpu, classes};
    }
}
