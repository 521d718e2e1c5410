package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** A run's remembered digests equal freshly computed ones, whatever the caller does with its arrays afterwards. */
class DigestsTest {
    private static String fresh(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }

    @Test
    void rememberedDigestsAreTheDigestsOfTheContent() throws Exception {
        Digests digests = new Digests();
        byte[] data = "int keep = 1;\n".getBytes(StandardCharsets.UTF_8);
        String first = digests.sha256(data);
        assertThat(first).isEqualTo(fresh(data)).isEqualTo(digests.sha256(data.clone()));
        data[4] = 'X'; // the caller reuses its array
        assertThat(digests.sha256(data)).isEqualTo(fresh(data)).isNotEqualTo(first);
        assertThat(digests.sha256("int keep = 1;\n")).isEqualTo(first).isEqualTo(digests.sha256("int keep = 1;\n"));
    }

    @Test
    void largeContentsAndManyContentsAreDigestedAlike() throws Exception {
        Digests digests = new Digests();
        byte[] large = new byte[(1 << 18) + 1];
        large[7] = 7;
        assertThat(digests.sha256(large)).isEqualTo(fresh(large));
        String longText = "x".repeat(5000);
        assertThat(digests.sha256(longText)).isEqualTo(fresh(longText.getBytes(StandardCharsets.UTF_8)));
        for (int i = 0; i < 200; i++) { // past the bound: forgotten, then computed again
            byte[] b = ("line " + i).getBytes(StandardCharsets.UTF_8);
            assertThat(digests.sha256(b)).isEqualTo(fresh(b));
            assertThat(digests.sha256("line " + i)).isEqualTo(fresh(b));
        }
        byte[] again = "line 0".getBytes(StandardCharsets.UTF_8);
        assertThat(digests.sha256(again)).isEqualTo(fresh(again));
        assertThat(Hashes.digest("SHA-1").digest(again))
                .isEqualTo(MessageDigest.getInstance("SHA-1").digest(again));
    }
}
