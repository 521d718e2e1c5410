package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.Verdict;
import io.patchpin.core.Hashes;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchSeal;
import io.patchpin.patchset.Patchset;
import io.patchpin.testkit.Unsealed;
import io.patchpin.workspace.FileLookup;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden cases under tests/resources/golden/patch/NAME/: NAME.patch, NAME_PreImage
 * (current file; absent = missing), NAME_PostImage (expected result when appliable),
 * NAME_Base (the sealed base; absent = unsealed entry) and verdict.
 */
class GoldenPatchTest {
    static final Path ROOT = Path.of("tests/resources/golden/patch");

    static Stream<String> cases() throws IOException {
        try (Stream<Path> s = Files.list(ROOT)) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void verdictAndResultMatchTheFixture(String name) throws IOException {
        Path dir = ROOT.resolve(name);
        byte[] patch = Files.readAllBytes(dir.resolve(name + ".patch"));
        Verdict expected = Verdict.valueOf(
                Files.readString(dir.resolve("verdict"), StandardCharsets.UTF_8).trim());
        MemorySource source = new MemorySource();
        optional(dir.resolve(name + "_PreImage")).ifPresent(b -> source.file("f.txt", b));
        PatchEntry entry = entry(name, patch, optional(dir.resolve(name + "_Base")), source);

        Check check = new PatchChecker().check(entry, input(source, dir));

        assertThat(check.verdict().verdict()).as(check.verdict().detail()).isEqualTo(expected);
        Optional<byte[]> post = optional(dir.resolve(name + "_PostImage"));
        if (post.isPresent()) {
            assertThat(check.result().get("f.txt"))
                    .hasValueSatisfying(b -> assertThat(b).isEqualTo(post.get()));
        }
    }

    @org.junit.jupiter.api.Test
    void revertUndoesAnAppliedPatch() throws IOException {
        Path dir = ROOT.resolve("exact");
        byte[] patch = Files.readAllBytes(dir.resolve("exact.patch"));
        MemorySource source = new MemorySource().file("f.txt", Files.readAllBytes(dir.resolve("exact_PostImage")));
        PatchEntry entry = entry("exact", patch, optional(dir.resolve("exact_Base")), source);
        Check undo = new PatchChecker().revert(entry, input(source, dir));
        assertThat(undo.appliable()).isTrue();
        assertThat(undo.result().get("f.txt"))
                .hasValueSatisfying(b -> assertThat(b).isEqualTo(uncheckedRead(dir.resolve("exact_PreImage"))));
    }

    static byte[] uncheckedRead(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static EntryInput input(MemorySource source, Path dir) {
        Map<String, FileLookup> files = Map.of("f.txt", source.read(".", "f.txt"));
        return new EntryInput(files, source, Patchset.empty("golden", Optional.of("0".repeat(40))), dir);
    }

    static PatchEntry entry(String name, byte[] patch, Optional<byte[]> base, MemorySource source) {
        PatchEntry e = Unsealed.patch(name, ".", name + ".patch", List.of("f.txt"));
        if (base.isEmpty()) {
            return e;
        }
        source.blob(base.get());
        ParsedPatch parsed = PatchParser.parse(name, patch).requireClean();
        PatchRun after =
                PatchRun.run(parsed, new PatchPaths(1, ""), Map.of("f.txt", Optional.of(FileLines.of(base.get()))), 0);
        if (!after.ok()) {
            throw new IllegalStateException("fixture patch " + name + " does not apply to its base");
        }
        String afterId = BlobIds.of(after.result().get("f.txt").orElseThrow().bytes());
        return e.with(
                e.common(),
                Optional.of(new PatchSeal(
                        Hashes.sha256(patch),
                        List.of(new PatchSeal.FileSeal(
                                "f.txt", Optional.of(BlobIds.of(base.get())), Optional.of(afterId))),
                        e.definitionDigest())));
    }

    static Optional<byte[]> optional(Path p) throws IOException {
        return Files.exists(p) ? Optional.of(Files.readAllBytes(p)) : Optional.empty();
    }
}
