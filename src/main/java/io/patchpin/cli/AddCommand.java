package io.patchpin.cli;

import io.patchpin.core.ExitCode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "add",
        mixinStandardHelpOptions = true,
        description = "Add a sealed entry to a patchset (the base is read from the object database).",
        subcommands = {AddRewriteCommand.class, AddInsertCommand.class, AddPatchCommand.class})
public final class AddCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCode.BAD_INPUT.code();
    }
}
