package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.patchpin.core.BadInputException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Any bytes as the head of a {@code git format-patch} mail (a "From:" line is
 * put first when the input does not start as a mail): the header reader never
 * throws, and the patch parser reading the same mail fails only as bad input.
 */
class MailHeaderFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void parse(byte[] bytes) {
        byte[] mail = asMail(bytes);
        List<String> lines = FileLines.split(new String(mail, StandardCharsets.ISO_8859_1));
        assertThat(MailHeader.isMail(lines)).isTrue();
        MailHeader h = MailHeader.parse(lines);
        assertThat(h.end()).isBetween(0, lines.size() + 1);
        try {
            PatchParser.parse("fuzz.patch", mail).requireClean();
        } catch (BadInputException expected) {
            // the documented bad-input path
        }
    }

    private static byte[] asMail(byte[] bytes) {
        List<String> lines = FileLines.split(new String(bytes, StandardCharsets.ISO_8859_1));
        if (MailHeader.isMail(lines)) {
            return bytes;
        }
        byte[] from = "From: ".getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[from.length + bytes.length];
        System.arraycopy(from, 0, out, 0, from.length);
        System.arraycopy(bytes, 0, out, from.length, bytes.length);
        return out;
    }
}
