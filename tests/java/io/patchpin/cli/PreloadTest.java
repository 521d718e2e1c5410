package io.patchpin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

class PreloadTest {

    private static boolean starts(String... args) {
        return Preload.startFor(Invoked.of(args), args);
    }

    @Test
    void startsOnlyForARunOfOneVerb() {
        assertThat(starts("verify", "ps", "--rev", "HEAD")).isTrue();
        assertThat(starts("--version")).isFalse();
        assertThat(starts("--help")).isFalse();
        assertThat(starts("verify", "--help")).isFalse();
        assertThat(starts("lock", "-h")).isFalse();
        assertThat(starts("completion")).isFalse();
        assertThat(starts()).isFalse();
    }

    @Test
    void namesTheCheckoutOfAVerbThatWalksOne() {
        assertThat(Preload.walked("audit", "audit", "ps", "--repo", "work")).isEqualTo(Path.of("work"));
        assertThat(Preload.walked("capture", "capture", "ps", "--repo=work")).isEqualTo(Path.of("work"));
        assertThat(Preload.walked("audit", "audit", "ps")).isEqualTo(Path.of(""));
        assertThat(Preload.walked("audit", "audit", "--repo")).isEqualTo(Path.of(""));
        assertThat(Preload.walked("audit", "audit", "--repo", "bad\0path")).isNull();
        assertThat(Preload.walked("verify", "verify", "ps", "--repo", "work")).isNull();
    }
}
