package io.patchpin.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs patchpin through {@link Main#run} and keeps exit code, stdout and stderr. */
public record Cli(int exit, String out, String err) {

    public static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Cli(exit, out.toString(), err.toString());
    }

    /** The exit code (alias of {@link #exit()}). */
    public int code() {
        return exit;
    }

    /** stderr lines, without blank ones. */
    public long errLines() {
        return err.lines().filter(l -> !l.isBlank()).count();
    }
}
