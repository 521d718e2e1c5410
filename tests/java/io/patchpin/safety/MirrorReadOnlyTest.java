package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.LLVM;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN's safety rule for a {@code --mirror-dir}: the mirrors are read, never written. Every file under the
 * mirror folder and the bare superproject keeps its size and modification time through authoring, verify,
 * lock, bisect, rebase, and a sync that takes its objects from the mirror.
 */
class MirrorReadOnlyTest {
    static final String PRE_HOOK = TheRockFixture.PRE_HOOK;
    static final String OPTS = TheRockFixture.LLVM_OPTIONS;

    @TempDir
    Path tmp;

    @Test
    void everyCommandReadingAMirrorLeavesItByteAndTimeIdentical() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        fx.therock
                .write(PRE_HOOK, fx.therock.read(PRE_HOOK).replace("AMDGPU;X86", "X86;AMDGPU"))
                .commit("X86 first");
        Path mirror = fx.mirror();
        Path bare = fx.bareSuperproject("bare.git");
        String set = tmp.resolve("patchsets/mine").toString();
        String[] ws = {"--repo", bare.toString(), "--mirror-dir", mirror.toString()};
        SortedMap<String, String> before = files(mirror);
        SortedMap<String, String> bareBefore = files(bare);

        run(0, ws, "new", set, "--rev", "HEAD~1");
        run(
                0,
                ws,
                "add",
                "rewrite",
                set,
                "--file",
                PRE_HOOK,
                "--find",
                "AMDGPU;X86",
                "--replace",
                "AMDGPU;X86;NVPTX",
                "--id",
                "nvptx");
        run(
                0,
                ws,
                "add",
                "rewrite",
                set,
                "--component",
                LLVM,
                "--file",
                OPTS,
                "--find",
                "COMPILE_JOBS \"\"",
                "--replace",
                "COMPILE_JOBS \"8\"",
                "--id",
                "jobs");
        run(1, ws, "verify", set, "--rev", "HEAD");
        Path lock = tmp.resolve("pins/m.lock.toml");
        run(0, ws, "lock", "-o", lock.toString());
        run(0, ws, "bisect", set, "--entry", "nvptx", "--good", "HEAD~1", "--bad", "HEAD");
        run(1, ws, "rebase", set, "--onto", "HEAD");
        run(0, ws, "rebase", set, "--abort");
        run(0, ws, "rebase", set, "--onto", "HEAD~1");
        assertThat(files(mirror)).isEqualTo(before);
        assertThat(files(bare)).isEqualTo(bareBefore);

        // a fresh clone synced to the lock takes the submodules' commits from the mirror, and writes only itself
        Git.run(tmp, "clone", "-q", bare.toString(), "fresh");
        Path fresh = tmp.resolve("fresh");
        run(0, new String[] {"--repo", fresh.toString(), "--mirror-dir", mirror.toString()}, "sync", lock.toString());
        run(
                0,
                new String[] {"--repo", fresh.toString(), "--mirror-dir", mirror.toString()},
                "lock",
                "check",
                lock.toString());
        assertThat(fresh.resolve(LLVM).resolve(OPTS)).exists();
        assertThat(files(mirror)).isEqualTo(before);
    }

    private static void run(int expected, String[] workspace, String... args) {
        String[] all = Stream.concat(Stream.of(args), Stream.of(workspace)).toArray(String[]::new);
        Cli.Run r = Cli.run(all);
        assertThat(r.exit())
                .as(String.join(" ", all) + "\n" + r.out() + r.err())
                .isEqualTo(expected);
    }

    /** path -> size and modification time of every file below {@code root}. */
    private static SortedMap<String, String> files(Path root) throws IOException {
        SortedMap<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            all.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .forEach(p -> out.put(root.relativize(p).toString(), stamp(p)));
        }
        return out;
    }

    private static String stamp(Path p) {
        try {
            return Files.size(p) + "@"
                    + Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
