package io.patchpin.tutorial;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.demo.DemoStory;
import io.patchpin.demo.ExampleWorkspace;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every {@code $ patchpin ...} line of the README's tutorial, in order,
 * on a generated TheRock-shaped workspace, so the tutorial cannot rot.
 */
class TutorialTest {
    private static final Pattern EXIT = Pattern.compile("\\s+#\\s*exit\\s+(\\d+)\\b.*$");
    /** The one command substitution the tutorial uses: where the release branched from main. */
    private static final String MERGE_BASE = "$(git -C \"$THEROCK\" merge-base therock-7.12 origin/main)";

    private static final List<String> LOCAL = List.of("patchsets/", "pins/", "patches/", "build.sh", "llvm-jobs.patch");

    @TempDir
    Path tmp;

    @Test
    void everyTutorialCommandRunsWithTheExitCodeItShows() throws IOException {
        String tutorial = tutorialSection(Files.readString(Path.of("README.md"), StandardCharsets.UTF_8));
        Path me = Files.createDirectories(tmp.resolve("me"));
        Path therock;
        try (ExampleWorkspace ex = ExampleWorkspace.create(tmp.resolve("ws"))) {
            therock = ex.workTree();
            Git.run(therock, "tag", "therock-7.12");
            DemoStory.moveUpstream(ex);
            // what "git fetch" leaves: the new upstream under origin/, local main not pulled
            Git.run(therock, "update-ref", "refs/remotes/origin/main", "main");
        }
        Files.writeString(me.resolve("build.sh"), block(tutorial, "```sh build.sh"), StandardCharsets.UTF_8);
        Files.writeString(me.resolve("llvm-jobs.patch"), DemoStory.llvmJobsPatch(), StandardCharsets.UTF_8);
        List<String> commands = commands(tutorial);
        assertThat(commands).hasSizeGreaterThanOrEqualTo(15);
        for (String line : commands) {
            Matcher m = EXIT.matcher(line);
            int expected = m.find() ? Integer.parseInt(m.group(1)) : 0;
            String command = m.replaceAll("");
            // the substitution runs when its line does, as in a shell: after the commands before it
            String typed = command.substring("$ patchpin ".length());
            if (typed.contains(MERGE_BASE)) {
                typed = typed.replace(MERGE_BASE, Git.run(therock, "merge-base", "therock-7.12", "origin/main"));
            }
            List<String> args = words(typed, therock, me);
            Cli.Run r = Cli.run(args.toArray(String[]::new));
            assertThat(r.exit())
                    .as(command + "\nstdout:\n" + r.out() + "\nstderr:\n" + r.err())
                    .isEqualTo(expected);
        }
        assertThat(me.resolve("patches/mine")).isDirectory();
    }

    static String tutorialSection(String readme) {
        int start = readme.indexOf("## Tutorial");
        int end = readme.indexOf("\n## ", start + 1);
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    static String block(String text, String fence) {
        int start = text.indexOf(fence);
        int body = text.indexOf('\n', start) + 1;
        return text.substring(body, text.indexOf("```", body));
    }

    static List<String> commands(String text) {
        return text.lines().filter(l -> l.startsWith("$ patchpin ")).toList();
    }

    /** Splits a shell command line (quotes, "$THEROCK") and anchors local paths in {@code me}. */
    static List<String> words(String line, Path therock, Path me) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    out.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            out.add(w.toString());
        }
        return out.stream()
                .map(a -> a.replace("$THEROCK", therock.toString()))
                .map(a -> LOCAL.stream().anyMatch(a::startsWith) ? me.resolve(a).toString() : a)
                .toList();
    }
}
