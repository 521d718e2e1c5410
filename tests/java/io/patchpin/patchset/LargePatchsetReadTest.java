package io.patchpin.patchset;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading patchset.toml is linear in its size: looking up the line of each
 * entry's path fields once split the whole text per field, so 10,000 entries
 * took minutes. The full-size timing is tests/bench/patchset-10k.sh; this is
 * a generous bound that only the quadratic reading exceeds.
 */
class LargePatchsetReadTest {
    @TempDir
    Path tmp;

    @Test
    void twentyThousandEntriesReadInSeconds() throws Exception {
        StringBuilder b = new StringBuilder("format = 1\nname = \"big\"\n");
        for (int i = 0; i < 20_000; i++) {
            b.append("\n[[entry]]\nid = \"e")
                    .append(i)
                    .append("\"\nkind = \"rewrite\"\ncomponent = \".\"\nfile = \"d/f")
                    .append(i % 100)
                    .append(".cmake\"\nfind = \"OPT_")
                    .append(i)
                    .append("\"\nreplace = \"X\"\noccurrence = \"all\"\n");
        }
        Files.writeString(tmp.resolve("patchset.toml"), b, StandardCharsets.UTF_8);
        Patchset ps = assertTimeoutPreemptively(Duration.ofSeconds(40), () -> PatchsetStore.read(tmp));
        assertThat(ps.entries()).hasSize(20_000);
    }
}
