package io.patchpin.rewrite;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.core.Settings;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.testkit.NoFiles;
import io.patchpin.workspace.FileLookup;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden cases under tests/resources/golden/rewrite/CASE: {@code patchset.toml}
 * (one unsealed entry on file "f" of "."), {@code before} (the file at the base,
 * where the entry is sealed), optionally {@code current} (the file checked;
 * default: before), {@code after} (the file after applying, absent when
 * broken) and {@code verdict.json} ({"verdict", "detail"}). The check is also
 * reverted where it applied to prove revert gives {@code current} back.
 */
class GoldenTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<String> cases() throws IOException, URISyntaxException {
        Path root = Path.of(GoldenTest.class.getResource("/golden/rewrite").toURI());
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void golden(String name) throws Exception {
        Path dir =
                Path.of(GoldenTest.class.getResource("/golden/rewrite/" + name).toURI());
        Patchset set = PatchsetStore.read(dir);
        Entry unsealed = set.entries().get(0);
        byte[] before = Files.readAllBytes(dir.resolve("before"));
        Sealer.Sealed sealing =
                EntryKind.of(unsealed).seal(before, Settings.DEFAULT).orElseThrow();
        Entry entry = sealing.entry();
        Path currentFile = dir.resolve("current");
        byte[] current = Files.exists(currentFile) ? Files.readAllBytes(currentFile) : before;

        Check check = check(entry, input(set, current), false);
        if (System.getenv("GOLDEN_BLESS") != null) { // regenerate the expected verdicts, then review the diff
            Path src = Path.of("tests/resources/golden/rewrite", name, "verdict.json");
            Files.writeString(
                    src,
                    JSON.writerWithDefaultPrettyPrinter()
                                    .writeValueAsString(Map.of(
                                            "verdict",
                                            check.verdict().verdict().name(),
                                            "detail",
                                            check.verdict().detail()))
                            + "\n");
            Path afterSrc = src.resolveSibling("after");
            if (check.appliable() && !Files.exists(afterSrc)) {
                Files.write(afterSrc, check.result().get("f").orElseThrow());
            }
            return;
        }
        JsonNode expected = JSON.readTree(dir.resolve("verdict.json").toFile());
        assertThat(check.verdict().verdict().name())
                .isEqualTo(expected.get("verdict").asText());
        assertThat(check.verdict().detail()).isEqualTo(expected.get("detail").asText());
        Path afterFile = dir.resolve("after");
        if (Files.exists(afterFile)) {
            byte[] after = check.result().get("f").orElseThrow();
            assertThat(new String(after, StandardCharsets.ISO_8859_1))
                    .isEqualTo(new String(Files.readAllBytes(afterFile), StandardCharsets.ISO_8859_1));
            // a regex rewrite cannot be undone from its result alone (apply's revert restores the committed file)
            boolean undoable = !(entry instanceof RewriteEntry r && r.regex());
            if (undoable && !Arrays.equals(after, current)) {
                Check back = check(entry, input(set, after), true);
                assertThat(back.appliable())
                        .as("revert of %s: %s", name, back.verdict().detail())
                        .isTrue();
                assertThat(back.result().get("f").orElseThrow()).isEqualTo(current);
            }
        } else {
            assertThat(check.appliable()).isFalse();
        }
    }

    private static Check check(Entry e, EntryInput in, boolean revert) {
        if (e instanceof RewriteEntry r) {
            return revert ? new RewriteChecker().revert(r, in) : new RewriteChecker().check(r, in);
        }
        InsertEntry i = (InsertEntry) e;
        return revert ? new InsertChecker().revert(i, in) : new InsertChecker().check(i, in);
    }

    private static EntryInput input(Patchset set, byte[] content) {
        return new EntryInput(
                Map.of("f", new FileLookup.Found(content, null)), new NoFiles("golden case"), set, Path.of("."));
    }
}
