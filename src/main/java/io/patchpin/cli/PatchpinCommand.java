package io.patchpin.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** The root command: lists the verbs. */
@Command(name = "patchpin",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Sealed source edits and deterministic submodule pins for ROCm/TheRock builds.",
        subcommands = {
            NewCommand.class,
            AddCommand.class,
            ImportSedCommand.class,
            VerifyCommand.class,
            ApplyCommand.class,
            RevertCommand.class,
            CompletionCommand.class,
            DemoCommand.class,
            LockCommand.class,
            SyncCommand.class,
            ImportCommand.class,
            ExportCommand.class,
            RebaseCommand.class,
            BisectCommand.class,
            CaptureCommand.class,
            AuditCommand.class,
        })
public final class PatchpinCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--stacktrace", scope = ScopeType.INHERIT,
            description = "Print the stack trace of an internal error.")
    boolean stacktrace;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return io.patchpin.core.ExitCode.BAD_INPUT.code();
    }
}
