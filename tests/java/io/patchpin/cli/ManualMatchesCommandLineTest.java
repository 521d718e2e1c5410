package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.recipe.RecipeFormat;
import io.patchpin.testkit.Cli;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/** The manual, the man pages and the completion script say what the command line accepts, no more, no less. */
class ManualMatchesCommandLineTest {
    /** Documented once for every command: README's "Every command takes" and docs/reference.md's first section. */
    private static final Set<String> EVERY_COMMAND =
            Set.of("--repo", "--mirror-dir", "--help", "--version", "--stacktrace");

    @Test
    void everyVerbOptionAndFormatValueIsInTheCommandsListOrTheReference() throws IOException {
        List<String> lines = new ArrayList<>(commandsList());
        lines.addAll(Files.readAllLines(Path.of("docs/reference.md"), StandardCharsets.UTF_8));
        Set<String> missing = new TreeSet<>();
        for (CommandSpec c : commands(typedCommandLine().getCommandSpec())) {
            String verb = c.qualifiedName().replaceFirst("^patchpin ", "");
            if (lines.stream().noneMatch(mentions(verb, List.of()))) {
                missing.add("`patchpin " + verb + "`");
            }
            for (OptionSpec o : c.options()) {
                if (o.hidden() || EVERY_COMMAND.contains(o.longestName())) {
                    continue;
                }
                if (lines.stream().noneMatch(mentions(verb, List.of(o.longestName())))) {
                    missing.add("`" + verb + " " + o.longestName() + "`");
                }
                for (String value : o.completionCandidates() == null ? List.<String>of() : o.completionCandidates()) {
                    if (o.longestName().equals("--format")
                            && lines.stream().noneMatch(mentions(verb, List.of("--format", value)))) {
                        missing.add("`" + verb + " --format " + value + "`");
                    }
                }
            }
        }
        assertThat(missing)
                .as("accepted by the command line but missing from README's Commands list and docs/reference.md"
                        + " (a line naming the verb, then the option, then the value)")
                .isEmpty();
    }

    @Test
    void completionOffersTheAcceptedValuesAsTyped() throws Exception {
        for (CommandSpec c : commands(typedCommandLine().getCommandSpec())) {
            for (OptionSpec o : c.options()) {
                if (o.type() == FormatOption.Format.class) {
                    assertThat(o.completionCandidates())
                            .as(c.qualifiedName() + " --format")
                            .containsExactlyElementsOf(FormatOption.printed(c).stream()
                                    .map(FormatOption.Format::word)
                                    .toList());
                }
                if (o.type().isEnum()) {
                    for (String value : o.completionCandidates()) {
                        // what completion offers, the option's converter (or picocli's enum matching) takes as typed
                        Object parsed = o.converters().length > 0
                                ? o.converters()[0].convert(value)
                                : Arrays.stream(o.type().getEnumConstants())
                                        .filter(e -> ((Enum<?>) e).name().equalsIgnoreCase(value))
                                        .findFirst()
                                        .orElse(null);
                        assertThat(parsed)
                                .as(c.qualifiedName() + " " + o.longestName() + " " + value)
                                .isNotNull();
                    }
                }
            }
        }
        // a recipe's form is a word, not an enum: completion offers each one import takes
        OptionSpec recipe = typedCommandLine()
                .getSubcommands()
                .get("import")
                .getCommandSpec()
                .findOption("--format");
        assertThat(recipe.completionCandidates())
                .allMatch(w -> RecipeFormat.parse(w).isPresent());
        Cli.Run script = Cli.run("completion");
        assertThat(script.out())
                .contains("\"sarif\"")
                .doesNotContain("\"SARIF\"")
                .doesNotContain("\"TEXT\"");
    }

    @Test
    void aFormatTheCommandDoesNotPrintIsNeitherOfferedNorAccepted() {
        Cli.Run r = Cli.run("audit", "--format", "sarif");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("audit reports as text or json, not sarif");
    }

    @Test
    void completionTakesBashOrZsh() {
        Cli.Run bash = Cli.run("completion", "bash");
        Cli.Run zsh = Cli.run("completion", "zsh");
        assertThat(bash.exit()).isZero();
        assertThat(zsh.exit()).isZero();
        assertThat(zsh.out())
                .isEqualTo(bash.out())
                .isEqualTo(Cli.run("completion").out());
        assertThat(Cli.run("completion", "fish").exit()).isEqualTo(2);
    }

    @Test
    void manPageSynopsesReadAsHelpDoes() {
        // every help first: the man page generator gives the whole command line its AsciiDoc markup
        Map<String, String> help = new TreeMap<>();
        for (CommandSpec c : commands(typedCommandLine().getCommandSpec())) {
            help.put(
                    c.qualifiedName(),
                    c.commandLine()
                            .getHelp()
                            .synopsis(0)
                            .replaceAll("\\s+", " ")
                            .trim());
        }
        for (CommandSpec c : commands(typedCommandLine().getCommandSpec())) {
            StringWriter page = new StringWriter();
            ManPageGenerator.writeSingleManPage(new PrintWriter(page), c);
            Matcher m = Pattern.compile("== Synopsis\\n\\n(.*?)\\n\\n", Pattern.DOTALL)
                    .matcher(page.toString());
            assertThat(m.find()).as(c.qualifiedName()).isTrue();
            String man =
                    m.group(1).replaceAll("[*_]", "").replaceAll("\\s+", " ").trim();
            assertThat(man).as(c.qualifiedName()).isEqualTo(help.get(c.qualifiedName()));
        }
    }

    @Test
    void versionBuildsNoVerb() {
        assertThat(Main.verbsFor("--version")).isEmpty();
        assertThat(Main.verbsFor("-V")).isEmpty();
        assertThat(Main.verbsFor("--help")).isEqualTo(PatchpinCommand.VERBS);
        assertThat(Main.verbsFor("verify", "--help")).containsExactly(VerifyCommand.class);
        assertThat(Cli.run("--version").out()).startsWith("patchpin ");
    }

    private static CommandLine typedCommandLine() {
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        CommandLine all = Main.commandLine(quiet, quiet);
        CompletionCommand.offerAsTyped(all.getCommandSpec());
        return all;
    }

    /** Every command and subcommand below the root, hidden ones left out. */
    private static List<CommandSpec> commands(CommandSpec root) {
        List<CommandSpec> out = new ArrayList<>();
        for (CommandLine sub : root.subcommands().values()) {
            if (!sub.getCommandSpec().usageMessage().hidden() && !out.contains(sub.getCommandSpec())) {
                out.add(sub.getCommandSpec());
                out.addAll(commands(sub.getCommandSpec()));
            }
        }
        return out;
    }

    /**
     * Whether a line names the verb and then each word, in order; the patterns compiled once for all the lines
     * asked about.
     */
    private static Predicate<String> mentions(String verb, List<String> words) {
        List<Pattern> inOrder = Stream.concat(Stream.of(verb), words.stream())
                .map(w -> Pattern.compile("(?<![\\w-])" + Pattern.quote(w) + "(?![\\w-])"))
                .toList();
        return line -> {
            int at = 0;
            for (Pattern p : inOrder) {
                Matcher m = p.matcher(line);
                if (!m.find(at)) {
                    return false;
                }
                at = m.end();
            }
            return true;
        };
    }

    /** The indented block under README's "## Commands". */
    private static List<String> commandsList() throws IOException {
        List<String> readme = Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8);
        int start = readme.indexOf("## Commands");
        List<String> out = new ArrayList<>();
        for (String l : readme.subList(start + 1, readme.size())) {
            if (l.startsWith("#")) {
                break;
            }
            out.add(l);
        }
        return out;
    }
}
