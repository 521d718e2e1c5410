package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;

import org.junit.jupiter.api.Test;

/**
 * RFC 2047 words in a mail's headers are decoded as {@code git mailinfo} decodes them: the space between two
 * encoded words goes, a word that cannot be decoded stays as written.
 */
class EncodedWordsDecodeAsMailinfoDoesTest {
    @Test
    void quotedAndBase64WordsDecodeAndTheSpaceBetweenThemGoes() {
        assertThat(EncodedWords.decode("=?UTF-8?q?Ren=C3=A9_L?= =?utf-8?B?w6k=?= <r@example.org>"))
                .isEqualTo("René Lé <r@example.org>");
    }

    @Test
    void aLanguageAfterTheCharsetIsIgnored() {
        assertThat(EncodedWords.decode("=?UTF-8*fr?Q?caf=C3=A9?=")).isEqualTo("café");
    }

    @Test
    void aBrokenEscapeIsKeptAsItsBytes() {
        assertThat(EncodedWords.decode("=?ISO-8859-1?Q?a=ZZb=4?=")).isEqualTo("a=ZZb=4");
    }

    @Test
    void aWordInAnUnknownCharsetOrBadBase64StaysAsWrittenWithItsSpaces() {
        assertThat(EncodedWords.decode("=?x-no-such?Q?a?= =?UTF-8?B?not*base64?= =?UTF-8?Q?b?="))
                .isEqualTo("=?x-no-such?Q?a?= =?UTF-8?B?not*base64?= b");
        assertThat(EncodedWords.decode("=?a,b?Q?x?= plain")).isEqualTo("=?a,b?Q?x?= plain");
    }

    @Test
    void textBetweenWordsThatIsNotBlankIsKept() {
        assertThat(EncodedWords.decode("=?UTF-8?Q?a?= and =?UTF-8?Q?b?=")).isEqualTo("a and b");
    }
}
