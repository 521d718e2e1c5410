package io.patchpin.check;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.check.Evidence.HunkFailure;
import io.patchpin.check.Evidence.HunkFailure.Reason;
import io.patchpin.check.Evidence.HunkOutcome;
import io.patchpin.check.Evidence.Hunks;
import io.patchpin.check.Evidence.Matches;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The places and words the evidence of a verdict gives, for every kind of evidence and hunk outcome. */
class EvidenceNamesItsPlacesTest {

    @Test
    void noEvidenceNamesNoPlace() {
        assertThat(Evidence.NONE.placeLines("a.c")).isEmpty();
    }

    @Test
    void matchesWithoutPlaceOrShownFallBackToNone() {
        Matches m = new Matches(2, 1, List.of(7, 3), Matches.Place.NONE, Matches.Shown.NONE);
        assertThat(m.placeLines("a.c")).containsExactly(3, 7);
        assertThat(m.place().evidence()).isFalse();
        assertThat(m.place().drift()).isEqualTo(Drift.NONE);
        assertThat(m.place().anchorLine()).isZero();
        assertThat(m.place().placeLine()).isZero();
        assertThat(m.place().lookalikes()).isEmpty();
        assertThat(m.shown().matchedSealed()).isEmpty();
        assertThat(m.shown().matchedNow()).isEmpty();
        assertThat(m.shown().linesNow()).isEmpty();
        assertThat(m.shown().linesAfter()).isEmpty();
        assertThat(m.shown().linesAbove()).isEmpty();
        assertThat(new Matches(0, -1, List.of(), Matches.Place.NONE, Matches.Shown.NONE))
                .isEqualTo(new Matches(0, -1, List.of(), Matches.Place.NONE, Matches.Shown.NONE));
    }

    @Test
    void matchesAddTheAnchorAndSealedPlaceToTheirLines() {
        Matches.Place place = new Matches.Place(true, null, 12, 20, List.of(40));
        Matches.Shown shown =
                new Matches.Shown(List.of("old"), List.of("new"), List.of("now"), List.of("after"), List.of(""));
        Matches m = new Matches(1, 1, List.of(20, 5), place, shown);
        assertThat(m.placeLines("any")).containsExactly(5, 12, 20);
        assertThat(m.place().evidence()).isTrue();
        assertThat(m.place().drift()).isEqualTo(Drift.NONE);
        assertThat(m.place().anchorLine()).isEqualTo(12);
        assertThat(m.place().placeLine()).isEqualTo(20);
        assertThat(m.place().lookalikes()).containsExactly(40);
        assertThat(m.shown().matchedSealed()).containsExactly("old");
        assertThat(m.shown().matchedNow()).containsExactly("new");
        assertThat(m.shown().linesNow()).containsExactly("now");
        assertThat(m.shown().linesAfter()).containsExactly("after");
        assertThat(m.shown().linesAbove()).containsExactly("");
        assertThat(new Matches(1, 1, List.of(), new Matches.Place(true, null, 0, 9, List.of()), null).placeLines("x"))
                .containsExactly(9);
    }

    @Test
    void hunksNameWhereTheyLandedFailedOrWereExpectedInThatFileOnly() {
        HunkOutcome applied = new HunkOutcome("a.c", 1, 10, 14, 4, 0, Optional.empty());
        HunkOutcome mismatch = HunkOutcome.failed("a.c", 2, 30, new HunkFailure(Reason.DOES_NOT_MATCH, 33, 36, 18));
        HunkOutcome wholeFile = HunkOutcome.failed("a.c", 3, 50, HunkFailure.of(Reason.FILE_DOES_NOT_EXIST));
        HunkOutcome nowhere = HunkOutcome.failed("a.c", 4, 0, HunkFailure.of(Reason.FILE_ALREADY_EXISTS));
        HunkOutcome other = new HunkOutcome("b.c", 1, 70, 70, 0, 0, Optional.empty());
        Hunks hunks = new Hunks(List.of(applied, mismatch, wholeFile, nowhere, other));
        assertThat(hunks.placeLines("a.c")).containsExactly(14, 33, 50);
        assertThat(hunks.placeLines("b.c")).containsExactly(70);
        assertThat(hunks.placeLines("c.c")).isEmpty();
        assertThat(applied.failed()).isFalse();
        assertThat(applied.failureText()).isEmpty();
        assertThat(mismatch.failed()).isTrue();
        assertThat(mismatch.failureText()).isEqualTo("hunk #2 (lines 33-36, patch line 18) does not match");
        assertThatThrownBy(() -> new HunkOutcome("a.c", 1, 1, 1, 0, 0, null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void everyFailureReasonHasItsWords() {
        assertThat(HunkFailure.of(Reason.FILE_DOES_NOT_EXIST).describe(1)).isEqualTo("file does not exist");
        assertThat(HunkFailure.of(Reason.FILE_ALREADY_EXISTS).describe(1)).isEqualTo("file to create already exists");
        assertThat(HunkFailure.of(Reason.DELETED_FILE_KEEPS_CONTENT).describe(1))
                .isEqualTo("deleted file still has content after the patch");
        assertThat(HunkFailure.of(Reason.RENAME_TARGET_EXISTS).describe(1)).isEqualTo("rename target already exists");
        assertThat(new HunkFailure(Reason.DOES_NOT_MATCH, 1, 2, 3).describe(5))
                .isEqualTo("hunk #5 (lines 1-2, patch line 3) does not match");
    }
}
