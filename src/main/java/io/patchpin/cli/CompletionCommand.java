package io.patchpin.cli;

import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** Prints a bash completion script (zsh loads it through bashcompinit). */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = {"Print a bash/zsh completion script.",
            "bash: source <(patchpin completion)",
            "zsh:  autoload -U +X bashcompinit && bashcompinit && source <(patchpin completion)"})
public final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(AutoComplete.bash("patchpin", spec.root().commandLine()));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
