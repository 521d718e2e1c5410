package io.patchpin.cli;

import io.patchpin.author.Authoring;
import io.patchpin.core.ExitCode;
import io.patchpin.patchset.Patchset;
import io.patchpin.workspace.Workspace;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code patchpin new DIR [--rev REV] [--name N]}. */
@Command(name = "new", mixinStandardHelpOptions = true, description = "Create an empty patchset sealed at REV (default HEAD).")
public final class NewCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkspaceOptions workspace;

    @Parameters(index = "0", paramLabel = "DIR", description = "Patchset folder, e.g. patchsets/gfx1103.")
    Path dir;

    @Option(names = "--rev", paramLabel = "REV", defaultValue = "HEAD", description = "Base superproject revision (default: ${DEFAULT-VALUE}).")
    String rev;

    @Option(names = "--name", paramLabel = "N", description = "Patchset name (default: the folder name).")
    String name;

    @Override
    public Integer call() {
        try (Workspace ws = workspace.open()) {
            Patchset p = Authoring.create(ws, dir, rev, name);
            spec.commandLine().getOut().println("created patchset " + p.name() + " at " + p.base() + " in " + dir);
        }
        return ExitCode.OK.code();
    }
}
