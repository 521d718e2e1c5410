package io.patchpin.patchset;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.Hashes;
import io.patchpin.lock.LockFile;
import io.patchpin.lock.Pins;
import io.patchpin.lock.PinsReader;
import io.patchpin.patch.PatchParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The patchsets and pins the repository ships parse, and every seal in them is
 * self-consistent. Needs no upstream repository: seals are checked against the
 * entries' own definitions and patch files only.
 */
class ShippedPatchsetsTest {
    static final Path PATCHSETS = Path.of("patchsets");
    static final Path PINS = Path.of("pins");

    static Stream<Path> patchsets() {
        return list(PATCHSETS).filter(d -> Files.isRegularFile(PatchsetStore.tomlOf(d)));
    }

    static Stream<Path> pinsFiles() {
        return list(PINS)
                .filter(f -> f.getFileName().toString().endsWith(".toml")
                        && !f.getFileName().toString().endsWith(".lock.toml"));
    }

    static Stream<Path> lockFiles() {
        return list(PINS).filter(f -> f.getFileName().toString().endsWith(".lock.toml"));
    }

    @Test
    void theSeedsPatchsetsAndPinsAreShipped() {
        assertThat(patchsets().map(d -> d.getFileName().toString()))
                .contains("gfx1103", "gfx1103-pytorch", "gfx803", "gfx1201", "gfx1201-rocm", "gfx1151", "gfx1151-vllm");
        assertThat(pinsFiles().map(f -> f.getFileName().toString())).contains("gfx1103.toml", "gfx1151.toml");
    }

    @ParameterizedTest
    @MethodSource("patchsets")
    void parsesAndRendersToTheSameBytes(Path dir) throws IOException {
        Patchset p = PatchsetStore.read(dir);
        assertThat(p.name()).isEqualTo(dir.getFileName().toString());
        assertThat(p.summary()).as("summary").isNotBlank();
        assertThat(p.targets()).as("targets").isNotEmpty();
        assertThat(p.entries()).isNotEmpty();
        assertThat(PatchsetStore.render(p))
                .isEqualTo(Files.readString(PatchsetStore.tomlOf(dir), StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @MethodSource("patchsets")
    void everyEntryHasAUniqueIdAWhyAndUrlLinks(Path dir) {
        Set<String> ids = new HashSet<>();
        for (Entry e : PatchsetStore.read(dir).entries()) {
            assertThat(ids.add(e.id())).as("unique id " + e.id()).isTrue();
            assertThat(e.why()).as("why of " + e.id()).isNotBlank();
            assertThat(e.links()).as("links of " + e.id()).allMatch(l -> l.matches("https?://[^\\s/]+/\\S*"));
        }
    }

    @ParameterizedTest
    @MethodSource("patchsets")
    void everySealIsSelfConsistent(Path dir) throws IOException {
        Patchset p = PatchsetStore.read(dir);
        for (Entry e : p.entries()) {
            if (e.seal().isPresent()) {
                assertThat(p.baseKnown()).isTrue();
                assertThat(e.seal().get().digest())
                        .as("definition digest of " + e.id())
                        .isEqualTo(e.definitionDigest());
            }
            if (e instanceof PatchEntry pe) {
                byte[] bytes = Files.readAllBytes(dir.resolve(pe.patch()));
                PatchParser.parse(dir.resolve(pe.patch()).toString(), bytes).requireClean();
                pe.seal().ifPresent(s -> assertThat(s.patch())
                        .as("patch sha256 of " + e.id())
                        .isEqualTo(Hashes.sha256(bytes)));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("pinsFiles")
    void pinsParseAndNameShippedPatchsets(Path file) {
        Pins pins = PinsReader.read(file);
        assertThat(pins.roots()).isNotEmpty();
        for (String name : pins.patchsets()) {
            assertThat(PatchsetStore.tomlOf(pins.patchsetFolder(name)))
                    .as("patchset " + name)
                    .isRegularFile();
        }
    }

    @ParameterizedTest
    @MethodSource("lockFiles")
    void lockFilesReadBackByteIdentically(Path file) throws IOException {
        assertThat(LockFile.render(LockFile.read(file))).isEqualTo(Files.readAllBytes(file));
    }

    private static Stream<Path> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Stream.empty();
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> sorted = s.sorted().toList();
            return sorted.stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
