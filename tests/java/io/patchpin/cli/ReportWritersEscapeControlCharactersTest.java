package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The report writer's escaping, the out-of-memory line and the choice of verbs, without running a command. */
class ReportWritersEscapeControlCharactersTest {
    @Test
    void controlAndFormatCharactersAreEscapedAndLineBreaksPass() throws IOException {
        StringWriter sink = new StringWriter();
        try (EscapingWriter w = new EscapingWriter(sink)) {
            w.write("id\u001b]0;x\u0007 a\tb\r\n\u202eevil\u2028\u2029 zw\u200dj caf\u00e9");
            w.flush();
        }
        assertThat(sink).hasToString("id\\x1b]0;x\\x07 a\tb\r\n\\x{202e}evil\\x{2028}\\x{2029} zw\u200dj caf\u00e9");
        StringWriter plain = new StringWriter();
        try (EscapingWriter w = new EscapingWriter(plain)) {
            w.write("xx plain yy".toCharArray(), 3, 5);
        }
        assertThat(plain).hasToString("plain");
    }

    @Test
    void outOfMemoryIsOneLineAndATraceOnlyWhenAsked() {
        StringWriter quiet = new StringWriter();
        int code = Main.outOfMemory(new PrintWriter(quiet), new OutOfMemoryError(), false);
        assertThat(code).isEqualTo(ExitCode.FAULT.code());
        assertThat(quiet.toString())
                .startsWith("patchpin: out of memory (Java heap, limit ")
                .contains("PATCHPIN_JAVA_OPTS=-Xmx2g")
                .hasLineCount(1);
        StringWriter traced = new StringWriter();
        Main.outOfMemory(new PrintWriter(traced), new OutOfMemoryError("Metaspace"), true);
        assertThat(traced.toString())
                .startsWith("patchpin: out of memory (Metaspace, limit ")
                .contains("java.lang.OutOfMemoryError: Metaspace\n\tat ");
    }

    @Test
    void aRunModelsOnlyTheVerbItNames() {
        assertThat(Main.verbsFor("--stacktrace", "verify", "x")).containsExactly(VerifyCommand.class);
        assertThat(Main.verbsFor("frobnicate")).isEqualTo(PatchpinCommand.VERBS);
        assertThat(Main.verbsFor("--help")).isEqualTo(PatchpinCommand.VERBS);
        assertThat(Main.verbsFor("@args.txt")).isEqualTo(PatchpinCommand.VERBS);
        assertThat(Main.verbsFor()).isEqualTo(PatchpinCommand.VERBS);
    }

    @Test
    void theVersionNamesPatchpin() {
        assertThat(new VersionProvider().getVersion()[0]).startsWith("patchpin ");
    }
}
