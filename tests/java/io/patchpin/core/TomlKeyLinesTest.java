package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The line of each key, table and array element, past everything in a value that looks like a key. */
class TomlKeyLinesTest {
    private static int line(String text, String... path) {
        return TomlKeyLines.of(text.split("\n", -1)).line(List.of(path));
    }

    @Test
    void quotedAndDottedKeys() {
        String text = String.join(
                "\n",
                "\"quoted.key\" = 1", // 1
                "'literal' = 2", // 2
                "\"esc\\\"aped\" = 3", // 3
                "a . b = 4", // 4
                "\t tab = 5", // 5
                "\"open = 6", // 6: an unclosed quote holds no key
                "= 7", // 7: no key
                "bare", // 8: a key without a value
                "x y = 9", // 9
                "dotted. = 10", // 10
                "");
        assertThat(line(text, "quoted.key")).isEqualTo(1);
        assertThat(line(text, "literal")).isEqualTo(2);
        assertThat(line(text, "esc\"aped")).isEqualTo(3);
        assertThat(line(text, "a", "b")).isEqualTo(4);
        assertThat(line(text, "a")).isEqualTo(4);
        assertThat(line(text, "tab")).isEqualTo(5);
        assertThat(line(text, "open = 6")).isZero();
        assertThat(line(text, "bare")).isZero();
        assertThat(line(text, "x")).isZero();
        assertThat(line(text, "dotted")).isZero();
        assertThat(line(text, "tab", "missing")).isEqualTo(5); // its nearest recorded parent
    }

    @Test
    void tablesAndArraysOfTables() {
        String text = String.join(
                "\n",
                "[entry]", // 1
                "name = \"a\"", // 2
                "[[entry.seal]]", // 3
                "k = 1", // 4
                "[[entry.seal]]", // 5
                "k = 2", // 6
                "[entry.seal.sub]", // 7: a table in the last element
                "deep = 3", // 8
                "[ \"q.t\" . 'r' ]", // 9
                "v = 4", // 10
                "[]", // 11: a header with no key
                "root = 5", // 12
                "[\"unclosed", // 13
                "after = 6", // 14
                "");
        assertThat(line(text, "entry", "name")).isEqualTo(2);
        assertThat(line(text, "entry", "seal", TomlKeyLines.index(0), "k")).isEqualTo(4);
        assertThat(line(text, "entry", "seal", TomlKeyLines.index(1), "k")).isEqualTo(6);
        assertThat(line(text, "entry", "seal", TomlKeyLines.index(1), "sub", "deep"))
                .isEqualTo(8);
        assertThat(line(text, "q.t", "r", "v")).isEqualTo(10);
        assertThat(line(text, "root")).isEqualTo(12);
        assertThat(line(text, "after")).isEqualTo(14);
    }

    @Test
    void valuesThatLookLikeKeys() {
        String text = String.join(
                "\n",
                "s = \"\"\"", // 1: a multi-line basic string
                "inside = 1", // 2
                "\"\"\" # closes", // 3
                "t = '''one line''' # x = 0", // 4
                "l = '''", // 5
                "also = 2", // 6
                "''' after = 3", // 7
                "arr = [", // 8
                "  \"a]\", 'b[', \"c\\\"]\",", // 9
                "  [1, 2],", // 10
                "notkey = 4", // 11: still in the array
                "]", // 12
                "last = 5", // 13
                "]", // 14: one close too many
                "end = 6", // 15
                "");
        assertThat(line(text, "s")).isEqualTo(1);
        assertThat(line(text, "inside")).isZero();
        assertThat(line(text, "t")).isEqualTo(4);
        assertThat(line(text, "l")).isEqualTo(5);
        assertThat(line(text, "also")).isZero();
        assertThat(line(text, "after")).isZero();
        assertThat(line(text, "arr")).isEqualTo(8);
        assertThat(line(text, "notkey")).isZero();
        assertThat(line(text, "last")).isEqualTo(13);
        assertThat(line(text, "end")).isEqualTo(15);
    }
}
