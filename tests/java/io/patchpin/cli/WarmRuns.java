package io.patchpin.cli;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark driver (not a test), run by tests/bench/electron.sh and lock-export.sh: runs one patchpin command
 * line again and again in one JVM and prints the process's CPU and wall time of the first run and the median
 * of the runs after the warm-up, so that the work a command does compares with C git's, apart from what a
 * JVM costs to start and to compile its code. The process's CPU time counts every thread: the compiler's and
 * the collector's as well as the command's own. Output and errors of the command are thrown away; a command
 * that exits other than 0, 1 or 3 stops the driver.
 *
 * <pre>WarmRuns WARMUP RUNS BEFORE ARG...</pre>
 *
 * BEFORE is a {@code sh -c} command run before every run, outside its timing (a fresh copy of a work tree for
 * apply), or "-" for none. Prints "first_cpu_ms C first_wall_ms W median_cpu_ms M median_wall_ms V runs N".
 */
public final class WarmRuns {
    private WarmRuns() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        int warmup = Integer.parseInt(args[0]);
        int runs = Integer.parseInt(args[1]);
        String before = args[2];
        String[] command = Arrays.copyOfRange(args, 3, args.length);
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        List<Long> cpu = new ArrayList<>();
        List<Long> wall = new ArrayList<>();
        for (int i = 0; i < 1 + warmup + runs; i++) {
            if (!before.equals("-")) {
                Process p = new ProcessBuilder("sh", "-c", before).inheritIO().start();
                if (p.waitFor() != 0) {
                    throw new IllegalStateException("'" + before + "' failed");
                }
            }
            PrintWriter discard = new PrintWriter(Writer.nullWriter());
            long c0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            int code = Main.run(discard, discard, command);
            long t1 = System.nanoTime();
            long c1 = os.getProcessCpuTime();
            if (code != 0 && code != 1 && code != 3) {
                throw new IllegalStateException("exit " + code + " from " + String.join(" ", command));
            }
            if (i == 0 || i > warmup) {
                cpu.add(c1 - c0);
                wall.add(t1 - t0);
            }
        }
        System.out.printf(
                Locale.ROOT,
                "first_cpu_ms %.0f first_wall_ms %.0f median_cpu_ms %.0f median_wall_ms %.0f runs %d%n",
                cpu.get(0) / 1e6,
                wall.get(0) / 1e6,
                median(cpu.subList(1, cpu.size())) / 1e6,
                median(wall.subList(1, wall.size())) / 1e6,
                runs);
    }

    private static double median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }
}
