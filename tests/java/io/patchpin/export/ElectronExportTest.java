package io.patchpin.export;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Electron's {@code patches/<repo>/}: a {@code .patches} order file and {@code git format-patch} mails with Electron's
 * header conventions (a short subject, the why in the body, no numbered names), imported and exported back byte for byte.
 */
class ElectronExportTest {
    @TempDir
    Path tmp;

    private static final String FIRST = "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
            + "From: Electron Bot <electron@example.org>\n"
            + "Date: Tue, 4 Nov 2025 09:00:00 +0000\n"
            + "Subject: fix: use v8::Isolate::GetCurrent() sparingly\n"
            + "\n"
            + "The node headers we build against no longer carry the old accessor.\n"
            + "\n"
            + "diff --git a/nan.h b/nan.h\n"
            + "index 0000000..1111111 100644\n"
            + "--- a/nan.h\n"
            + "+++ b/nan.h\n"
            + "@@ -1,3 +1,3 @@\n"
            + " #define NAN_H\n"
            + "-int isolate_old(void);\n"
            + "+int isolate_new(void);\n"
            + " #endif\n";
    private static final String SECOND = "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
            + "From: Electron Bot <electron@example.org>\n"
            + "Date: Wed, 5 Nov 2025 09:00:00 +0000\n"
            + "Subject: chore: drop the unused callback header\n"
            + "\n"
            + "diff --git a/nan_callbacks.h b/nan_callbacks.h\n"
            + "index 0000000..2222222 100644\n"
            + "--- a/nan_callbacks.h\n"
            + "+++ b/nan_callbacks.h\n"
            + "@@ -1,2 +1 @@\n"
            + " #pragma once\n"
            + "-#include \"unused.h\"\n";

    @Test
    void electronPatchesImportedThenExportedAreTheSameBytes() throws IOException {
        Repo nan = Repo.init(tmp.resolve("up/nan"))
                .write("nan.h", "#define NAN_H\nint isolate_old(void);\n#endif\n")
                .write("nan_callbacks.h", "#pragma once\n#include \"unused.h\"\n");
        nan.commit("nan");
        Repo top = Repo.init(tmp.resolve("up/top")).write("README.md", "# top\n");
        top.addSubmodule("nan", nan);
        top.commit("top with nan");
        Path work = tmp.resolve("work");
        Git.run(tmp, "clone", "-q", "--recurse-submodules", top.url(), work.toString());

        Path patches = tmp.resolve("electron/patches/nan");
        Files.createDirectories(patches);
        String order = "fix_use_v8_isolate_getcurrent_sparingly.patch\nchore_drop_the_unused_callback_header.patch\n";
        Files.writeString(patches.resolve(".patches"), order, StandardCharsets.UTF_8);
        Files.writeString(
                patches.resolve("fix_use_v8_isolate_getcurrent_sparingly.patch"), FIRST, StandardCharsets.UTF_8);
        Files.writeString(
                patches.resolve("chore_drop_the_unused_callback_header.patch"), SECOND, StandardCharsets.UTF_8);

        Path set = tmp.resolve("sets/nan");
        Cli.Run in = Cli.run(
                "import",
                set.toString(),
                "--repo",
                work.toString(),
                "--from",
                patches.resolve(".patches").toString(),
                "--component",
                "nan");
        assertThat(in.exit()).as(in.err() + in.out()).isZero();
        Path out = tmp.resolve("out");
        Cli.Run export = Cli.run(
                "export", set.toString(), "--repo", work.toString(), "--format", "electron", "-o", out.toString());
        assertThat(export.exit()).as(export.err()).isZero();
        assertThat(Files.readString(out.resolve("nan/.patches"))).isEqualTo(order);
        assertThat(Files.readString(out.resolve("nan/fix_use_v8_isolate_getcurrent_sparingly.patch")))
                .isEqualTo(FIRST);
        assertThat(Files.readString(out.resolve("nan/chore_drop_the_unused_callback_header.patch")))
                .isEqualTo(SECOND);
    }
}
