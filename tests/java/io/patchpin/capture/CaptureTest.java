package io.patchpin.capture;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.COMPILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.LLVM_OPTIONS;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** capture, then checkout and apply, gives back the same bytes. */
class CaptureTest {

    @TempDir
    Path tmp;

    @Test
    void captureThenCheckoutThenApplyGivesBackTheSameBytes() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            Path root = ex.dir();
            String repo = root.toString();
            String set = tmp.resolve("patchsets/local").toString();
            Cli.ok("new", set, "--repo", repo);
            Entries.nvptx(set, repo);
            Cli.ok("apply", set, "--repo", repo);
            Files.createDirectories(root.resolve(".git/info"));
            Files.writeString(root.resolve(".git/info/exclude"), "build/\n", StandardCharsets.UTF_8);
            Files.writeString(
                    root.resolve(PRE_HOOK), ex.read(".", PRE_HOOK) + "set(EXTRA ON)\n", StandardCharsets.UTF_8);
            Files.createDirectories(root.resolve("build"));
            Files.writeString(root.resolve("build/ignored.txt"), "ignored", StandardCharsets.UTF_8);
            Files.createDirectories(root.resolve(LLVM).resolve("new"));
            Path llvm = root.resolve(LLVM);
            Files.writeString(
                    llvm.resolve(LLVM_OPTIONS),
                    ex.read(LLVM, LLVM_OPTIONS).replace("\"\"", "\"8\""),
                    StandardCharsets.UTF_8);
            Files.writeString(llvm.resolve("new/notes.txt"), "no newline at end", StandardCharsets.UTF_8);
            Path perfetto = root.resolve(PERFETTO);
            Files.delete(perfetto.resolve("BUILD.gn"));
            Map<String, byte[]> wanted = snapshot(root);

            Cli.ok("capture", set, "--repo", repo);
            assertThat(PatchsetStore.read(Path.of(set)).entries())
                    .extracting(Entry::id)
                    .containsExactly(
                            "nvptx",
                            "capture-therock",
                            "capture-compiler-amd-llvm",
                            "capture-rocm-systems-projects-rocprofiler-sdk-external-perfetto");
            Cli.ok("verify", set, "--repo", repo);

            for (Path dir : new Path[] {root, llvm, perfetto}) {
                Git.run(dir, "checkout", "--", ".");
            }
            Files.delete(llvm.resolve("new/notes.txt"));
            assertThat(snapshot(root)).isNotEqualTo(wanted);
            Cli.ok("apply", set, "--repo", repo);
            Map<String, byte[]> back = snapshot(root);
            assertThat(back.keySet()).isEqualTo(wanted.keySet());
            wanted.forEach((k, v) -> assertThat(back.get(k)).as(k).isEqualTo(v));
            Cli.Run again = Cli.ok("capture", set, "--repo", repo);
            assertThat(again.err()).contains("captured 0 entries");
        }
    }

    @Test
    void refusesWhenTheBaseIsNotTheSuperprojectHead() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            Path set = tmp.resolve("patchsets/old");
            Cli.ok("new", set, "--repo", repo);
            ex.change(".", "upstream moves", Map.of(COMPILER_CMAKE, "# moved\n"));
            Files.writeString(ex.dir().resolve(PRE_HOOK), "edited\n", StandardCharsets.UTF_8);
            byte[] toml = Files.readAllBytes(set.resolve("patchset.toml"));
            Cli.Run r = Cli.run("capture", set, "--repo", repo);
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.errLines()).singleElement().asString().contains("is not the superproject HEAD");
            assertThat(Files.readAllBytes(set.resolve("patchset.toml"))).isEqualTo(toml);
        }
    }

    private static Map<String, byte[]> snapshot(Path root) throws Exception {
        Map<String, byte[]> out = new TreeMap<>();
        try (var files = Files.walk(root)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                String rel = root.relativize(p).toString();
                if (!rel.contains(".git/") && !rel.startsWith(".git") && !rel.contains("/.git")) {
                    out.put(rel, Files.readAllBytes(p));
                }
            }
        }
        return out;
    }
}
