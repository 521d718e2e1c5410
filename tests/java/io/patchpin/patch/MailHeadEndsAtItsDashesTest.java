package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What a refresh keeps of a {@code git format-patch} mail: its head up to and including the {@code ---} line,
 * byte for byte; nothing when the diff comes first or the bytes are no mail.
 */
class MailHeadEndsAtItsDashesTest {
    private static final String DIFF = "diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/f.txt\n@@ -1 +1 @@\n-a\n+b\n";
    private static final String HEAD = "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001\n"
            + "From: Ada L <ada@example.org>\n"
            + "Subject: [PATCH] Build NVPTX\n\nFor every card.\n---\n";

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theHeadEndsAtTheDashLineAndLeavesTheDiffstatOut() {
        byte[] mail = bytes(HEAD + " f.txt | 2 +-\n\n" + DIFF);
        assertThat(MailHeader.isMail(mail)).isTrue();
        assertThat(MailHeader.head(mail)).hasValueSatisfying(h -> assertThat(new String(h, StandardCharsets.UTF_8))
                .isEqualTo(HEAD));
    }

    @Test
    void aMailWhoseDiffComesBeforeAnyDashLineHasNoHead() {
        assertThat(MailHeader.head(bytes("From: Ada L <ada@example.org>\nSubject: x\n\n" + DIFF)))
                .isEmpty();
        assertThat(MailHeader.head(bytes("From: Ada L <ada@example.org>\nSubject: x\n\nIndex: f.txt\n")))
                .isEmpty();
    }

    @Test
    void aMailWithoutDashLineOrDiffHasNoHead() {
        assertThat(MailHeader.head(bytes("From: Ada L <ada@example.org>\nSubject: x\n\nonly words\n")))
                .isEmpty();
    }

    @Test
    void aBareDiffIsNoMail() {
        assertThat(MailHeader.isMail(bytes(DIFF))).isFalse();
        assertThat(MailHeader.head(bytes(DIFF))).isEmpty();
    }
}
