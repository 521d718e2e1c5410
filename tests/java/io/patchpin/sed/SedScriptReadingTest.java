package io.patchpin.sed;

import static io.patchpin.testkit.Asserts.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Shell lines as import-sed reads them: words, quoting, command lists, sed's options, and cd/pushd/popd. */
class SedScriptReadingTest {

    private static List<String> words(String line) {
        List<ShellLine.Command> cs = ShellLine.split(line);
        assertThat(cs).hasSize(1);
        return cs.get(0).words().stream().map(ShellLine.Word::text).toList();
    }

    private static SedScript.Args args(String line) {
        return SedScript.Args.parse(ShellLine.split(line).get(0).words());
    }

    private static List<SedScript.Item> parse(String script) {
        return SedScript.parse(script, Set.of("TheRock"), "");
    }

    private static String skipReason(String script) {
        List<SedScript.Item> items = parse(script);
        assertThat(items).hasSize(1);
        assertThat(items.get(0)).isInstanceOf(SedScript.Skipped.class);
        return ((SedScript.Skipped) items.get(0)).reason();
    }

    private static SedScript.Candidate candidate(String script) {
        List<SedScript.Item> items = parse(script);
        assertThat(items).hasSize(1);
        assertThat(items.get(0)).isInstanceOf(SedScript.Candidate.class);
        return (SedScript.Candidate) items.get(0);
    }

    @Test
    void quotingAndEscapes() {
        assertThat(words("a\\ b \\$c 'd e'\"f\"")).containsExactly("a b", "$c", "d ef");
        assertThat(words("\"a\\\"b\\\\c\\$d\\x\"")).containsExactly("a\"b\\c$d\\x");
        assertThat(words("x#y # comment")).containsExactly("x#y");
        assertThat(words("tail\\")).containsExactly("tail\\");
        assertThat(ShellLine.split("# only a comment")).isEmpty();
        assertThat(ShellLine.split("echo 'open")).isNull();
        assertThat(ShellLine.split("echo \"open")).isNull();
    }

    @Test
    void expansionsAreFlaggedOutsideSingleQuotes() {
        List<ShellLine.Word> w =
                ShellLine.split("a $B \"$C\" '$D' \"\\$E\" `f`").get(0).words();
        assertThat(w).extracting(ShellLine.Word::expands).containsExactly(false, true, true, false, false, true);
    }

    @Test
    void commandListsAndPipelines() {
        List<ShellLine.Command> cs = ShellLine.split("a; b && c || d | e ;; ");
        assertThat(cs).extracting(c -> c.words().get(0).text()).containsExactly("a", "b", "c", "d", "e");
        assertThat(cs).extracting(ShellLine.Command::piped).containsExactly(false, false, false, true, true);
        assertThat(ShellLine.split("a&b")).hasSize(2);
    }

    @Test
    void sedOptions() {
        SedScript.Args a = args("sed --in-place --null-data --regexp-extended -e s/a/b/ --expression s/c/d/ f g");
        assertThat(a)
                .isEqualTo(new SedScript.Args(true, true, true, List.of("s/a/b/", "s/c/d/"), List.of("f", "g"), null));
        assertThat(args("sed -zEi.bak s/a/b/ f"))
                .isEqualTo(new SedScript.Args(true, true, true, List.of("s/a/b/"), List.of("f"), null));
        assertThat(args("sed -r -i s/a/b/ -").ere()).isTrue();
        assertThat(args("sed -n -s -i s/a/b/ f").problem()).isEqualTo("sed option -n");
        assertThat(args("sed -i").problem()).isEqualTo("no script or no file");
        assertThat(args("sed -i s/a/b/").problem()).isEqualTo("no script or no file");
        assertThat(args("sed -i f -e").problem()).isEqualTo("no script or no file");
        assertThat(args("sed -i -e \"$S\" f").problem()).isEqualTo("script computed by the shell ($(...) or $VAR)");
        assertThat(args("sed -i $S f").problem()).isEqualTo("script computed by the shell ($(...) or $VAR)");
        assertThat(args("sed -i s/a/b/ $F").problem()).isEqualTo("file name needs the shell ($VAR or $(...))");
        assertThat(args("sed -i -e s/a/b/ $F").problem()).isEqualTo("file name needs the shell ($VAR or $(...))");
        assertThat(args("sed -x -i -e $S $F").problem()).isEqualTo("sed option -x");
        assertThat(args("sed -i '3a\\ text' f").looksLikeInsert()).isTrue();
        assertThat(args("sed -i s/a/b/ f").looksLikeInsert()).isFalse();
    }

    @Test
    void workingDirectoryArithmetic() {
        assertThat(SedScript.cd("a/b", "../c/./d")).isEqualTo("a/c/d");
        assertThat(SedScript.cd("", "x//y/")).isEqualTo("x/y");
        assertThat(SedScript.cd("a", "../..")).isNull();
        assertThat(SedScript.cd("a", "/etc")).isNull();
        assertThat(SedScript.cd("a", "~/x")).isNull();
        assertThat(SedScript.cd(null, "x")).isNull();
    }

    @Test
    void candidatesFollowCdPushdAndPopd() {
        List<SedScript.Item> items = parse(
                """
                cd /home/me/src/TheRock/
                cd compiler
                pushd amd-llvm
                sed -i 's/a/b/' llvm/f.txt
                popd
                sed -i -e 's/c/d/' -e 's/e/f/g' ../g.txt \\
                   other/h.txt
                sed 's/not/in-place/' x.txt
                """);
        assertThat(items).hasSize(2);
        SedScript.Candidate first = (SedScript.Candidate) items.get(0);
        assertThat(first.line()).isEqualTo(4);
        assertThat(first.files()).containsExactly("compiler/amd-llvm/llvm/f.txt");
        SedScript.Candidate second = (SedScript.Candidate) items.get(1);
        assertThat(second.line()).isEqualTo(6);
        assertThat(second.files()).containsExactly("g.txt", "compiler/other/h.txt");
        assertThat(second.expressions()).extracting(SedSubstitution::global).containsExactly(false, true);
    }

    @Test
    void unknownWorkingDirectories() {
        String unknown = "working directory unknown (cd to a computed path or outside the workspace)";
        assertThat(skipReason("cd\nsed -i s/a/b/ f")).isEqualTo(unknown);
        assertThat(skipReason("cd \"$X\"\nsed -i s/a/b/ f")).isEqualTo(unknown);
        assertThat(skipReason("popd\nsed -i s/a/b/ f")).isEqualTo(unknown);
        assertThat(skipReason("cd /tmp\npushd x\npopd\nsed -i s/a/b/ f")).isEqualTo(unknown);
        // back in the root after a popd that returns there
        assertThat(candidate("pushd /tmp\npopd\nsed -i s/a/b/ f").files()).containsExactly("f");
        assertThat(skipReason("sed -i s/a/b/ ../f")).isEqualTo("file '../f' is outside the workspace");
    }

    @Test
    void skippedLinesSuggestWhatToWrite() {
        List<SedScript.Item> items = parse("sed -i '3i text' src/f.c\nsed -i '2d' src/f.c\necho x | sed -i s/a/b/ f\n"
                + "sudo sed -i s/a/b/ f\nsudo sed s/a/b/ f\nsed -i 's/a/b/ f\necho 'unrelated\nsed -n -i '2a\\ x' f");
        assertThat(items).hasSize(6).allMatch(i -> i instanceof SedScript.Skipped);
        List<SedScript.Skipped> s =
                items.stream().map(SedScript.Skipped.class::cast).toList();
        assertThat(s).extracting(SedScript.Skipped::line).containsExactly(1, 2, 3, 4, 6, 8);
        assertThat(s.get(0).reason()).isEqualTo("insert/append at a line address");
        assertThat(s.get(0).suggestion()).startsWith("patchpin add insert DIR --component C --file src/f.c");
        assertThat(s.get(1).suggestion()).contains("--regex --find '(?m)^.*PATTERN.*\\n'");
        assertThat(s.get(2).reason()).isEqualTo("sed in a pipeline");
        assertThat(s.get(3).reason()).isEqualTo("sed run through 'sudo' (arguments computed at run time)");
        assertThat(s.get(3).suggestion()).contains("--file F ");
        assertThat(s.get(4).reason()).isEqualTo("unbalanced quotes (a multi-line string?)");
        assertThat(s.get(5).reason()).isEqualTo("sed option -n");
        assertThat(s.get(5).suggestion()).startsWith("patchpin add insert DIR");
        assertThat(skipReason("sed -i s/a/b/p f")).isEqualTo("flag 'p'");
    }
}
