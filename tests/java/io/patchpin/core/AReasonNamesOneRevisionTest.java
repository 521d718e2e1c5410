package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where a verdict's reason names the revision it was checked at: one revision per reason, its places kept as
 * the reason grows, and a mention that does not fit its text found as the fault it is.
 */
class AReasonNamesOneRevisionTest {
    private static final String A = "a".repeat(40);
    private static final String B = "b".repeat(40);

    @Test
    void joiningAReasonWithoutAMentionKeepsTheOther() {
        RevisionMention a = RevisionMention.atEnd("at " + A.substring(0, 12), A);
        assertThat(a.plus(RevisionMention.NONE, 7)).isSameAs(a);
        assertThat(RevisionMention.NONE.plus(a, 7)).isEqualTo(new RevisionMention(A, List.of(10)));
        assertThat(a.plus(a, 20).offsets()).containsExactly(3, 23);
    }

    @Test
    void aReasonNamingTwoRevisionsIsAFault() {
        RevisionMention a = RevisionMention.atEnd("at " + A.substring(0, 12), A);
        RevisionMention b = RevisionMention.atEnd("at " + B.substring(0, 12), B);
        assertThatThrownBy(() -> a.plus(b, 20))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("one reason names two revisions");
        assertThatThrownBy(() -> new RevisionMention(null, List.of(3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a revision mention needs both a commit and a place");
        assertThatThrownBy(() -> new RevisionMention(A, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMentionFitsOnlyWhereItsAbbreviationIs() {
        String text = "at " + A.substring(0, 12);
        assertThat(RevisionMention.atEnd(text, A).fits(text)).isTrue();
        assertThat(RevisionMention.NONE.fits(text)).isTrue();
        assertThat(new RevisionMention(A, List.of(-1)).fits(text)).isFalse();
        assertThat(new RevisionMention(A, List.of(5)).fits(text)).isFalse();
        assertThat(new RevisionMention(A, List.of(0)).fits(text)).isFalse();
        assertThat(RevisionMention.atEnd(null, null)).isSameAs(RevisionMention.NONE);
    }

    @Test
    void aReasonIsRebuiltNamingAnotherRevisionAtEveryPlace() {
        String text = A.substring(0, 12) + " and " + A.substring(0, 12) + ".";
        RevisionMention m = new RevisionMention(A, List.of(0, 17));
        assertThat(m.rebuild(text, B)).isEqualTo(B.substring(0, 12) + " and " + B.substring(0, 12) + ".");
    }
}
