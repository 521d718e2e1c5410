package io.patchpin.sed;

import static io.patchpin.testkit.Asserts.assertThat;

import org.junit.jupiter.api.Test;

/** One sed script as an s command: delimiters, escapes, flags, and the reason it is not one. */
class SedCommandParseTest {

    private static SedSubstitution.Unconvertible refusal(String script) {
        try {
            SedSubstitution.parse(script);
        } catch (SedSubstitution.Unconvertible u) {
            return u;
        }
        throw new AssertionError("not refused: " + script);
    }

    @Test
    void delimitersAndTheirEscapes() {
        assertThat(SedSubstitution.parse("s,a\\,b,c\\,d,"))
                .isEqualTo(new SedSubstitution("a,b", "c,d", false, 0, false));
        // a delimiter that is also a regex operator keeps its backslash: sed reads it as the operator
        assertThat(SedSubstitution.parse("s|a\\|b|c|").pattern()).isEqualTo("a\\|b");
        assertThat(SedSubstitution.parse("s/a\\.b/c/").pattern()).isEqualTo("a\\.b");
        assertThat(SedSubstitution.parse("  s/a/b/  ")).isEqualTo(new SedSubstitution("a", "b", false, 0, false));
    }

    @Test
    void flags() {
        assertThat(SedSubstitution.parse("s/a/b/gI")).isEqualTo(new SedSubstitution("a", "b", true, 0, true));
        assertThat(SedSubstitution.parse("s/a/b/i12")).isEqualTo(new SedSubstitution("a", "b", false, 12, true));
        assertThat(refusal("s/a/b/2g").reason()).isEqualTo(SedSubstitution.Reason.NTH_AND_GLOBAL);
        assertThat(refusal("s/a/b/1234567890")).hasMessage("occurrence number 1234567890 is out of range");
        assertThat(refusal("s/a/b/p")).hasMessage("flag 'p'");
        assertThat(refusal("s/a/b/;s/c/d/").reason()).isEqualTo(SedSubstitution.Reason.SEVERAL_COMMANDS);
        assertThat(refusal("s/a/b/g\ns/c/d/").reason()).isEqualTo(SedSubstitution.Reason.SEVERAL_COMMANDS);
    }

    @Test
    void malformed() {
        assertThat(refusal("s a b ").reason()).isEqualTo(SedSubstitution.Reason.UNUSUAL_DELIMITER);
        assertThat(refusal("s\\a\\b\\").reason()).isEqualTo(SedSubstitution.Reason.UNUSUAL_DELIMITER);
        assertThat(refusal("s/a/b").reason()).isEqualTo(SedSubstitution.Reason.UNTERMINATED);
        assertThat(refusal("s/a\\/").reason()).isEqualTo(SedSubstitution.Reason.UNTERMINATED);
    }

    @Test
    void otherCommandsNameThemselves() {
        assertThat(refusal("/CFLAGS/d")).hasMessage("delete command (/CFLAGS/d)");
        assertThat(refusal("12d").reason()).isEqualTo(SedSubstitution.Reason.DELETE_COMMAND);
        assertThat(refusal("$d").reason()).isEqualTo(SedSubstitution.Reason.DELETE_COMMAND);
        assertThat(refusal("3i hello").reason()).isEqualTo(SedSubstitution.Reason.INSERT_AT_ADDRESS);
        assertThat(refusal("/x/a tail").reason()).isEqualTo(SedSubstitution.Reason.INSERT_AT_ADDRESS);
        assertThat(refusal("12ifoo").reason()).isEqualTo(SedSubstitution.Reason.INSERT_AT_ADDRESS);
        assertThat(refusal("y/abc/xyz/")).hasMessage("not an s command (y/abc/xyz/)");
        assertThat(refusal("d")).hasMessage("not an s command (d)");
        assertThat(refusal("")).hasMessage("not an s command ()");
        assertThat(refusal("y/abcdefghijklmnopqrstuvwxyz/ABCDEFGHIJKLMNOPQRSTUVWXYZ/"))
                .hasMessage("not an s command (y/abcdefghijklmnopqrstuvwxyz/A...)");
    }
}
