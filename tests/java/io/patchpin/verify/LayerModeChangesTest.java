package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A layer's patch that makes a script executable (an {@code old mode}/{@code new mode} pair, or a new file with
 * mode 100755) changes the tree the sets above it are sealed, exported and rebased on, as much as its content
 * does. Each case is applied by C git where the user would apply it.
 */
class LayerModeChangesTest {
    /** The layer: run.sh made executable and given a line; new.sh created executable. */
    private static final String LAYER_PATCH =
            """
            diff --git a/new.sh b/new.sh
            new file mode 100755
            --- /dev/null
            +++ b/new.sh
            @@ -0,0 +1 @@
            +echo new
            diff --git a/run.sh b/run.sh
            old mode 100644
            new mode 100755
            --- a/run.sh
            +++ b/run.sh
            @@ -1 +1,2 @@
             echo hi
            +echo layer
            """;
    /** The set above: run.sh's line changed and its bit cleared again, which only the layer had set. */
    private static final String UP_PATCH =
            """
            diff --git a/run.sh b/run.sh
            old mode 100755
            new mode 100644
            --- a/run.sh
            +++ b/run.sh
            @@ -1,2 +1,2 @@
             echo hi
            -echo layer
            +echo up
            """;

    @TempDir
    Path tmp;

    private Repo repo;
    private String shared;
    private String up;

    @BeforeEach
    void sets() throws IOException {
        repo = Repo.init(tmp.resolve("r")).write("run.sh", "echo hi\n");
        repo.commit("base");
        shared = tmp.resolve("sets/shared").toString();
        up = tmp.resolve("sets/up").toString();
        Files.writeString(tmp.resolve("layer.patch"), LAYER_PATCH, StandardCharsets.UTF_8);
        Files.writeString(tmp.resolve("up.patch"), UP_PATCH, StandardCharsets.UTF_8);
        ok("new", shared, "--repo", repo());
        Entries.add("patch", shared, repo(), tmp.resolve("layer.patch"), "--id", "exec");
        ok("new", up, "--repo", repo(), "--layer", "../shared");
        Entries.add("patch", up, repo(), tmp.resolve("up.patch"), "--id", "up");
        Entries.rewrite(up, repo(), "new.sh", "new", "up", "--id", "new");
    }

    @Test
    void exportDroppedAnUpperPatchsModeChangeOnAScriptALayerMadeExecutable() throws IOException {
        Path layerOut = tmp.resolve("out/shared");
        Path upOut = tmp.resolve("out/up");
        ok("export", shared, "--repo", repo(), "--format", "therock", "-o", layerOut);
        ok("export", up, "--repo", repo(), "--format", "therock", "-o", upOut);
        assertThat(Files.readString(upOut.resolve("TheRock/0001-up.patch"), StandardCharsets.UTF_8))
                .contains("old mode 100755\nnew mode 100644\n");
        // the layer's new.sh is executable where the set's diff of it is made: its index line says so
        assertThat(Files.readString(upOut.resolve("TheRock/0002-new.patch"), StandardCharsets.UTF_8))
                .containsPattern("index [0-9a-f]+\\.\\.[0-9a-f]+ 100755\n");

        Repo clone = Repo.init(tmp.resolve("clone"));
        clone.git("pull", "-q", repo.url(), "HEAD");
        Git.Result am = Git.tryRun(clone.dir(), amArgs(layerOut, upOut));
        assertThat(am.exit()).as(am.stderr()).isZero();
        assertThat(am.stderr()).doesNotContain("has type");
        assertThat(clone.git("ls-files", "-s", "run.sh", "new.sh"))
                .startsWith("100755 ")
                .contains("\n100644 ");
        assertThat(clone.read("run.sh")).isEqualTo("echo hi\necho up\n");
    }

    @Test
    void rebaseRegeneratedAnUpperPatchWithoutItsModeChangeOnAScriptALayerMadeExecutable() throws IOException {
        repo.write("run.sh", "#!/bin/sh\n# the script\n# runs\necho hi\n").commit("upstream: a shebang");

        Cli.Run rebase = Cli.run("rebase", up, "--repo", repo(), "--onto", "HEAD");
        assertThat(rebase.out()).as(rebase.err()).contains("up [patch] FUZZ -> regenerated");
        assertThat(Files.readString(Path.of(up, "0001-up.patch"), StandardCharsets.UTF_8))
                .contains("old mode 100755\nnew mode 100644\n")
                .contains("-echo layer\n+echo up\n");
        Cli.Run verify = Cli.run("verify", up, "--repo", repo(), "--rev", "HEAD");
        assertThat(verify.out()).as(verify.err()).contains("EXACT             up ");
    }

    @Test
    void applyWithLayersAlreadyCarriedTheLayersModeChange() throws IOException {
        Cli.ok("apply", up, "--repo", repo(), "--with-layers");
        assertThat(Files.getPosixFilePermissions(repo.dir().resolve("new.sh")))
                .contains(PosixFilePermission.OWNER_EXECUTE);
        assertThat(Files.getPosixFilePermissions(repo.dir().resolve("run.sh")))
                .doesNotContain(PosixFilePermission.OWNER_EXECUTE);
        assertThat(repo.read("run.sh")).isEqualTo("echo hi\necho up\n");
    }

    private String repo() {
        return repo.dir().toString();
    }

    private static String[] amArgs(Path... folders) throws IOException {
        Stream.Builder<String> args = Stream.<String>builder().add("am").add("-q");
        for (Path f : folders) {
            try (Stream<Path> files = Files.list(f.resolve("TheRock"))) {
                files.map(Path::toString).sorted().forEach(args::add);
            }
        }
        return args.build().toArray(String[]::new);
    }
}
