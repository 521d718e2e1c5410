package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.HALF;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TheRock's own patches/&lt;tag&gt; folders, shaped as they are at therock-7.9.0
 * to therock-7.13 and in 2025-07: mails whose signature separator lost its
 * trailing space, two projects carrying a patch of the same name, subjects
 * ending in dots; and the round trip through export.
 */
class TheRockPatchesImportTest {
    @TempDir
    Path tmp;

    /** A format-patch mail changing {@code before} (first of two lines, {@code other} second) to {@code after}. */
    static String mail(String subject, String file, String before, String after, String signature) {
        return mail(
                subject,
                file,
                "@@ -1,2 +1,2 @@\n-" + before + "\n+" + after + "\n " + SECOND.getOrDefault(file, "") + "\n",
                signature);
    }

    static final Map<String, String> SECOND = Map.of(
            "include/half.hpp",
            "#define HALF_VERSION 2",
            "projects/rocprofiler-sdk/CMakeLists.txt",
            "add_subdirectory(external)");

    static String mail(String subject, String file, String hunk, String signature) {
        return "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001\n"
                + "From: Dev Eloper <dev@example.org>\nDate: Thu, 9 Oct 2025 23:49:19 -0400\n"
                + "Subject: [PATCH] " + subject + "\n\n---\n " + file
                + " | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
                + "diff --git a/" + file + " b/" + file + "\nindex 1111111..2222222 100644\n--- a/" + file + "\n+++ b/"
                + file + "\n"
                + hunk + signature + "\n2.48.1\n\n";
    }

    @Test
    void importsTheRockFoldersWithTrimmedSignaturesSameNamesAndDottedSubjects() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Repo work = fx.cloneWorkTree("work");
        Path from = tmp.resolve("patches/amd-mainline");
        write(
                from.resolve(HALF + "/0001-Work-around-race-condition.patch"),
                mail(
                        "Work around race condition",
                        "include/half.hpp",
                        "// half precision",
                        "// half precision, raced",
                        "--"));
        write(
                from.resolve(SYSTEMS + "/0001-Work-around-race-condition.patch"),
                mail(
                        "Work around race condition",
                        "projects/rocprofiler-sdk/CMakeLists.txt",
                        "project(rocprofiler-sdk)",
                        "project(rocprofiler-sdk LANGUAGES CXX)",
                        "-- "));
        write(
                from.resolve(SYSTEMS + "/0002-Enable-MSVC-support-in-comgr..patch"),
                mail(
                        "Enable MSVC support in comgr..",
                        "projects/rocprofiler-sdk/CMakeLists.txt",
                        "@@ -1,2 +1,2 @@\n project(rocprofiler-sdk LANGUAGES CXX)\n-add_subdirectory(external)\n+add_subdirectory(external) # msvc\n",
                        "--"));
        Path set = tmp.resolve("patchsets/mainline");

        Cli.ok("import", set, "--repo", work.dir(), "--rev", "HEAD", "--from", from);
        List<Entry> entries = PatchsetStore.read(set).entries();
        assertThat(entries)
                .extracting(Entry::id)
                .containsExactly(
                        "base-half-work-around-race-condition",
                        "rocm-systems-work-around-race-condition",
                        "enable-msvc-support-in-comgr");
        assertThat(entries).allMatch(e -> e.seal().isPresent());
        assertThat(entries)
                .extracting(e -> ((PatchEntry) e).patch())
                .noneMatch(n -> n.contains("..") || n.contains(".-"));
        Cli.ok("verify", set, "--repo", work.dir(), "--rev", "HEAD");
    }

    @Test
    void aTrimmedSignatureAfterACompleteHunkIsTrailerButExtraHunkLinesStillAreNot() {
        String ok = mail("x", "f", "@@ -1 +1 @@\n-a\n+b\n", "--");
        assertThat(PatchParser.parse("ok.patch", ok.getBytes(StandardCharsets.UTF_8))
                        .diagnostics())
                .isEmpty();
        String bad = ok.replace("+b\n--\n", "+b\n+c\n--\n");
        assertThat(PatchParser.parse("bad.patch", bad.getBytes(StandardCharsets.UTF_8))
                        .diagnostics())
                .singleElement()
                .asString()
                .contains("more lines than the @@ header says");
    }

    @Test
    void exportThenImportGivesAnEqualSetExactAtTheBaseForBothFormats() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Repo work = fx.cloneWorkTree("work");
        String repo = work.dir().toString();
        Path set = tmp.resolve("patchsets/mine");
        Cli.ok("new", set, "--repo", repo);
        Entries.rewrite(
                set,
                repo,
                "compiler/pre_hook_amd-llvm.cmake",
                "AMDGPU;X86",
                "AMDGPU;X86;NVPTX",
                "--why",
                "build NVPTX too.");
        Entries.add(
                "insert",
                set,
                repo,
                "--file",
                "ml-libs/CMakeLists.txt",
                "--after",
                "CMAKE_ARGS",
                "--text",
                "      -DCMAKE_BUILD_PARALLEL_LEVEL=8");
        Path half = write(
                tmp.resolve("half.patch"),
                mail(
                        "Half 3",
                        "include/half.hpp",
                        "@@ -1,2 +1,2 @@\n // half precision\n-#define HALF_VERSION 2\n+#define HALF_VERSION 3\n",
                        "-- "));
        Entries.add("patch", set, repo, half, "--component", HALF);
        List<Entry> original = PatchsetStore.read(set).entries();

        for (String format : List.of("therock", "quilt")) {
            Path out = tmp.resolve("out-" + format);
            Cli.ok("export", set, "--repo", repo, "--format", format, "-o", out);
            assertThat(out.resolve("TheRock")).isDirectory();
            Path again = tmp.resolve("patchsets/again-" + format);

            Cli.ok("import", again, "--repo", repo, "--from", out);
            List<Entry> back = PatchsetStore.read(again).entries();
            assertThat(back)
                    .extracting(Entry::component)
                    .containsExactlyElementsOf(
                            original.stream().map(Entry::component).toList());
            assertThat(back)
                    .extracting(Entry::files)
                    .containsExactlyElementsOf(
                            original.stream().map(Entry::files).toList());
            Cli.Run verify = Cli.ok("verify", again, "--repo", repo, "--rev", "HEAD", "--format", "json");
            assertThat(verify.out().split("\"verdict\" : \"EXACT\"", -1)).hasSize(original.size() + 1);
            Cli.ok("verify", set, "--repo", repo, "--rev", "HEAD");
        }
    }

    private static Path write(Path p, String text) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    static long count(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).count();
        }
    }
}
