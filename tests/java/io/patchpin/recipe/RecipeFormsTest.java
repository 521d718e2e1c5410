package io.patchpin.recipe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The forms maintainers really write, each read as the distro's tool reads it. */
class RecipeFormsTest {
    @TempDir
    Path tmp;

    private Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private List<Step> steps(String name, String text) throws IOException {
        return Recipe.read(write(name, text), Optional.empty()).steps();
    }

    private static List<String> skipped(List<Step> steps) {
        return steps.stream()
                .filter(s -> s instanceof Step.Skipped)
                .map(s -> s.line() + ": " + ((Step.Skipped) s).reason())
                .toList();
    }

    @Test
    void specShellThatCannotBeReadIsNamedWithItsLine() throws IOException {
        List<Step> steps = steps(
                "x.spec",
                String.join(
                        "\n",
                        "Name: x",
                        "Patch0: $(echo fix).patch",
                        "Patch1: `cat name`.patch",
                        "%prep",
                        "%autosetup -p1",
                        "eval \"$EDITS\"",
                        "source ./edits.sh",
                        "cat > CMakeLists.txt <<EOF",
                        "EOF",
                        ""));
        assertThat(skipped(steps))
                .hasSize(5)
                .anySatisfy(s -> assertThat(s).startsWith("2: patch name computed by the shell"))
                .anySatisfy(s -> assertThat(s).startsWith("3: patch name computed by the shell"))
                .anySatisfy(s -> assertThat(s).startsWith("6: eval runs text"))
                .anySatisfy(s -> assertThat(s).startsWith("7: source runs text"))
                .anySatisfy(s -> assertThat(s).startsWith("8: here-document"));
    }
}
