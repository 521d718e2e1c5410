package io.patchpin.cli;

import io.patchpin.core.ExitCode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "completion",
        mixinStandardHelpOptions = true,
        description = {
            "Print a bash/zsh completion script.",
            "bash: source <(patchpin completion bash)",
            "zsh:  source <(patchpin completion zsh)"
        })
public final class CompletionCommand implements Callable<Integer> {
    /** The shells the script serves: one script, which turns on zsh's bashcompinit itself. */
    enum Shell {
        BASH,
        ZSH
    }

    @Spec
    CommandSpec spec;

    @Parameters(
            arity = "0..1",
            paramLabel = "SHELL",
            converter = ShellConverter.class,
            description = "bash or zsh (default: bash; the same script serves both).")
    Shell shell = Shell.BASH;

    @Override
    public Integer call() {
        // a run models only the verb it names (see Main), so the script is made from a command line with all of them
        CommandLine all =
                Main.commandLine(spec.commandLine().getOut(), spec.commandLine().getErr());
        offerAsTyped(all.getCommandSpec());
        spec.commandLine().getOut().print(AutoComplete.bash("patchpin", all));
        // no operation to ask: printing the script is all there is
        return ExitCode.OK.code();
    }

    /**
     * Completion offers what a command accepts, as it is typed: an enum's values in lower case with hyphens (the
     * converters' and picocli's case-insensitive form), and for {@code --format} only the formats the command
     * prints ({@link FormatOption#printed}).
     */
    static void offerAsTyped(CommandSpec command) {
        for (OptionSpec o : List.copyOf(command.options())) {
            List<String> words = typed(command, o);
            if (!words.isEmpty()) {
                command.remove(o);
                command.addOption(
                        OptionSpec.builder(o).completionCandidates(words).build());
            }
        }
        command.subcommands().values().forEach(sub -> offerAsTyped(sub.getCommandSpec()));
    }

    private static List<String> typed(CommandSpec command, OptionSpec o) {
        if (o.type() == FormatOption.Format.class) {
            return FormatOption.printed(command).stream()
                    .map(FormatOption.Format::word)
                    .toList();
        }
        if (!o.type().isEnum()) {
            return List.of();
        }
        return Arrays.stream(o.type().getEnumConstants())
                .map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .toList();
    }

    static final class ShellConverter implements CommandLine.ITypeConverter<Shell> {
        @Override
        public Shell convert(String value) {
            return Arrays.stream(Shell.values())
                    .filter(s -> s.name().toLowerCase(Locale.ROOT).equals(value))
                    .findFirst()
                    .orElseThrow(() -> new CommandLine.TypeConversionException("'" + value + "' is not bash or zsh"));
        }
    }
}
