package io.patchpin.testkit;

import io.patchpin.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/** Runs patchpin in-process through {@link Main#run}, capturing stdout, stderr and the exit code. */
public final class Cli {
    private Cli() {}

    /** What one run gave. */
    public record Run(int exit, String out, String err) {
        /** Non-empty stderr lines. */
        public List<String> errLines() {
            return err.lines().filter(l -> !l.isBlank()).toList();
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
        return new Run(exit, out.toString(), err.toString());
    }
}
