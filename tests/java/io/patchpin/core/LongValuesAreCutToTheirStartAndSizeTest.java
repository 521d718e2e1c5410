package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A diagnostic line echoing input stays within {@link ShortLine#MAX} UTF-8 bytes: long values keep their start
 * (never half a character) and their size, and the opening that names the file and line is kept whole.
 */
class LongValuesAreCutToTheirStartAndSizeTest {
    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void aShortLineIsKeptAsItIs() {
        String line = "patchpin: p.toml:3: unknown key 'fnid'";
        assertThat(ShortLine.of(line)).isSameAs(line);
    }

    @Test
    void aLineFewCharactersLongButManyBytesLongIsCutByItsBytes() {
        String line = "patchpin: p.toml:3: bad id " + "中".repeat(300);
        String cut = ShortLine.of(line);
        assertThat(cut).isEqualTo("patchpin: p.toml:3: bad id " + "中".repeat(66) + "… (900 bytes)");
    }

    @Test
    void aLongQuotedValueKeepsItsQuotesAroundItsStartAndSize() {
        String value = "é ".repeat(200);
        String cut = ShortLine.of("patchpin: --find: no match for \"" + value + "\" in f.txt");
        assertThat(cut).startsWith("patchpin: --find: no match for \"é é ").endsWith("…\" (600 bytes) in f.txt");
        assertThat(bytes(cut)).isLessThanOrEqualTo(ShortLine.MAX);
    }

    @Test
    void aLineOfManyShortWordsKeepsItsStartAndEndAroundWhatWasCut() {
        String line = "patchpin: f.txt:9: " + "word😀 ".repeat(200) + "end";
        String cut = ShortLine.of(line);
        assertThat(bytes(cut)).isLessThanOrEqualTo(ShortLine.MAX);
        assertThat(cut)
                .startsWith("patchpin: f.txt:9: word😀 word😀")
                .contains(" bytes) …")
                .endsWith("word😀 end");
    }

    @Test
    void anOpeningTooLongToKeepWholeIsCutAsTheRest() {
        String line = "patchpin: " + "x".repeat(700) + ": reason";
        String cut = ShortLine.of(line);
        assertThat(cut).isEqualTo("patchpin: " + "x".repeat(200) + "… (701 bytes) reason");
    }
}
