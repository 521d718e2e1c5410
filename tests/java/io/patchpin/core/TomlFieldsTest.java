package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TOML read with the file and line of every problem: format versions, typed fields, numbers of every kind. */
class TomlFieldsTest {

    private static TomlDocument doc(String text) {
        return TomlDocument.parse("p.toml", text.getBytes(StandardCharsets.UTF_8));
    }

    private static BadInputException bad(Runnable r) {
        try {
            r.run();
        } catch (BadInputException e) {
            return e;
        }
        throw new AssertionError("accepted");
    }

    @Test
    void formatVersions() {
        doc("format = 1\n").requireFormat(1);
        assertThat(bad(() -> doc("x = 1\n").requireFormat(1)).oneLine()).isEqualTo("p.toml:1: missing 'format = 1'");
        assertThat(bad(() -> doc("\nformat = \"1\"\n").requireFormat(1)).oneLine())
                .isEqualTo("p.toml:2: 'format' must be a number");
        assertThat(bad(() -> doc("format = 2\n").requireFormat(1)).getMessage())
                .isEqualTo("format 2 is newer than this patchpin understands (1); upgrade patchpin");
        assertThat(bad(() -> doc("format = 99999999999\n").requireFormat(1)).getMessage())
                .startsWith("format 99999999999 is newer");
        assertThat(bad(() -> doc("format = 0\n").requireFormat(1)).getMessage()).isEqualTo("unknown format 0");
    }

    @Test
    void aFileThatCannotBeReadIsBadInputNamingIt(@TempDir Path tmp) throws IOException {
        Path missing = tmp.resolve("patchset.toml");
        assertThat(bad(() -> TomlDocument.read(missing)).oneLine()).isEqualTo(missing + ": no such file");
        assertThat(bad(() -> TomlDocument.read(tmp)).getMessage()).startsWith("cannot read: ");
        Files.writeString(missing, "format = 1\r\ntext = '''\r\ntwo\r\n'''\r\n");
        assertThat(TomlDocument.read(missing).root().get("text").asText()).isEqualTo("two\n");
    }

    @Test
    void invalidTomlNamesItsLine() {
        BadInputException e = bad(() -> doc("a = 1\nb = = 2\n"));
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.getMessage()).startsWith("invalid TOML: ");
    }

    @Test
    void numbersOfEveryKind() {
        TomlDocument d = doc("i = 7\nl = 9000000000\nbig = 99999999999999999999\nf = 1.5\ne = 1e400\nt = true\n"
                + "when = 1979-05-27T07:32:00Z\n");
        assertThat(d.root().get("i").isInt()).isTrue();
        assertThat(d.root().get("l").isLong()).isTrue();
        assertThat(d.root().get("big").isBigInteger()).isTrue();
        assertThat(d.root().get("f").asDouble()).isEqualTo(1.5);
        assertThat(d.root().get("e").isNumber()).isTrue();
        assertThat(d.root().get("t").asBoolean()).isTrue();
        assertThat(d.root().get("when").asText()).startsWith("1979-05-27");
        TomlDocument odd = doc("i = inf\nn = nan\n");
        assertThat(odd.root().get("i").asDouble()).isInfinite();
        assertThat(odd.root().get("n").asDouble()).isNaN();
        assertThat(doc("").root().isEmpty()).isTrue();
    }

    @Test
    void typedFieldsReportAtTheirKeysLine() {
        TomlDocument d = doc(
                """
                format = 1

                [[entry]]
                id = "a"
                flag = "yes"
                n = 1.5
                huge = 99999999999999999999
                small = 5
                list = "x"
                mixed = ["a", 1]
                commit = "XYZ"
                sum = "abc"
                """);
        TomlDocument.Fields f = d.fields(d.root().get("entry").get(0), d.lineOfArrayTable("entry", 0), "entry 'a'");
        assertThat(f.line()).isEqualTo(3);
        assertThat(bad(() -> f.string("missing")).oneLine()).isEqualTo("p.toml:3: entry 'a': missing 'missing'");
        assertThat(bad(() -> f.string("n")).oneLine()).isEqualTo("p.toml:6: entry 'a': 'n' must be a string");
        assertThat(bad(() -> f.bool("flag", false)).oneLine())
                .isEqualTo("p.toml:5: entry 'a': 'flag' must be true or false");
        assertThat(f.bool("absent", true)).isTrue();
        assertThat(bad(() -> f.integer("absent")).getMessage()).isEqualTo("entry 'a': missing 'absent'");
        assertThat(bad(() -> f.integer("n")).getMessage()).isEqualTo("entry 'a': 'n' must be a whole number");
        assertThat(bad(() -> f.integer("huge")).getMessage())
                .isEqualTo("entry 'a': 'huge' = 99999999999999999999 is out of range");
        assertThat(f.integer("small", 1, 9)).isEqualTo(5);
        assertThat(bad(() -> f.integer("small", 6, 9)).getMessage())
                .isEqualTo("entry 'a': 'small' = 5 is out of range (6..9)");
        assertThat(bad(() -> f.integer("small", 1, 4)).line()).isEqualTo(8);
        assertThat(f.strings("absent")).isEmpty();
        assertThat(bad(() -> f.strings("list")).getMessage())
                .isEqualTo("entry 'a': 'list' must be an array of strings");
        assertThat(bad(() -> f.strings("mixed")).line()).isEqualTo(10);
        assertThat(bad(() -> f.objectId("commit")).getMessage())
                .isEqualTo("entry 'a': 'commit' must be a 40-hex git object id, not 'XYZ'");
        assertThat(bad(() -> f.sha256("sum")).getMessage())
                .isEqualTo("entry 'a': 'sum' must be a 64-hex sha256, not 'abc'");
        assertThat(f.optionalString("absent", "dflt")).isEqualTo("dflt");
        assertThat(f.optionalString("id", "dflt")).isEqualTo("a");
        TomlDocument.Fields top = d.fields(d.root(), 0, "");
        assertThat(bad(() -> top.string("nope")).getMessage()).isEqualTo("missing 'nope'");
        assertThat(bad(() -> top.string("format")).getMessage()).isEqualTo("'format' must be a string");
        TomlDocument.Fields nested = top.nested(d.root(), "seal");
        assertThat(bad(() -> nested.string("nope")).getMessage()).isEqualTo("seal: missing 'nope'");
        assertThat(bad(() -> f.nested(d.root(), "seal").string("nope")).getMessage())
                .isEqualTo("entry 'a' seal: missing 'nope'");
    }

    @Test
    void linesOfTablesAndKeys() {
        TomlDocument d = doc("a = 1\n[t]\nk = 2\n[[e]]\n[[e]]\n");
        assertThat(d.lineOfTable("t")).isEqualTo(2);
        assertThat(d.lineOfTable("nope")).isZero();
        assertThat(d.lineOfKey("k")).isEqualTo(3);
        assertThat(d.lineOfKey("zz")).isZero();
        assertThat(d.lineOfArrayTable("e", 1)).isEqualTo(5);
        assertThat(d.lineOfArrayTable("e", 2)).isZero();
        assertThat(d.source()).isEqualTo("p.toml");
    }
}
