package io.patchpin.apply;

import io.patchpin.core.ExitCode;
import java.io.PrintWriter;

/** The stderr lines after apply or revert: refusals, or what was written. */
public final class WriteSummary {
    private WriteSummary() {}

    public static void print(PrintWriter err, String verb, Applier.Result r) {
        for (String refusal : r.refusals()) {
            err.println("patchpin: " + refusal);
        }
        if (r.exitCode() == ExitCode.BROKEN) {
            err.println("patchpin: nothing written");
        } else {
            err.println("patchpin: " + verb + " " + r.written().size() + " file(s)"
                    + (r.written().isEmpty() ? " (nothing to do)" : ""));
        }
        for (String c : r.commits()) {
            err.println("patchpin: committed " + c);
        }
        err.flush();
    }
}
