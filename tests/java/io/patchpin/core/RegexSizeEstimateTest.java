package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;

import org.junit.jupiter.api.Test;

/** The size estimate walks every RE2 construct without compiling it, and refuses the ones that would blow up. */
class RegexSizeEstimateTest {

    @Test
    void atomsCountOne() {
        assertThat(RegexSize.estimate("")).isZero();
        assertThat(RegexSize.estimate("abc")).isEqualTo(3);
        assertThat(RegexSize.estimate("a|b")).isEqualTo(3);
        assertThat(RegexSize.estimate("(ab)")).isEqualTo(4);
        assertThat(RegexSize.estimate("(ab")).isEqualTo(4);
        assertThat(RegexSize.estimate("a)b")).isEqualTo(2); // a stray ')' is RE2's to refuse
    }

    @Test
    void quantifiersMultiplyByTheirLargestCount() {
        assertThat(RegexSize.estimate("a*")).isEqualTo(2);
        assertThat(RegexSize.estimate("a+?")).isEqualTo(2);
        assertThat(RegexSize.estimate("a{3}")).isEqualTo(4);
        assertThat(RegexSize.estimate("a{2,5}?")).isEqualTo(6);
        assertThat(RegexSize.estimate("a{4,}")).isEqualTo(6);
        assertThat(RegexSize.estimate("a{0}")).isEqualTo(2);
        // not a repetition: '{' is literal
        assertThat(RegexSize.estimate("a{x}")).isEqualTo(4);
        assertThat(RegexSize.estimate("a{,5}")).isEqualTo(5);
        assertThat(RegexSize.estimate("a{")).isEqualTo(2);
    }

    @Test
    void escapes() {
        assertThat(RegexSize.estimate("\\")).isEqualTo(1);
        assertThat(RegexSize.estimate("\\d\\.")).isEqualTo(2);
        assertThat(RegexSize.estimate("\\Qa.b\\E")).isEqualTo(3);
        assertThat(RegexSize.estimate("\\Qa.b\\Ec")).isEqualTo(4);
        assertThat(RegexSize.estimate("\\Qab")).isEqualTo(2);
        assertThat(RegexSize.estimate("\\Q")).isEqualTo(1);
        assertThat(RegexSize.estimate("\\p{Greek}x")).isEqualTo(2);
        assertThat(RegexSize.estimate("\\p{Greek")).isEqualTo(1);
        assertThat(RegexSize.estimate("\\pLx")).isEqualTo(2);
        assertThat(RegexSize.estimate("\\PL")).isEqualTo(1);
        assertThat(RegexSize.estimate("\\p")).isEqualTo(1);
        assertThat(RegexSize.estimate("\\x41y")).isEqualTo(2);
        assertThat(RegexSize.estimate("\\x{41}y")).isEqualTo(2);
        assertThat(RegexSize.estimate("\\x4")).isEqualTo(1);
    }

    @Test
    void classesCountOne() {
        assertThat(RegexSize.estimate("[abc]")).isEqualTo(1);
        assertThat(RegexSize.estimate("[]a]b")).isEqualTo(2);
        assertThat(RegexSize.estimate("[^]a]b")).isEqualTo(2);
        assertThat(RegexSize.estimate("[\\]a]b")).isEqualTo(2);
        assertThat(RegexSize.estimate("[[:alpha:]_]b")).isEqualTo(2);
        assertThat(RegexSize.estimate("[[:alpha]b")).isEqualTo(2); // "[:" without ":]": the class ends at the first ']'
        assertThat(RegexSize.estimate("[ab")).isEqualTo(1);
    }

    @Test
    void hugeRepetitionsSaturateAndAreRefused() {
        assertThat(RegexSize.problem("(a{100}){50}")).isEmpty();
        assertThat(RegexSize.problem("((a{1000}){1000}){1000}"))
                .contains("regular expression too large: its program would have 1003003001 instructions (limit 10000)");
        assertThat(RegexSize.problem("a{9999999999999}"))
                .hasValueSatisfying(p -> assertThat(p).contains("more than "));
        assertThat(RegexSize.problem("((((a{99999}){99999}){99999}){99999}){99999}"))
                .hasValueSatisfying(p -> assertThat(p).contains("more than " + Long.MAX_VALUE / 4));
    }
}
