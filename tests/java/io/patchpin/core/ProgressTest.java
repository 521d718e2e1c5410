package io.patchpin.core;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void showsTheStepAfterTheQuietPeriodAndErasesItself() throws InterruptedException {
        StringWriter err = new StringWriter();
        try (Progress p = new Progress(new PrintWriter(err), "verifying gfx1103", true, Duration.ZERO)) {
            for (int waited = 0; waited < 5000 && err.getBuffer().length() == 0; waited += 20) {
                Thread.sleep(20); // the ticker runs on its own thread; a loaded machine may start it late
            }
        }
        assertThat(err.toString())
                .startsWith("\rpatchpin: verifying gfx1103... 0s")
                .endsWith("\r\033[K");
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
