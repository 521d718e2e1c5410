package io.patchpin.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs patchpin through {@link Main#run} and captures what it printed. */
public record Cli(int exit, String out, String err) {

    public static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Cli(exit, out.toString(), err.toString());
    }

    /** stderr lines, without blank ones. */
    public long errLines() {
        return err.lines().filter(l -> !l.isBlank()).count();
    }
}
