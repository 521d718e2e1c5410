package io.patchpin.cli;

import io.patchpin.apply.Applier;
import io.patchpin.core.ExitCode;

import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;

/** The stderr lines after apply or revert: refusals, or what was written. */
final class WriteSummary {
    private WriteSummary() {
    }

    static void print(CommandSpec spec, String verb, Applier.Result r) {
        PrintWriter err = spec.commandLine().getErr();
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
