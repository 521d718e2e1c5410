package io.patchpin.patchset;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.testkit.BadInputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every malformed patchset.toml shape is bad input at its line; odd-but-valid entries read and render back. */
class PatchsetTomlRefusalsNameTheLineTest {
    private static final String BASE = "a".repeat(40);
    private static final String SHA = "1".repeat(64);
    private static final String HEAD = "format = 1\nname = \"s\"\n";
    private static final String REWRITE =
            "\n[[entry]]\nid = \"r\"\nkind = \"rewrite\"\ncomponent = \".\"\nfile = \"a.txt\"\n"
                    + "find = \"x\"\nreplace = \"y\"\n";
    private static final String INSERT =
            "\n[[entry]]\nid = \"i\"\nkind = \"insert\"\ncomponent = \".\"\nfile = \"a.txt\"\n"
                    + "anchor = \"x\"\ntext = \"y\"\n";
    private static final String PATCH =
            "\n[[entry]]\nid = \"p\"\nkind = \"patch\"\ncomponent = \".\"\npatch = \"p.patch\"\n";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            env not a table    | HEAD env = 3\\n                                   | 3 | [env]: must be a table
            entry not tables   | HEAD entry = 3\\n                                 | 0 | 'entry' must be an array of tables
            bad id             | REWRITE id = "r r"\\n                              | 4 | id 'r r' must be letters
            unknown kind       | REWRITE kind = "sed"\\n                            | 4 | unknown kind 'sed'
            empty find         | REWRITE find = ""\\n                               | 4 | 'find' is empty
            zero occurrence    | REWRITE occurrence = 0\\n                          | 4 | 'occurrence' must be "all" or a positive number
            boolean occurrence | REWRITE occurrence = true\\n                       | 4 | 'occurrence' must be
            float occurrence   | REWRITE occurrence = 2.0\\n                        | 4 | 'occurrence' must be
            bad regex          | REWRITE regex = true\\nfind = "(x"\\n              | 9 | invalid RE2 regular expression
            empty anchor       | INSERT anchor = ""\\n                              | 4 | 'anchor' is empty
            bad position       | INSERT position = "middle"\\n                      | 4 | 'position' must be "after" or "before"
            bad regex anchor   | INSERT regex = true\\nanchor = "[x"\\n             | 9 | invalid RE2 regular expression
            patch in folder    | PATCH patch = "sub/p.patch"\\n                     | 8 | 'patch' must name a file directly inside
            upstream scalar    | PATCH upstream = "merged"\\n                       | 4 | upstream: must be a table
            upstream url       | PATCH [entry.upstream]\\nstatus = "submitted"\\nurl = "ftp://x"\\n | 4 | upstream: upstream url 'ftp://x' is not an http(s) URL
            upstream status    | PATCH [entry.upstream]\\nstatus = "gone"\\n        | 10 | status 'gone' must be pending
            bad context        | REWRITE [entry.seal]\\nbefore = "S"\\nafter = "S"\\nmatches = 1\\ncontext = ["x"]\\ndigest = "S"\\n | 5 | seal: 'context' must hold 64-hex sha256 values
            places not tables  | REWRITE [entry.seal]\\nbefore = "S"\\nafter = "S"\\nmatches = 1\\ncontext = []\\ndigest = "S"\\nplace = 3\\n | 5 | 'seal.place' must be an array of tables
            place line zero    | REWRITE [entry.seal]\\nbefore = "S"\\nafter = "S"\\nmatches = 1\\ncontext = []\\ndigest = "S"\\n[[entry.seal.place]]\\nline = 0\\nmatched = "x"\\nmatched_lines = "S"\\nedited = "S"\\nedited_lines = 1\\nabove = []\\nbelow = []\\n | 5 | place line and edited_lines must be positive
            place bad hash     | REWRITE [entry.seal]\\nbefore = "S"\\nafter = "S"\\nmatches = 1\\ncontext = []\\ndigest = "S"\\n[[entry.seal.place]]\\nline = 1\\nmatched = "x"\\nmatched_lines = "S"\\nedited = "S"\\nedited_lines = 1\\nabove = ["zz"]\\nbelow = []\\n | 5 | context line hash is not
            sealed without base | REWRITE [entry.seal]\\nbefore = "S"\\nafter = "S"\\nmatches = 1\\ncontext = []\\ndigest = "S"\\n | 0 | entry 'r' is sealed but the patchset has no base
            twice              | REWRITE REWRITE                                  | 0 | duplicate entry id 'r'
            """)
    void malformedPatchsetsAreBadInputAtTheirLine(String what, String spec, int line, String message)
            throws IOException {
        String text = HEAD
                + String.join(
                        "",
                        Arrays.stream(spec.split(" (?=REWRITE|INSERT|PATCH)"))
                                .map(PatchsetTomlRefusalsNameTheLineTest::entry)
                                .toList());
        text = text.replace("\"S\"", "\"" + SHA + "\"");
        if (what.equals("bad context") || what.equals("places not tables") || what.startsWith("place ")) {
            text = text.replace(HEAD, HEAD + "base = \"" + BASE + "\"\n");
        }
        Path dir = write(text);
        BadInputs.refusedAt(what, () -> PatchsetStore.read(dir), dir.resolve("patchset.toml"), line, message);
    }

    /** "REWRITE find = \"\"\\n..." is the rewrite entry with its find replaced; keys it lacks, and tables, are appended. */
    private static String entry(String spec) {
        String kind = spec.replaceFirst(" .*", "").strip();
        String rest = spec.substring(kind.length()).replace("\\n", "\n").strip();
        String text =
                switch (kind) {
                    case "REWRITE" -> REWRITE;
                    case "INSERT" -> INSERT;
                    case "PATCH" -> PATCH;
                    case "HEAD" -> "";
                    default -> throw new IllegalArgumentException(kind);
                };
        StringBuilder tail = new StringBuilder();
        boolean inTable = false;
        for (String l : rest.isEmpty() ? new String[0] : rest.split("\n")) {
            inTable |= l.startsWith("[");
            String key = l.replaceFirst(" = .*", "");
            Matcher m = Pattern.compile("(?m)^" + Pattern.quote(key) + " = .*$").matcher(text);
            if (!inTable && m.find()) {
                text = text.substring(0, m.start()) + l + text.substring(m.end());
            } else {
                tail.append(l).append('\n');
            }
        }
        return text + tail;
    }

    @Test
    void oddButValidEntriesReadAndRenderBack() throws IOException {
        String text = HEAD + "base = \"" + BASE + "\"\n"
                + REWRITE + "occurrence = \"2\"\n"
                + INSERT + "position = \"before\"\n[entry.upstream]\nstatus = \"Merged\"\ncommit = \"ABCDEF1\"\n"
                + PATCH + "directory = \".\"\nstrip = 0\nfiles = [\"a.txt\"]\n"
                + "[entry.seal]\npatch = \"" + SHA + "\"\ndigest = \"" + SHA + "\"\n"
                + "[[entry.seal.file]]\npath = \"a.txt\"\nbefore = \"\"\nafter = \"" + BASE + "\"\n";
        Path dir = write(text);
        Patchset set = PatchsetStore.read(dir);
        RewriteEntry r = (RewriteEntry) set.entry("r").orElseThrow();
        assertThat(r.occurrence()).isEqualTo(new Occurrence(2));
        assertThat(r.occurrence()).hasToString("2");
        InsertEntry i = (InsertEntry) set.entry("i").orElseThrow();
        assertThat(i.position()).isEqualTo(InsertEntry.Position.BEFORE);
        assertThat(i.upstream()).isEqualTo(new Upstream(Optional.of(Upstream.Status.MERGED), "", "abcdef1"));
        PatchEntry p = (PatchEntry) set.entry("p").orElseThrow();
        assertThat(p.directory()).isEmpty();
        assertThat(p.strip()).isZero();
        assertThat(p.seal().orElseThrow().files())
                .containsExactly(new PatchSeal.FileSeal("a.txt", Optional.empty(), Optional.of(BASE)));
        assertThat(set.shortBase()).isEqualTo(BASE.substring(0, 12));

        String rendered = PatchsetStore.render(set);
        assertThat(rendered)
                .contains(
                        "occurrence = 2\n",
                        "position = \"before\"\n",
                        "strip = 0\n",
                        "[entry.upstream]\nstatus = \"merged\"\ncommit = \"abcdef1\"\n");
        assertThat(PatchsetStore.read(write(rendered))).isEqualTo(set);
    }

    @Test
    void aMissingFolderIsNamed() {
        Path gone = tmp.resolve("gone");
        assertThatThrownBy(() -> PatchsetStore.read(gone))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                        .isEqualTo(gone + ": no such patchset folder"));
        assertThat(PatchsetStore.validId(null)).isFalse();
        assertThat(PatchsetStore.validId("-x")).isFalse();
        assertThat(PatchsetStore.validId("x-1.2_b")).isTrue();
    }

    @Test
    void recordsRefuseWhatTheFileCouldNeverHold() {
        assertThatThrownBy(() -> new Occurrence(-1)).hasMessageContaining("'all' or a positive number");
        assertThat(Occurrence.parse(null)).contains(Occurrence.ALL);
        assertThat(Occurrence.parse("ALL")).contains(Occurrence.ALL);
        assertThat(Occurrence.parse(" 3 ")).contains(new Occurrence(3));
        assertThat(Occurrence.parse("-3")).isEmpty();
        assertThatThrownBy(() -> new PatchSeal.FileSeal("a", Optional.of("x"), Optional.empty()))
                .hasMessageContaining("before is not a blob id");
        assertThatThrownBy(() -> new PatchSeal.FileSeal("a", Optional.empty(), Optional.of("x")))
                .hasMessageContaining("after is not a blob id");
        assertThatThrownBy(() -> new TextSeal(SHA, SHA, -1, List.of(), SHA, List.of()))
                .hasMessage("matches < 0");
        assertThatThrownBy(() -> new TextSeal(SHA, "x", 1, List.of(), SHA, List.of()))
                .hasMessage("after is not a sha256: x");
        assertThat(new TextSeal(SHA, SHA, 1, List.of(SHA), SHA, null).hasPlaces())
                .isFalse();
        assertThatThrownBy(() -> new PatchEntry(
                        Entry.Common.of("p", ".", null, List.of()),
                        "p.patch",
                        null,
                        -1,
                        List.of(),
                        null,
                        null,
                        0,
                        Optional.empty()))
                .hasMessage("strip < 0");
        PatchEntry bare = new PatchEntry(
                new Entry.Common("p", ".", null, List.of(), null, null),
                "p.patch",
                null,
                1,
                List.of(),
                null,
                null,
                0,
                Optional.empty());
        assertThat(List.of(bare.directory(), bare.author(), bare.subject(), bare.why()))
                .containsOnly("");
        assertThat(bare.upstream()).isEqualTo(Upstream.NONE);
        assertThatThrownBy(() ->
                        new Patchset("s", null, Optional.of("HEAD"), List.of(), new TreeMap<>(), List.of(), List.of()))
                .hasMessage("base is not a 40-hex commit: HEAD");
        assertThat(new Patchset("s", null, Optional.empty(), List.of(), new TreeMap<>(Map.of()), List.of(), List.of())
                        .summary())
                .isEmpty();
    }

    @Test
    void upstreamRecordsFromLooseParts() {
        assertThat(Upstream.of(null, null, null)).isSameAs(Upstream.NONE);
        assertThat(Upstream.of("", "", "")).isSameAs(Upstream.NONE);
        assertThat(Upstream.of(null, "https://example.org/pr/1", null).status()).contains(Upstream.Status.SUBMITTED);
        assertThat(Upstream.of("", null, "abcdef1").status()).contains(Upstream.Status.MERGED);
        assertThat(Upstream.of("backport", "https://example.org/pr/1", "abcdef1")
                        .status())
                .contains(Upstream.Status.BACKPORT);
        assertThatThrownBy(() -> Upstream.of("someday", null, null)).hasMessageContaining("upstream status 'someday'");
        assertThatThrownBy(() -> new Upstream(Optional.empty(), "https://example.org/pr/1", ""))
                .hasMessageContaining("without a status");
        assertThatThrownBy(() -> new Upstream(Optional.empty(), "", "abcdef1"))
                .hasMessageContaining("without a status");
        assertThatThrownBy(() -> new Upstream(Optional.of(Upstream.Status.MERGED), "", "xyz"))
                .hasMessageContaining("7 to 40 hex digits");
        Upstream merged = Upstream.of(null, null, "abcdef1");
        assertThat(Upstream.NONE.or(merged)).isSameAs(merged);
        assertThat(merged.or(Upstream.NONE)).isSameAs(merged);
    }

    @Test
    void longMatchesAreRecordedByTheirHash() {
        String longText = "x".repeat(1000);
        String recorded = Place.recorded(longText);
        assertThat(recorded).startsWith("sha256:");
        Place p = new Place(1, recorded, SHA, SHA, 0, List.of(), List.of());
        assertThat(p.sameMatch(longText)).isTrue();
        assertThat(p.sameMatch("x")).isFalse();
        assertThat(p.matchedForDisplay()).startsWith("(a match longer than ");
        assertThat(new Place(1, "short", SHA, SHA, 0, List.of(), List.of()).matchedForDisplay())
                .isEqualTo("short");
        assertThatThrownBy(() -> new Place(1, "x", SHA, SHA, -1, List.of(), List.of()))
                .hasMessageContaining("must be positive");
        assertThatThrownBy(() -> new Place(1, "x", SHA, SHA, 0, List.of("0123"), List.of()))
                .hasMessage("context line hash is not 16 hex digits: 0123");
    }

    private Path write(String text) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("set" + Integer.toHexString(text.hashCode())));
        Files.writeString(dir.resolve("patchset.toml"), text, StandardCharsets.UTF_8);
        return dir;
    }
}
