package io.patchpin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
}
