package io.patchpin.testkit;

import io.patchpin.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;

/**
 * Runs patchpin in-process through {@link Main#run}, capturing stdout, stderr and the exit code: {@link #run} for
 * a run whose outcome the test judges, {@link #ok} for a step that must succeed.
 */
public final class Cli {
    private Cli() {}

    /** What one run gave. */
    public record Run(List<String> args, int exit, String out, String err) {
        public Run {
            args = List.copyOf(args);
        }

        /** Non-empty stderr lines. */
        public List<String> errLines() {
            return err.lines().filter(l -> !l.isBlank()).toList();
        }

        /** This run, which must have exited 0; else fails naming the command and showing its output. */
        public Run assertOk() {
            if (exit != 0) {
                throw new AssertionError("patchpin " + String.join(" ", args) + ": exit " + exit + "\n" + err + out);
            }
            return this;
        }
    }

    public static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit;
        try (PrintWriter o = new PrintWriter(out);
                PrintWriter e = new PrintWriter(err)) {
            exit = Main.run(o, e, args);
        }
        return new Run(List.of(args), exit, out.toString(), err.toString());
    }

    /** Runs patchpin, which must exit 0 (see {@link Run#assertOk}). */
    public static Run ok(String... args) {
        return run(args).assertOk();
    }

    /** As {@link #run(String...)}, each argument given as its {@code toString()}: a path needs no conversion. */
    public static Run run(Object... args) {
        return run(strings(args));
    }

    /** As {@link #ok(String...)}, each argument given as its {@code toString()}. */
    public static Run ok(Object... args) {
        return ok(strings(args));
    }

    private static String[] strings(Object... args) {
        return Arrays.stream(args).map(Object::toString).toArray(String[]::new);
    }
}
