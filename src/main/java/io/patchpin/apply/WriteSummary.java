package io.patchpin.apply;

import io.patchpin.core.ExitCode;
import java.io.PrintWriter;
import java.util.List;

/** The stderr lines after apply or revert: refusals, or what was written. */
public final class WriteSummary {
    private WriteSummary() {}

    public static void print(PrintWriter err, Applier.Result r) {
        print(err, "applied", r.refusals(), r.exitCode(), r.written());
        r.commits().forEach(c -> err.println("patchpin: committed " + c.line()));
    }

    public static void print(PrintWriter err, Reverter.Result r) {
        print(err, "restored", r.exitCode() == ExitCode.OK ? r.leftAlone() : r.refusals(), r.exitCode(), r.restored());
    }

    private static void print(PrintWriter err, String verb, List<String> first, ExitCode exit, List<String> written) {
        first.forEach(line -> err.println("patchpin: " + line));
        if (exit == ExitCode.BROKEN) {
            err.println("patchpin: nothing written");
        } else {
            err.println("patchpin: " + verb + " " + written.size() + " file(s)"
                    + (written.isEmpty() ? " (nothing to do)" : ""));
        }
    }
}
