package io.patchpin.report;

import io.patchpin.author.Authoring;
import java.io.PrintWriter;

/** Reports an added entry: a line on stdout, a warning on stderr when it could not be sealed. */
public final class AddedText {
    private AddedText() {}

    public static void print(PrintWriter out, PrintWriter err, Authoring.Added added) {
        var e = added.entry();
        String seal = added.sealed() ? "sealed" : "unsealed";
        out.println("added " + e.kind().word() + " " + e.id() + " (" + e.component() + ": "
                + String.join(",", e.files()) + ", " + seal + ")");
        if (!added.sealed()) {
            err.println("patchpin: warning: " + added.note());
        }
    }
}
