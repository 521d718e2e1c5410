package io.patchpin.structure;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Entry kinds are told apart in one place: the behaviour in {@code kind/}, the records and their TOML in
 * {@code patchset/}. Anywhere else a test of an entry's kind (instanceof, a cast, a switch or comparison on
 * its Kind) is a place a new kind would be silently missed.
 */
class EntryKindPlaceTest {
    private static final Path SOURCES = Path.of("src/main/java/io/patchpin");
    private static final List<String> PLACES = List.of("kind", "patchset");
    private static final String KINDS = "(?:RewriteEntry|InsertEntry|PatchEntry|TextEntry)";
    private static final Pattern TEST_OF_KIND = Pattern.compile("instanceof\\s+" + KINDS + "\\b"
            + "|\\(\\s*" + KINDS + "\\s*\\)\\s*[\\w(]"
            + "|\\b" + KINDS + "\\.class\\b"
            + "|\\bKind\\.(?:REWRITE|INSERT|PATCH)\\b"
            + "|\\bcase\\s+(?:REWRITE|INSERT|PATCH)\\b");
    /** Every form of the test holds one of these words: a line without them is not given to the pattern. */
    private static final List<String> WORDS = List.of("Entry", "Kind.", "case");

    @Test
    void noTestOfAnEntrysKindOutsideItsPlace() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f ->
                            !PLACES.contains(SOURCES.relativize(f).getName(0).toString()))
                    .sorted()
                    .forEach(f -> found.addAll(tests(f)));
        }
        assertThat(found)
                .as("tests of an entry's kind outside kind/ and patchset/")
                .isEmpty();
    }

    @Test
    void theScanSeesEveryFormOfTheTest() {
        assertThat(Stream.of(
                                "if (e instanceof PatchEntry p) {",
                                "RewriteEntry r = (RewriteEntry) e;",
                                "filter(InsertEntry.class::isInstance)",
                                "e.kind() == Entry.Kind.PATCH",
                                "case REWRITE -> x;")
                        .filter(EntryKindPlaceTest::testsKind))
                .hasSize(5);
        assertThat(testsKind("List<PatchEntry> added = new ArrayList<>();")).isFalse();
        assertThat(testsKind("static String word(PatchEntry p) {")).isFalse();
    }

    private static boolean testsKind(String line) {
        return WORDS.stream().anyMatch(line::contains)
                && TEST_OF_KIND.matcher(line).find();
    }

    private static List<String> tests(Path file) {
        List<String> out = new ArrayList<>();
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (testsKind(line)) {
                    out.add(SOURCES.relativize(file) + ":" + (i + 1) + ": "
                            + lines.get(i).strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
