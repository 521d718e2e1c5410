package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/**
 * Commands bind, call and render: the exit code is the operation's. Reads the source of every verb
 * (and their sub-verbs) and finds no literal exit code and no exit-code constant chosen in cli.
 */
class CommandExitCodesTest {
    private static final Pattern LITERAL_RETURN = Pattern.compile("return\\s+-?\\d+\\s*;");
    private static final Pattern CONSTANT = Pattern.compile("ExitCode\\.([A-Z_]+)");
    private static final Pattern RESULT_CODE = Pattern.compile("return\\s+\\w+\\.exitCode\\(\\)\\.code\\(\\)\\s*;");

    /** Commands that run no operation, each with the one code it may name and why. */
    private static final Map<Class<?>, String> NO_OPERATION = Map.of(
            PatchpinCommand.class, "BAD_INPUT", // no verb given: usage
            AddCommand.class, "BAD_INPUT", // no entry kind given: usage
            CompletionCommand.class, "OK"); // prints a script

    @Test
    void everyVerbIsScannedWithItsSubVerbs() {
        assertThat(commands())
                .contains(
                        NewCommand.class,
                        AddRewriteCommand.class,
                        AddInsertCommand.class,
                        AddPatchCommand.class,
                        LockCommand.class,
                        LockCheckCommand.class,
                        LockDiffCommand.class,
                        LockExportCommand.class,
                        SyncCommand.class,
                        DemoCommand.class)
                .hasSizeGreaterThan(PatchpinCommand.VERBS.size());
    }

    @Test
    void noCommandReturnsALiteralExitCode() throws IOException {
        List<String> found = new ArrayList<>();
        for (Class<?> c : commands()) {
            Matcher m = LITERAL_RETURN.matcher(source(c));
            while (m.find()) {
                found.add(c.getSimpleName() + ": " + m.group());
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void noCommandPicksAnExitCodeOfItsOwn() throws IOException {
        List<String> found = new ArrayList<>();
        for (Class<?> c : commands()) {
            Matcher m = CONSTANT.matcher(source(c));
            while (m.find()) {
                if (!m.group(1).equals(NO_OPERATION.get(c))) {
                    found.add(c.getSimpleName() + ": " + m.group());
                }
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void everyCommandRunningAnOperationReturnsItsResultsCode() throws IOException {
        List<String> without = new ArrayList<>();
        for (Class<?> c : commands()) {
            if (!NO_OPERATION.containsKey(c) && !RESULT_CODE.matcher(source(c)).find()) {
                without.add(c.getSimpleName());
            }
        }
        assertThat(without).isEmpty();
    }

    /** The root, its verbs and their sub-verbs, as picocli's annotations list them. */
    private static Set<Class<?>> commands() {
        Set<Class<?>> all = new LinkedHashSet<>();
        List<Class<?>> todo = new ArrayList<>(List.of(PatchpinCommand.class));
        todo.addAll(PatchpinCommand.VERBS);
        while (!todo.isEmpty()) {
            Class<?> c = todo.remove(0);
            if (all.add(c)) {
                todo.addAll(List.of(c.getAnnotation(Command.class).subcommands()));
            }
        }
        return all;
    }

    private static String source(Class<?> c) throws IOException {
        Path file = Path.of("src/main/java", c.getName().replace('.', '/') + ".java");
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
