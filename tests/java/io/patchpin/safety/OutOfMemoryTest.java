package io.patchpin.safety;

import static org.assertj.core.api.Assertions.assertThat;

import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A file larger than the heap, in a JVM of its own with a small heap (as
 * bin/patchpin's default 256 MB against a 200 MB file, scaled down): one line
 * saying what ran out and which file, exit 70.
 */
class OutOfMemoryTest {
    static final String CMAKE = "projects/rocprofiler-sdk/CMakeLists.txt";

    @TempDir
    Path tmp;

    @Test
    void aFileLargerThanTheHeapIsNamedInOneLine() throws Exception {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Repo work = fx.cloneWorkTree("work");
        Path set = tmp.resolve("sets/mine");
        Files.createDirectories(set);
        PatchsetStore.write(set, Patchset.empty("mine", work.head()));
        Cli.Run added = Cli.run("add", "rewrite", set.toString(), "--repo", work.dir().toString(), "--component",
                TheRockFixture.SYSTEMS, "--file", CMAKE, "--find", "add_subdirectory(external)", "--replace",
                "add_subdirectory(external EXCLUDE_FROM_ALL)", "--occurrence", "1", "--id", "exclude");
        assertThat(added.exit()).as(added.err()).isZero();
        // 48 MB of lines into the entry's file, against a 32 MB heap
        byte[] line = "add_subdirectory(more)\n".repeat(1000).getBytes(StandardCharsets.UTF_8);
        try (OutputStream o = Files.newOutputStream(work.dir().resolve(TheRockFixture.SYSTEMS).resolve(CMAKE))) {
            for (long n = 0; n < 48L * 1024 * 1024; n += line.length) {
                o.write(line);
            }
        }

        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx32m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), "io.patchpin.cli.Main",
                "verify", set.toString(), "--repo", work.dir().toString()))
                .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8);

        // before: the JVM's own trace (exit 1), or exit 70 naming no file
        assertThat(p.exitValue()).as(err).isEqualTo(70);
        assertThat(err.lines()).as(err).hasSize(1);
        assertThat(err).startsWith("patchpin: out of memory (Java heap space, limit ")
                .contains("while processing " + TheRockFixture.SYSTEMS + "/" + CMAKE).contains("-Xmx");
    }
}
