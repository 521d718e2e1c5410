package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import java.io.PrintWriter;
import java.io.Writer;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

class MainTest {

    @Test
    void versionAndHelp() {
        Cli.Run v = Cli.ok("--version");
        assertThat(v.out()).startsWith("patchpin ");
        Cli.Run h = Cli.ok("--help");
        assertThat(h.out()).contains("Usage: patchpin");
    }

    @Test
    void everyCommandHasHelp() {
        CommandLine root = Main.commandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()));
        root.getSubcommands().forEach((name, sub) -> {
            assertThat(hasHelp(sub)).as(name + " has --help").isTrue();
            sub.getSubcommands().forEach((n2, s2) -> assertThat(hasHelp(s2))
                    .as(name + " " + n2 + " has --help")
                    .isTrue());
        });
    }

    /** The standard help options, or (import, whose --version is the component's) a usage-help --help of its own. */
    private static boolean hasHelp(CommandLine c) {
        OptionSpec help = c.getCommandSpec().findOption("--help");
        return c.getCommandSpec().mixinStandardHelpOptions() || help != null && help.usageHelp();
    }

    @Test
    void unknownCommandIsUsageErrorOnStderr() {
        Cli.Run r = Cli.run("frobnicate");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("patchpin: ");
    }

    @Test
    void completionScriptMentionsCommands() {
        Cli.Run r = Cli.ok("completion");
        assertThat(r.out()).contains("complete -F").contains("completion");
    }
}
