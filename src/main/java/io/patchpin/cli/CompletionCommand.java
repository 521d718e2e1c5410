package io.patchpin.cli;

import io.patchpin.core.ExitCode;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Prints a bash completion script (zsh loads it through bashcompinit). */
@Command(
        name = "completion",
        mixinStandardHelpOptions = true,
        description = {
            "Print a bash/zsh completion script.",
            "bash: source <(patchpin completion)",
            "zsh:  autoload -U +X bashcompinit && bashcompinit && source <(patchpin completion)"
        })
public final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        // a run models only the verb it names (see Main), so the script is made from a command line with all of them
        CommandLine all =
                Main.commandLine(spec.commandLine().getOut(), spec.commandLine().getErr());
        spec.commandLine().getOut().print(AutoComplete.bash("patchpin", all));
        spec.commandLine().getOut().flush();
        // no operation to ask: printing the script is all there is
        return ExitCode.OK.code();
    }
}
