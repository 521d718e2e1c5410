package io.patchpin.therock;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code verify --therock-patches PATH}: TheRock's patch folder checked in place, monorepo projects included. */
class TheRockPatchesVerifyTest {
    @TempDir
    Path tmp;

    @Test
    void checksEveryProjectFolderInPlaceWithNamesFromTheFolder() throws IOException {
        TheRockLayout layout = TheRockLayout.create(tmp);
        Repo ws = layout.cloneWorkTree("ws");
        Path tag = ws.dir().resolve("patches/amd-mainline");
        Path mono = tag.resolve("rocprofiler-sdk");
        Files.createDirectories(mono);
        Files.writeString(
                mono.resolve("0001-name-the-sdk.patch"),
                """
                diff --git a/CMakeLists.txt b/CMakeLists.txt
                --- a/CMakeLists.txt
                +++ b/CMakeLists.txt
                @@ -1 +1 @@
                -project(rocprofiler-sdk)
                +project(rocprofiler-sdk LANGUAGES CXX)
                """,
                StandardCharsets.UTF_8);
        Cli.Run r = Cli.ok("verify", "--therock-patches", tag, "--repo", ws.dir(), "--rev", "HEAD");
        assertThat(r.out())
                .contains(
                        "patchset amd-mainline/llvm-project",
                        "patchset amd-mainline/rocprofiler-sdk",
                        TheRockLayout.LLVM,
                        layout.patchNames.get(0).replace(".patch", ""),
                        "rocm-systems\n",
                        "projects/rocprofiler-sdk/CMakeLists.txt");
        assertThat(ws.git("status", "--porcelain", "--untracked-files=no")).isEmpty();

        Files.writeString(
                mono.resolve("0002-stale.patch"),
                """
                --- a/CMakeLists.txt
                +++ b/CMakeLists.txt
                @@ -1 +1 @@
                -project(something-else)
                +project(rocprofiler-sdk VERSION 1)
                """,
                StandardCharsets.UTF_8);
        Cli.Run broken = Cli.run("verify", "--therock-patches", tag, "--repo", ws.dir(), "--format", "json");
        assertThat(broken.exit()).isEqualTo(1);
        assertThat(broken.out())
                .contains(
                        "\"name\" : \"amd-mainline/rocprofiler-sdk\"",
                        "\"id\" : \"0002-stale\"",
                        "\"class\" : \"broken\"");
    }

    @Test
    void aFolderWithoutPatchesIsBadInput() throws IOException {
        TheRockLayout layout = TheRockLayout.create(tmp);
        Repo ws = layout.cloneWorkTree("ws");
        Path empty = tmp.resolve("empty/amd-mainline");
        Files.createDirectories(empty);
        Cli.Run r = Cli.run("verify", "--therock-patches", empty, "--repo", ws.dir());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("patchpin: " + empty);
    }
}
