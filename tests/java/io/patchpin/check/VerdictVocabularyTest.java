package io.patchpin.check;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.patchset.Entry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The words verdict data is rendered in, and the defaults its records fill in. */
class VerdictVocabularyTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "DOES_NOT_MATCH|hunk #2 (lines 4-6, patch line 9) does not match",
                "FILE_DOES_NOT_EXIST|file does not exist",
                "FILE_ALREADY_EXISTS|file to create already exists",
                "DELETED_FILE_KEEPS_CONTENT|deleted file still has content after the patch",
                "RENAME_TARGET_EXISTS|rename target already exists",
            })
    void hunkFailuresInWords(Evidence.HunkFailure.Reason reason, String words) {
        Evidence.HunkFailure f = new Evidence.HunkFailure(reason, 4, 6, 9);
        Evidence.HunkOutcome o = Evidence.HunkOutcome.failed("a.c", 2, 4, f);
        assertThat(o.failed()).isTrue();
        assertThat(o.failureText()).isEqualTo(words);
    }

    @Test
    void driftWordsAndWhatARebaseMayReseal() {
        assertThat(Drift.REPLACED.words()).isEqualTo("already there elsewhere");
        assertThat(Drift.MATCH.words()).isEqualTo("match changed");
        assertThat(Drift.NONE.resealable()).isTrue();
        assertThat(Drift.CONTEXT.resealable()).isTrue();
        assertThat(Drift.LINE.resealable()).isFalse();
    }

    @Test
    void recordsFillTheirDefaults() {
        Check c = new Check(
                new EntryVerdict("e", Entry.Kind.REWRITE, ".", List.of("f"), Verdict.APPLIES, null, null, true, null),
                null,
                null);
        assertThat(c.result()).isEmpty();
        assertThat(c.executable()).isEmpty();
        assertThat(c.verdict().reason()).isEmpty();
        assertThat(c.verdict().evidence()).isEqualTo(Evidence.NONE);
        assertThat(c.appliable()).isTrue();
        Evidence.Matches m =
                new Evidence.Matches(2, 1, List.of(3, 9), Evidence.Matches.Place.NONE, Evidence.Matches.Shown.NONE);
        assertThat(m.place().drift()).isEqualTo(Drift.NONE);
        assertThat(m.place().evidence()).isFalse();
        assertThat(m.lines()).containsExactly(3, 9);
        Evidence.Matches noDrift =
                new Evidence.Matches(1, 1, List.of(1), new Evidence.Matches.Place(false, null, 0, 0, List.of()), null);
        assertThat(noDrift.place().drift()).isEqualTo(Drift.NONE);
    }
}
