package io.patchpin.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs patchpin through {@link Main#run} and keeps exit code, stdout and stderr. */
record Cli(int code, String out, String err) {
    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Cli(code, out.toString(), err.toString());
    }
}
