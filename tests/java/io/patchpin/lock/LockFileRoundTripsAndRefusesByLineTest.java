package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.testkit.BadInputs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Lockfiles render and read back every field; each malformed shape is bad input at its line. */
class LockFileRoundTripsAndRefusesByLineTest {
    private static final String A = "a".repeat(40);
    private static final String B = "b".repeat(40);
    private static final String SHA = "c".repeat(64);
    private static final String HEAD = "format = 1\nsuperproject = \"" + A + "\"\n";
    private static final String SUPER = "\n[[component]]\npath = \".\"\nname = \".\"\ncommit = \"" + A + "\"\n";

    @TempDir
    Path tmp;

    @Test
    void everyFieldSurvivesARoundTrip() throws IOException {
        Lock lock = new Lock(
                Optional.of("gfx"),
                A,
                List.of(
                        new Lock.Root("TheRock", "https://example.org/TheRock.git", "main", A),
                        Lock.Root.unresolved("pytorch", "https://example.org/pytorch.git", "v2")),
                List.of(
                        new LockEntry(
                                "x/top",
                                "top",
                                Optional.of("."),
                                Optional.of("https://example.org/top.git"),
                                Optional.of("dev"),
                                B,
                                true,
                                false,
                                Optional.of("topology")),
                        new LockEntry(
                                ".",
                                ".",
                                Optional.empty(),
                                Optional.empty(),
                                Optional.empty(),
                                A,
                                false,
                                true,
                                Optional.empty()),
                        new LockEntry(
                                "x/man",
                                "man",
                                Optional.of("."),
                                Optional.empty(),
                                Optional.empty(),
                                B,
                                false,
                                true,
                                Optional.of("manifest"))),
                List.of(
                        new PatchsetDigest("with-base", Optional.of(A), SHA),
                        new PatchsetDigest("no-base", Optional.empty(), SHA)),
                List.of(new SmrevDigest(
                        "amd-mainline", "top", "x/top", 2, "d".repeat(40), B + "+PATCHED:" + "d".repeat(40))));
        Path file = Files.write(tmp.resolve("gfx.lock.toml"), LockFile.render(lock));
        String text = Files.readString(file);
        assertThat(text)
                .contains("override = true\nobjects = \"missing\"\nsource = \"topology\"\n")
                .doesNotContain("name = \"no-base\"\nbase");
        assertThat(LockFile.read(file)).isEqualTo(lock);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            listed twice     | [[component]]\\npath = "x"\\nname = "x"\\nparent = "."\\ncommit = "A"\\n[[component]]\\npath = "x"\\nname = "y"\\nparent = "."\\ncommit = "A"\\n | 0 | component 'x' is listed twice
            bad objects      | [[component]]\\npath = "x"\\nname = "x"\\nparent = "."\\ncommit = "A"\\nobjects = "gone"\\n | 9 | 'objects' must be "missing"
            parent of super  | [[component]]\\npath = "y"\\nname = "y"\\ncommit = "A"\\n | 9 | missing 'parent'
            bad source       | [[component]]\\npath = "x"\\nname = "x"\\nparent = "."\\ncommit = "A"\\nsource = "guess"\\n | 14 | 'source' must be "topology" or "manifest", not 'guess'
            not tables       | smrev = 3\\n | 3 | 'smrev' must be [[smrev]] tables
            """)
    void malformedLockfilesAreBadInputAtTheirLine(String what, String tail, int line, String message)
            throws IOException {
        Path file = Files.writeString(
                tmp.resolve("x.lock.toml"),
                HEAD
                        + (tail.startsWith("smrev")
                                ? tail.replace("\\n", "\n") + SUPER
                                : SUPER + "\n" + tail.replace("\\n", "\n").replace("\"A\"", "\"" + A + "\"")));
        BadInputs.refusedAt(what, () -> LockFile.read(file), file, line, message);
    }

    @Test
    void theSuperprojectIsRequiredAndHasNoParent() throws IOException {
        Path none = Files.writeString(tmp.resolve("none.lock.toml"), HEAD);
        assertThatThrownBy(() -> LockFile.read(none)).hasMessageContaining("no [[component]] with path = \".\"");
        Path parent = Files.writeString(tmp.resolve("parent.lock.toml"), HEAD + SUPER + "parent = \"x\"\n");
        assertThatThrownBy(() -> LockFile.read(parent)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.line()).isEqualTo(4);
            assertThat(e.getMessage()).contains("the superproject has no parent");
        });
    }

    @Test
    void aUrlErrorPointsAtTheComponentsUrlOrTheFile() throws IOException {
        Path file = Files.writeString(
                tmp.resolve("u.lock.toml"),
                HEAD + SUPER + "\n[[component]]\npath = \"x\"\nname = \"x\"\n"
                        + "parent = \".\"\nurl = \"https://example.org/x.git\"\ncommit = \"" + A + "\"\n");
        assertThat(LockFile.urlError(file, "x", "refused").line()).isEqualTo(13);
        BadInputException unknown = LockFile.urlError(file, "not/there", "refused");
        assertThat(unknown.oneLine()).isEqualTo(file + ": refused");
        Path bare = Files.writeString(tmp.resolve("bare.lock.toml"), HEAD);
        assertThat(LockFile.urlError(bare, "x", "refused").line()).isZero();
    }
}
