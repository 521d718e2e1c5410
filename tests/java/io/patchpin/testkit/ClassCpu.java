package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * For tests/bench/test-suite.sh: when the system property {@value #PROPERTY} names a file, appends to it
 * one line per test class: the class, its wall time, and the CPU seconds the test JVM spent on it (user,
 * system) and its finished child processes (git, patch, chromium: user, system), from
 * {@code /proc/self/stat}. The differences are the class's own only when the JVM runs one class at a time
 * ({@code -Djunit.jupiter.execution.parallel.enabled=false}, as the script runs it).
 * Otherwise it does nothing.
 */
public final class ClassCpu implements TestExecutionListener {
    static final String PROPERTY = "patchpin.classcpu";

    private final String out = System.getProperty(PROPERTY, "");
    private final Map<String, long[]> started = new HashMap<>();

    @Override
    public void executionStarted(TestIdentifier id) {
        if (!out.isEmpty() && id.isContainer() && id.getSource().orElse(null) instanceof ClassSource) {
            started.put(id.getUniqueId(), now());
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        long[] a = started.remove(id.getUniqueId());
        if (a == null) {
            return;
        }
        long[] b = now();
        String line = String.format(
                Locale.ROOT,
                "%s %.2f %.2f %.2f %.2f %.2f%n",
                ((ClassSource) id.getSource().orElseThrow()).getClassName(),
                (b[0] - a[0]) / 1e9,
                (b[1] - a[1]) / 100.0,
                (b[2] - a[2]) / 100.0,
                (b[3] - a[3]) / 100.0,
                (b[4] - a[4]) / 100.0);
        try {
            Files.writeString(
                    Path.of(out), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Nanoseconds, then utime, stime, cutime, cstime in clock ticks (100 a second on Linux). */
    private static long[] now() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.UTF_8);
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new long[] {
                System.nanoTime(),
                Long.parseLong(f[11]),
                Long.parseLong(f[12]),
                Long.parseLong(f[13]),
                Long.parseLong(f[14])
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
