package io.patchpin.archive;

import static org.assertj.core.api.Assertions.assertThat;

import io.patchpin.core.Hashes;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DigestPipeTest {
    @Test
    void hashesWhatOneDigestWouldWhateverTheSizesOfTheWrites() {
        Random random = new Random(7);
        for (int size : new int[] {0, 1, 65_535, 65_536, 65_537, 1_000_003}) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            byte[] got;
            try (DigestPipe pipe = new DigestPipe(Hashes.digest("SHA-256"))) {
                int at = 0;
                while (at < size) {
                    int n = Math.min(size - at, random.nextInt(3) == 0 ? 1 : random.nextInt(200_000));
                    if (n == 1) {
                        pipe.write(data[at]);
                    } else {
                        pipe.write(data, at, n);
                    }
                    at += n;
                }
                got = pipe.digest();
            }
            assertThat(got)
                    .as("%d bytes", size)
                    .isEqualTo(Hashes.digest("SHA-256").digest(data));
        }
    }

    @Test
    void closedWithoutADigestItsThreadStops() {
        try (DigestPipe pipe = new DigestPipe(Hashes.digest("SHA-256"))) {
            pipe.write(new byte[300_000], 0, 300_000);
        }
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(t -> t.getName().equals("patchpin-sha256") && t.isAlive());
    }
}
