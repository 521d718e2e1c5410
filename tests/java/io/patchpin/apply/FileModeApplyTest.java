package io.patchpin.apply;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.TheRockWorkTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Executable bits from patch mode lines: set by apply in the work tree, put back by revert. */
class FileModeApplyTest extends TheRockWorkTest {
    static final String SCRIPT = "#!/bin/sh\necho build\n";

    Repo half;
    Path set;

    @BeforeEach
    void setUp() throws IOException {
        half = Repo.at(work.dir().resolve(TheRockFixture.HALF));
        set = newSet("sets/modes");
    }

    Path patch(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        Entries.add("patch", set, work.dir(), "--component", TheRockFixture.HALF, p);
        return p;
    }

    Cli.Run run(String verb) {
        return Cli.run(verb, set, "--repo", work.dir());
    }

    boolean executable(String file) {
        return Files.isExecutable(half.dir().resolve(file));
    }

    @Test
    void newExecutableScriptIsCreatedExecutableAndRevertRemovesIt() throws IOException {
        patch(
                "script.patch",
                "diff --git a/tools/build.sh b/tools/build.sh\nnew file mode 100755\n"
                        + "--- /dev/null\n+++ b/tools/build.sh\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+echo build\n");

        Cli.Run r = run("apply");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(half.read("tools/build.sh")).isEqualTo(SCRIPT);
        assertThat(executable("tools/build.sh")).isTrue();
        // C git sees exactly the file the patch adds, mode included
        half.git("add", "-N", "tools/build.sh");
        assertThat(half.git("diff", "--summary")).contains("create mode 100755 tools/build.sh");
        half.git("reset", "-q");
        assertThat(run("revert").exit()).isZero();
        assertThat(Files.exists(half.dir().resolve("tools/build.sh"))).isFalse();
    }

    @Test
    void modeOnlyPatchSetsAndClearsTheBitAndIsIdempotent() throws IOException {
        patch("mode.patch", "diff --git a/include/half.hpp b/include/half.hpp\nold mode 100644\nnew mode 100755\n");
        byte[] content = Files.readAllBytes(half.dir().resolve("include/half.hpp"));

        Cli.Run r = run("apply");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("applied 1 file(s)");
        assertThat(executable("include/half.hpp")).isTrue();
        assertThat(half.git("diff", "--summary")).isEqualTo(" mode change 100644 => 100755 include/half.hpp");
        assertThat(run("apply").err()).contains("nothing to do");
        assertThat(run("revert").exit()).isZero();
        assertThat(executable("include/half.hpp")).isFalse();
        assertThat(Files.readAllBytes(half.dir().resolve("include/half.hpp"))).isEqualTo(content);
        assertThat(half.git("status", "--porcelain")).isEmpty();
    }

    @Test
    void modeOnlyPatchCommitsTheModeAsGitAmDoes() throws IOException {
        Path p = patch(
                "mode.patch",
                "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
                        + "From: Ada Lovelace <ada@example.org>\nDate: Tue, 14 Nov 2023 22:13:20 +0000\n"
                        + "Subject: [PATCH] Make half.hpp executable\n\n---\n"
                        + "diff --git a/include/half.hpp b/include/half.hpp\nold mode 100644\nnew mode 100755\n");

        Cli.ok("apply", set, "--repo", work.dir(), "--commit");
        Repo am = Repo.at(tmp.resolve("am"));
        Folders.copyCheckout(fx.half.dir(), am.dir());
        am.git("am", "-q", p.toString());
        String log = "--format=%an|%ae|%ad|%s|%T";
        assertThat(half.git("log", "-1", "--date=raw", log)).isEqualTo(am.git("log", "-1", "--date=raw", log));
        assertThat(half.git("status", "--porcelain")).isEmpty();
    }
}
