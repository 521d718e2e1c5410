package io.patchpin.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;

class ProgressTest {

    @Test
    void showsTheStepAfterTheQuietPeriodAndErasesItself() throws InterruptedException {
        StringWriter err = new StringWriter();
        try (Progress p = new Progress(new PrintWriter(err), "verifying gfx1103", true, Duration.ZERO)) {
            Thread.sleep(300);
        }
        assertThat(err.toString()).startsWith("\rpatchpin: verifying gfx1103... 0s").endsWith("\r\033[K");
    }

    @Test
    void staysSilentOutsideATerminalAndForQuickWork() {
        StringWriter off = new StringWriter();
        try (Progress p = new Progress(new PrintWriter(off), "locking", false, Duration.ZERO)) {
            assertThat(p).isNotNull();
        }
        StringWriter quick = new StringWriter();
        try (Progress p = new Progress(new PrintWriter(quick), "locking", true, Duration.ofSeconds(5))) {
            assertThat(p).isNotNull();
        }
        assertThat(off.toString()).isEmpty();
        assertThat(quick.toString()).isEmpty();
    }
}
