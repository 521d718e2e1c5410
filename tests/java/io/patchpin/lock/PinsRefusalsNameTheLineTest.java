package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.testkit.BadInputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every refusal of the pins file reader names the file and the line at fault; odd-but-valid shapes are read. */
class PinsRefusalsNameTheLineTest {
    private static final String ROOT =
            "format = 1\n[[root]]\nname = \"TheRock\"\nurl = \"https://example.org/r.git\"\nref = \"main\"\n";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            unknown workspace   | workspace = "Other"\\n                           | 2 | no [[root]] is named 'Other'
            bad patchset name   | patchsets = ["ok", "no way"]\\n               | 2 | patchset name 'no way' must be
            not a table         | override = "x"\\n                              | 2 | [override]: must be a table of
            superproject        | [override."."]\\ncommit = "abcdef1"\\n       | 7 | not by an override
            not an object       | [override]\\n"a/b" = "x"\\n                    | 8 | override 'a/b': must be a table with
            unknown key         | [override."a/b"]\\ncommit = "abcdef1"\\nwhy = 1\\n | 9 | unknown key 'why'
            both                | [override."a/b"]\\ncommit = "abcdef1"\\nfollow = true\\n | 7 | needs exactly one of
            neither             | [override."a/b"]\\n                           | 7 | needs exactly one of
            short commit        | [override.'a/b']\\ncommit = "abc"\\n           | 7 | 'commit' must be 7 to 40 hex digits, not 'abc'
            follow false        | [override.a]\\nfollow = false\\n               | 7 | 'follow' must be true
            follow blank        | [override."a/b"]\\nfollow = "  "\\n            | 7 | 'follow' must be true
            follow number       | [override."a/b"]\\nfollow = 3\\n               | 7 | 'follow' must be true
            """)
    void refusalsNameFileAndLine(String what, String tail, int line, String message) throws IOException {
        String text = tail.replace("\\n", "\n").strip() + "\n";
        Path file = text.startsWith("[")
                ? write(ROOT + "\n" + text)
                : write(ROOT.replace("format = 1\n", "format = 1\n" + text));
        BadInputs.refusedAt(what, () -> PinsReader.read(file), file, line, message);
    }

    @Test
    void rootsMustBeThereAndUnique() throws IOException {
        Path none = write("format = 1\nname = \"x\"\n");
        assertThatThrownBy(() -> PinsReader.read(none)).hasMessageContaining("needs at least one [[root]]");
        Path scalar = write("format = 1\nroot = \"TheRock\"\n");
        assertThatThrownBy(() -> PinsReader.read(scalar)).hasMessageContaining("needs at least one [[root]]");
        Path empty = write("format = 1\nroot = []\n");
        assertThatThrownBy(() -> PinsReader.read(empty)).hasMessageContaining("needs at least one [[root]]");
        Path twice = write(ROOT + ROOT.substring("format = 1\n".length()));
        assertThatThrownBy(() -> PinsReader.read(twice)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.line()).isEqualTo(6);
            assertThat(e.getMessage()).contains("duplicate root name 'TheRock'");
        });
    }

    @Test
    void overridesOfEveryShapeAreRead() throws IOException {
        Path file =
                write(ROOT.replace("format = 1\n", "format = 1\nworkspace = \"TheRock\"\npatchsets = [\"a.b_c-1\"]\n")
                        + "\n[override.\"x/commit\"]\ncommit = \"ABCDEF1234\"\n"
                        + "\n[override.'x/gitmodules']\nfollow = true\n"
                        + "\n[override.named]\nfollow = \"develop\"\n");
        Pins pins = PinsReader.read(file);
        assertThat(pins.name()).isEqualTo("pins");
        assertThat(pins.workspaceRoot().name()).isEqualTo("TheRock");
        assertThat(pins.patchsets()).containsExactly("a.b_c-1");
        assertThat(pins.patchsetFolder("a.b_c-1")).isEqualTo(tmp.resolve("patchsets/a.b_c-1"));
        assertThat(pins.overrides().keySet()).containsExactly("named", "x/commit", "x/gitmodules");
        Pins.ComponentOverride commit = pins.overrides().get("x/commit");
        assertThat(commit.commit()).contains("abcdef1234");
        assertThat(commit.line()).isEqualTo(9);
        assertThat(commit.describe()).isEqualTo("commit abcdef1234");
        assertThat(pins.overrides().get("x/gitmodules").describe()).isEqualTo("follow the .gitmodules branch");
        assertThat(pins.overrides().get("x/gitmodules").line()).isEqualTo(12);
        assertThat(pins.overrides().get("named").describe()).isEqualTo("follow develop");
        assertThat(pins.overrides().get("named").line()).isEqualTo(15);
    }

    @Test
    void anOverrideIsEitherACommitOrABranch() {
        assertThatThrownBy(() -> new Pins.ComponentOverride("a", Optional.of("abcdef1"), true, Optional.empty(), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Pins.ComponentOverride("a", Optional.empty(), false, Optional.empty(), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LockEntry(
                        "a",
                        "a",
                        Optional.of("."),
                        Optional.empty(),
                        Optional.empty(),
                        "abc",
                        false,
                        true,
                        Optional.empty()))
                .hasMessageContaining("commit of a is not 40-hex: abc");
    }

    private Path write(String text) throws IOException {
        Path file = tmp.resolve("pins/pins.toml");
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
