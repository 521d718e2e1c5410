package io.patchpin.report;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.core.ExitCode;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockDiff;
import io.patchpin.lock.LockEntry;
import io.patchpin.lock.PatchsetDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Diffs of two in-memory locks: components and patchsets only one side has, rendered as text and JSON. */
class LockDiffShowsAddedAndRemovedTest {
    private static final String A = "a".repeat(40);
    private static final String B = "b".repeat(40);
    private static final String D1 = "1".repeat(64);
    private static final String D2 = "2".repeat(64);

    @Test
    void componentsAndPatchsetsOnOneSideOnlyAreAddedAndRemoved() throws Exception {
        Lock before = lock(
                List.of(entry("gone", A), entry("kept", A)),
                List.of(
                        new PatchsetDigest("dropped", Optional.empty(), D1),
                        new PatchsetDigest("edited", Optional.of(A), D1)));
        Lock after = lock(
                List.of(entry("kept", A), entry("new", B)),
                List.of(
                        new PatchsetDigest("edited", Optional.of(A), D2),
                        new PatchsetDigest("fresh", Optional.empty(), D2)));
        LockDiff d = LockDiff.of(before, after);
        assertThat(d.added()).containsExactly(new LockDiff.Pinned("new", B));
        assertThat(d.removed()).containsExactly(new LockDiff.Pinned("gone", A));
        assertThat(d.moved()).isEmpty();
        assertThat(d.changed()).isEmpty();
        assertThat(d.patchsets())
                .containsExactly(
                        new LockDiff.FieldChange("dropped", "digest", Optional.of(D1), Optional.empty()),
                        new LockDiff.FieldChange("edited", "digest", Optional.of(D1), Optional.of(D2)),
                        new LockDiff.FieldChange("fresh", "digest", Optional.empty(), Optional.of(D2)));
        assertThat(d.exitCode()).isEqualTo(ExitCode.BROKEN);

        assertThat(LockReports.diffText(d))
                .isEqualTo(
                        """
                added     new  bbbbbbbbbbbb
                removed   gone  aaaaaaaaaaaa
                patchset  dropped  111111111111 -> (none)
                patchset  edited  111111111111 -> 222222222222
                patchset  fresh  (none) -> 222222222222
                1 added, 1 removed, 0 moved, 0 changed, 3 patchsets changed
                """);
        JsonNode json = new ObjectMapper().readTree(LockReports.diffJson(d));
        assertThat(json.get("same").asBoolean()).isFalse();
        assertThat(json.get("added").get(0).get("commit").asText()).isEqualTo(B);
        assertThat(json.get("removed").get(0).get("path").asText()).isEqualTo("gone");
        assertThat(json.get("patchsets").get(0).get("new").isNull()).isTrue();
        assertThat(json.get("patchsets")).hasSize(3);
    }

    @Test
    void aMoveWithHistoryListsWhatCameAndWhatWent() {
        LockDiff.Move move = new LockDiff.Move(
                "x", A, B, OptionalInt.of(1), OptionalInt.of(1), List.of("b2 new"), List.of("a1 old"));
        LockDiff d = new LockDiff(
                List.of(),
                List.of(),
                List.of(move),
                List.of(new LockDiff.FieldChange("x", "branch", Optional.empty(), Optional.of("dev"))),
                List.of());
        assertThat(LockReports.diffText(d))
                .isEqualTo(
                        """
                moved     x  aaaaaaaaaaaa -> bbbbbbbbbbbb  (1 ahead, 1 behind)
                          + b2 new
                          - a1 old
                branch    x  (none) -> dev
                0 added, 0 removed, 1 moved, 1 changed, 0 patchsets changed
                """);
        LockDiff same = LockDiff.of(lock(List.of(), List.of()), lock(List.of(), List.of()));
        assertThat(same.same()).isTrue();
        assertThat(LockReports.diffText(same)).isEqualTo("same\n");
        assertThat(same.exitCode()).isEqualTo(ExitCode.OK);
    }

    private static Lock lock(List<LockEntry> entries, List<PatchsetDigest> patchsets) {
        List<LockEntry> all = new ArrayList<>(entries);
        all.add(new LockEntry(
                ".", ".", Optional.empty(), Optional.empty(), Optional.empty(), A, false, true, Optional.empty()));
        return new Lock(Optional.empty(), A, List.of(), all, patchsets, List.of());
    }

    private static LockEntry entry(String path, String commit) {
        return new LockEntry(
                path,
                path,
                Optional.of("."),
                Optional.empty(),
                Optional.empty(),
                commit,
                false,
                true,
                Optional.empty());
    }
}
