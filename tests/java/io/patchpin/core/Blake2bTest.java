package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** BLAKE2b-512 gives the digests of RFC 7693 and of b2sum, across block boundaries. */
class Blake2bTest {
    @Test
    void digestsMatchRfc7693AndB2sum() {
        assertThat(Blake2b.hex512("abc".getBytes(StandardCharsets.US_ASCII)))
                .isEqualTo("ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
                        + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923");
        assertThat(Blake2b.hex512(new byte[0]))
                .isEqualTo("786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
                        + "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce");
        byte[] kb = new byte[255];
        for (int i = 0; i < kb.length; i++) {
            kb[i] = (byte) i;
        }
        assertThat(Blake2b.hex512(kb)).isEqualTo(B2SUM_0_TO_254);
        assertThat(Blake2b.hex512(new byte[128])).isEqualTo(B2SUM_128_ZEROS);
    }

    static final String B2SUM_0_TO_254 = "5b21c5fd8868367612474fa2e70e9cfa2201ffeee8fafab5797ad58fefa17c9b"
            + "5b107da4a3db6320baaf2c8617d5a51df914ae88da3867c2d41f0cc14fa67928";
    static final String B2SUM_128_ZEROS = "865939e120e6805438478841afb739ae4250cf372653078a065cdcfffca4caf7"
            + "98e6d462b65d658fc165782640eded70963449ae1500fb0f24981d7727e22c41";
}
