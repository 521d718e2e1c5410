package io.patchpin.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/** The root command: lists the verbs. */
@Command(name = "patchpin",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Sealed source edits and deterministic submodule pins for ROCm/TheRock builds.")
public final class PatchpinCommand implements Callable<Integer> {
    /**
     * The verbs, one line each. Not in the annotation: picocli then builds the model of every verb on each run,
     * while {@link Main} adds only the one invoked (all of them for help, completion and mistakes).
     */
    private static final Class<?>[] SUBCOMMANDS = {
            // in the order of the README: author, check, carry forward, build, then helpers
            NewCommand.class,
            AddCommand.class,
            ImportSedCommand.class,
            ImportCommand.class,
            CaptureCommand.class,
            ExportCommand.class,
            VerifyCommand.class,
            BisectCommand.class,
            HistoryCommand.class,
            RebaseCommand.class,
            LockCommand.class,
            SyncCommand.class,
            ApplyCommand.class,
            RevertCommand.class,
            RecoverCommand.class,
            AuditCommand.class,
            DemoCommand.class,
            CompletionCommand.class,
    };

    static List<Class<?>> subcommands() {
        return List.of(SUBCOMMANDS);
    }

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
