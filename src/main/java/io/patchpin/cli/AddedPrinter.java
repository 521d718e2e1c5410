package io.patchpin.cli;

import io.patchpin.author.Authoring;

import picocli.CommandLine.Model.CommandSpec;

/** Reports an added entry: a line on stdout, a warning on stderr when it could not be sealed. */
final class AddedPrinter {
    private AddedPrinter() {
    }

    static void print(CommandSpec spec, Authoring.Added added) {
        var e = added.entry();
        String seal = added.sealed() ? "sealed" : "unsealed";
        spec.commandLine().getOut().println("added " + e.kind().word() + " " + e.id() + " (" + e.component() + ": "
                + String.join(",", e.files()) + ", " + seal + ")");
        if (!added.sealed()) {
            spec.commandLine().getErr().println("patchpin: warning: " + added.note());
        }
    }
}
