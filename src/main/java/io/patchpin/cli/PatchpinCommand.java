package io.patchpin.cli;

import io.patchpin.core.ExitCode;
import io.patchpin.core.Settings;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The root command: lists the verbs. */
@Command(
        name = "patchpin",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Sealed source edits and deterministic submodule pins for ROCm/TheRock builds.",
        // the --format each command prints and its help of shared options, keyed by command (subcommands inherit it)
        resourceBundle = "io.patchpin.cli.Formats")
public final class PatchpinCommand implements Callable<Integer>, WorkspaceOptions.RunSettings {
    /**
     * The verbs, in the order of the README: author, check, carry forward, build, then helpers. Not in the
     * annotation: picocli builds the model of every verb it holds (about 0.3 s of CPU in a cold JVM, measured),
     * and a run needs only the one it names (see {@link Main#verbsFor}).
     */
    static final List<Class<?>> VERBS = List.of(
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
            UpdateCommand.class,
            LockCommand.class,
            SyncCommand.class,
            ApplyCommand.class,
            RevertCommand.class,
            RecoverCommand.class,
            AuditCommand.class,
            DemoCommand.class,
            CompletionCommand.class);

    @Spec
    CommandSpec spec;

    private final Settings settings;

    @Option(
            names = "--stacktrace",
            scope = ScopeType.INHERIT,
            description = "Print the stack trace of an internal error.")
    boolean stacktrace;

    PatchpinCommand(Settings settings) {
        this.settings = settings;
    }

    @Override
    public Settings settings() {
        return settings;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCode.BAD_INPUT.code();
    }
}
