package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.ReadLimit;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Jvm;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file larger than the heap, in a JVM of its own with a small heap (as
 * bin/patchpin's default 256 MB against a 200 MB file, scaled down): refused
 * up front as bad input (exit 2) in one line naming the file and the remedy.
 * Should the heap still run out (the limit raised past it), one line saying
 * what ran out and which file, exit 70.
 */
class OutOfMemoryTest {
    static final String CMAKE = TheRockFixture.ROCPROFILER_CMAKE;

    /** The workspace both tests verify, built once ({@link #bigFileWorkspace}): verify only reads it. */
    @TempDir
    static Path shared;

    private static Path work;
    private static Path set;

    @TempDir
    Path tmp;

    @Test
    void aFileLargerThanTheHeapIsRefusedUpFront() throws Exception {
        Run run = verify(List.of());

        // before: exit 70 once the heap had run out
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.err().lines()).as(run.err()).hasSize(1);
        assertThat(run.err())
                .startsWith("patchpin: " + TheRockFixture.SYSTEMS + "/" + CMAKE + ": ")
                .contains("too large to read into memory")
                .contains("PATCHPIN_JAVA_OPTS=-Xmx");
    }

    @Test
    void aHeapThatStillRunsOutIsNamedInOneLine() throws Exception {
        Run run = verify(List.of("-D" + ReadLimit.PROPERTY + "=" + Long.MAX_VALUE));

        assertThat(run.exit()).as(run.err()).isEqualTo(70);
        assertThat(run.err().lines()).as(run.err()).hasSize(1);
        assertThat(run.err())
                .startsWith("patchpin: out of memory (Java heap space, limit ")
                .contains("while processing " + TheRockFixture.SYSTEMS + "/" + CMAKE)
                .contains("-Xmx");
    }

    record Run(int exit, String err) {}

    /** A patchset with one rewrite of a file made 48 MB in the work tree. */
    @BeforeAll
    static void bigFileWorkspace() throws IOException {
        TheRockFixture fx = TheRockFixture.create(shared);
        Repo clone = fx.cloneWorkTree("work");
        work = clone.dir();
        set = shared.resolve("sets/mine");
        Cli.ok("new", set, "--repo", work);
        Entries.rewrite(
                set,
                work,
                CMAKE,
                "add_subdirectory(external)",
                "add_subdirectory(external EXCLUDE_FROM_ALL)",
                "--id",
                "exclude",
                "--component",
                TheRockFixture.SYSTEMS,
                "--occurrence",
                "1");
        // 48 MB of lines into the entry's file, against a 32 MB heap
        byte[] line = "add_subdirectory(more)\n".repeat(1000).getBytes(StandardCharsets.UTF_8);
        try (OutputStream o =
                Files.newOutputStream(work.resolve(TheRockFixture.SYSTEMS).resolve(CMAKE))) {
            for (long n = 0; n < 48L * 1024 * 1024; n += line.length) {
                o.write(line);
            }
        }
    }

    private Run verify(List<String> properties) throws Exception {
        List<String> options = new ArrayList<>(List.of("-Xmx32m"));
        options.addAll(properties);
        List<String> cmd = Jvm.patchpin(options, "verify", set.toString(), "--repo", work.toString());
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile())
                .start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8));
    }
}
