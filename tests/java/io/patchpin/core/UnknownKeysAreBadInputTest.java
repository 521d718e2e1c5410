package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.lock.LockFile;
import io.patchpin.lock.PinsReader;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.BadInputs;
import io.patchpin.testkit.Folders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A typo in any table of a patchset, pins file or lockfile is bad input at its
 * line, naming the key and the nearest known one, in sealed and unsealed
 * entries alike.
 */
class UnknownKeysAreBadInputTest {
    private static final String SHA = "a".repeat(64);
    private static final String REWRITE =
            """
            format = 1
            name = "p"
            base = "%s"

            [[entry]]
            id = "one"
            kind = "rewrite"
            component = "."
            file = "build.sh"
            find = "JOBS=1"
            replace = "JOBS=8"
            """
                    .formatted("b".repeat(40));

    @TempDir
    Path tmp;

    @Test
    void aTypoInAnUnsealedRewriteIsRefusedWithTheNearestKey() throws IOException {
        Path dir = patchset(REWRITE + "occurence = 1\n");
        BadInputs.refusedAt(
                "occurence",
                () -> PatchsetStore.read(dir),
                dir.resolve("patchset.toml"),
                12,
                "unknown key 'occurence' in [[entry]] 1; did you mean 'occurrence'?");
    }

    @Test
    void aTypoInASealIsRefusedByNameNotAsABrokenSeal() throws IOException {
        String sealed = REWRITE
                + "occurrence = \"all\"\n\n[entry.seal]\nbefore = \"%s\"\nafter = \"%s\"\nmathces = 1\n"
                        .formatted(SHA, SHA)
                + "context = []\ndigest = \"" + SHA + "\"\n";
        Path dir = patchset(sealed);
        BadInputs.refusedAt(
                "mathces",
                () -> PatchsetStore.read(dir),
                dir.resolve("patchset.toml"),
                17,
                "unknown key 'mathces' in [entry.seal] of [[entry]] 1; did you mean 'matches'?");
    }

    @Test
    void aKeyOfAnotherKindIsUnknownToThisOne() throws IOException {
        Path dir = patchset(REWRITE + "position = \"after\"\n");
        BadInputs.refusedAt(
                "position in a rewrite",
                () -> PatchsetStore.read(dir),
                dir.resolve("patchset.toml"),
                12,
                "unknown key 'position'");
    }

    @Test
    void aPlaceKeyInsideAMultiLineStringIsNoKey() throws IOException {
        String insert = REWRITE.replace("kind = \"rewrite\"", "kind = \"insert\"")
                        .replace("find = \"JOBS=1\"", "anchor = \"x\"")
                        .replace("replace = \"JOBS=8\"", "text = \"\"\"\nocurrence = 1\n\"\"\"")
                + "postion = \"before\"\n";
        Path dir = patchset(insert);
        BadInputs.refusedAt(
                "postion",
                () -> PatchsetStore.read(dir),
                dir.resolve("patchset.toml"),
                14,
                "unknown key 'postion' in [[entry]] 1; did you mean 'position'?");
    }

    @Test
    void anUnknownTopLevelTableIsRefused() throws IOException {
        Path dir = patchset(REWRITE + "\n[evn]\nA = \"1\"\n");
        BadInputs.refusedAt(
                "[evn]",
                () -> PatchsetStore.read(dir),
                dir.resolve("patchset.toml"),
                13,
                "unknown key 'evn'; did you mean 'env'?");
    }

    @Test
    void aMisspelledOverrideTableInPinsIsRefused() throws IOException {
        Path pins = write(
                "pins.toml",
                """
                format = 1

                [[root]]
                name = "TheRock"
                url = "https://example.org/TheRock.git"
                ref = "main"

                [overide."rocm-systems"]
                commit = "abcdef1"
                """);
        BadInputs.refusedAt(
                "overide", () -> PinsReader.read(pins), pins, 8, "unknown key 'overide'; did you mean 'override'?");
    }

    @Test
    void aTypoInARootOfPinsIsRefused() throws IOException {
        Path pins = write(
                "pins.toml",
                "format = 1\n\n[[root]]\nname = \"TheRock\"\nurl = \"https://example.org/r.git\"\nrev = \"main\"\n");
        BadInputs.refusedAt(
                "rev", () -> PinsReader.read(pins), pins, 6, "unknown key 'rev' in [[root]] 1; did you mean 'ref'?");
    }

    @Test
    void aTypoInALockfileIsRefused() throws IOException {
        String c = "c".repeat(40);
        Path lock = write(
                "x.lock.toml",
                "format = 1\nsuperproject = \"" + c + "\"\n\n[[component]]\npath = \".\"\nname = \"TheRock\"\n"
                        + "commit = \"" + c
                        + "\"\n\n[[component]]\npath = \"a\"\nname = \"a\"\nparent = \".\"\ncommit = \"" + c
                        + "\"\noveride = true\n");
        BadInputs.refusedAt(
                "overide",
                () -> LockFile.read(lock),
                lock,
                14,
                "unknown key 'overide' in [[component]] 2; did you mean 'override'?");
    }

    @Test
    void aNewerFormatIsSaidBeforeItsKeys() throws IOException {
        Path dir = patchset(REWRITE.replace("format = 1", "format = 3") + "new_key = 1\n");
        BadInputs.refusedAt(
                "format 3", () -> PatchsetStore.read(dir), dir.resolve("patchset.toml"), 1, "newer than this patchpin");
    }

    @Test
    void theNearestKeyCountsATranspositionAsOneTypo() {
        assertThat(TomlSchema.nearest("occurence", List.of("component", "occurrence", "find")))
                .hasValue("occurrence");
        assertThat(TomlSchema.nearest("fidn", List.of("file", "find"))).hasValue("find");
        assertThat(TomlSchema.distance("fidn", "find")).isEqualTo(1);
    }

    @Test
    void aKeyNoTypoCouldMakeGetsNoHint() {
        String longest = "k".repeat(TomlSchema.LONGEST_TYPO);
        assertThat(TomlSchema.nearest(longest, List.of("find"))).hasValue("find");
        assertThat(TomlSchema.nearest(longest + "k", List.of("find"))).isEmpty();
        assertThat(TomlSchema.nearest("find", List.of())).isEmpty();
    }

    @Test
    void theShippedFilesAreStrictlyValid() {
        for (String name :
                List.of("gfx1103", "gfx1103-pytorch", "gfx1151", "gfx1151-vllm", "gfx1201", "gfx1201-rocm", "gfx803")) {
            assertThat(PatchsetStore.read(Path.of("patchsets", name)).entries()).isNotEmpty();
        }
        for (String name : List.of("gfx1103-base", "gfx1103", "gfx1151")) {
            assertThat(PinsReader.read(Path.of("pins", name + ".toml")).roots()).isNotEmpty();
        }
        assertThat(LockFile.read(Path.of("pins", "gfx1103-base.lock.toml")).components())
                .isNotEmpty();
    }

    private Path patchset(String text) throws IOException {
        Path dir = tmp.resolve("set");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("patchset.toml"), text, StandardCharsets.UTF_8);
        return dir;
    }

    private Path write(String name, String text) {
        return Folders.write(tmp.resolve(name), text);
    }
}
