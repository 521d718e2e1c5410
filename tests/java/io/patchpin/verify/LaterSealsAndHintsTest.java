package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.Settings;
import io.patchpin.kind.EntryCheckers;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.rewrite.Sealer;
import io.patchpin.testkit.NoFiles;
import io.patchpin.testkit.Unsealed;
import io.patchpin.workspace.FileLookup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Two sealed entries on one file: the first is applied when the file is as sealed after the second. */
class LaterSealsAndHintsTest {
    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static RewriteEntry sealed(String id, String find, String replace, String base) {
        RewriteEntry e = Unsealed.rewrite(id, ".", "f", find, replace);
        return (RewriteEntry) Sealer.seal(e, utf8(base), Settings.DEFAULT_REGEX_WORK)
                .orElseThrow()
                .entry();
    }

    private static EntryInput in(String content) {
        Map<String, FileLookup> files = content == null
                ? Map.of("f", new FileLookup.FileMissing())
                : Map.of("f", new FileLookup.Found(utf8(content), null));
        return new EntryInput(files, new NoFiles("memory"), Patchset.empty("t", Optional.empty()), Path.of("."));
    }

    @Test
    void aFileAsSealedAfterALaterEntryHoldsThisOneToo() {
        RewriteEntry first = sealed("first", "a", "b", "a\nc\n");
        RewriteEntry second = sealed("second", "c", "d", "b\nc\n");
        LaterSeals later = new LaterSeals(
                List.of(new LoadedPatchset(
                        Path.of("set"),
                        Patchset.empty("set", Optional.of("0".repeat(40)))
                                .plus(first)
                                .plus(second))),
                new EntryCheckers());

        Optional<Check> both = later.alreadyApplied(first, 0, in("b\nd\n"));
        assertThat(both).hasValueSatisfying(c -> {
            assertThat(c.verdict().verdict()).isEqualTo(Verdict.ALREADY_APPLIED);
            assertThat(c.verdict().reason())
                    .isEqualTo("file is exactly as sealed after entry second, which follows this one");
            assertThat(c.result().get("f"))
                    .hasValueSatisfying(b -> assertThat(b).isEqualTo(utf8("b\nd\n")));
        });
        assertThat(later.alreadyApplied(first, 0, in("a\nc\n"))).isEmpty();
        assertThat(later.alreadyApplied(first, 0, in("x\n"))).isEmpty();
        assertThat(later.alreadyApplied(first, 0, in(null))).isEmpty();
        assertThat(later.alreadyApplied(second, 1, in("b\nd\n"))).isEmpty();
        RewriteEntry unsealed = Unsealed.rewrite("u", ".", "f", "a", "b");
        assertThat(later.alreadyApplied(unsealed, 0, in("b\nd\n"))).isEmpty();
    }

    @Test
    void renameHintsNeedRevisionsOnBothSides() {
        RewriteEntry e = sealed("first", "a", "b", "a\nc\n");
        Check missing = Check.broken(EntryVerdict.of(e, Verdict.FILE_MISSING, "f not found", Evidence.NONE));
        assertThat(RenameHint.add(e, missing, in(null), Optional.of(new NoFiles("base"))))
                .isSameAs(missing);
        assertThat(RenameHint.add(e, missing, in(null), Optional.empty())).isSameAs(missing);
    }
}
