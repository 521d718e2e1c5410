package io.patchpin.apply;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A layer is in place in the work tree only with the executable bits its patches set: a layer applied by hand
 * without its chmod leaves another tree than the one the set above was sealed on, so apply refuses, naming the
 * file and the mode, until the bit is there.
 */
class LayerModeInPlaceTest {
    /** The layer: run.sh made executable and given a line. */
    private static final String WITH_LINE =
            """
            diff --git a/run.sh b/run.sh
            old mode 100644
            new mode 100755
            --- a/run.sh
            +++ b/run.sh
            @@ -1 +1,2 @@
             echo hi
            +echo layer
            """;
    /** The layer: run.sh made executable, nothing else. */
    private static final String MODE_ONLY =
            """
            diff --git a/run.sh b/run.sh
            old mode 100644
            new mode 100755
            """;

    @TempDir
    Path tmp;

    @Test
    void applyTookALayerAppliedByHandWithoutItsChmodAsInPlace() throws IOException {
        Repo repo = layered(WITH_LINE);

        assertModeRefusedThenApplied(repo);
        assertThat(repo.read("run.sh")).isEqualTo("echo up\necho layer\n");
    }

    @Test
    void applyTookALayerWhosePatchOnlyMakesAScriptExecutableAsNeverInPlace() throws IOException {
        Repo repo = layered(MODE_ONLY);

        assertModeRefusedThenApplied(repo);
        assertThat(repo.read("run.sh")).isEqualTo("echo up\n");
    }

    /** Refused without the bit, naming file and mode; applied once it is set. */
    private void assertModeRefusedThenApplied(Repo repo) throws IOException {
        Path script = repo.dir().resolve("run.sh");
        Set<PosixFilePermission> plain = EnumSet.of(
                PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.GROUP_READ);
        Files.setPosixFilePermissions(script, plain);

        Cli.Run refused = Cli.run("apply", set("up"), "--repo", repo.dir());
        assertThat(refused.exit()).as(refused.out() + refused.err()).isEqualTo(1);
        assertThat(refused.err())
                .contains("layer:shared is not in place in the work tree: entry 'exec' makes run.sh 100755, "
                        + "the work tree has it 100644");
        assertThat(repo.read("run.sh")).doesNotContain("up");

        Set<PosixFilePermission> executable = EnumSet.copyOf(plain);
        executable.add(PosixFilePermission.OWNER_EXECUTE);
        Files.setPosixFilePermissions(script, executable);
        Cli.ok("apply", set("up"), "--repo", repo.dir());
        assertThat(Files.getPosixFilePermissions(script)).contains(PosixFilePermission.OWNER_EXECUTE);
    }

    /** A repository with the layer applied by hand (C git, with the chmod), and the set above it not applied. */
    private Repo layered(String layerPatch) throws IOException {
        Repo repo = Repo.init(tmp.resolve("r")).write("run.sh", "echo hi\n");
        repo.commit("base");
        Path patch = tmp.resolve("layer.patch");
        Files.writeString(patch, layerPatch, StandardCharsets.UTF_8);
        String r = repo.dir().toString();
        ok("new", set("shared"), "--repo", r);
        Entries.add("patch", set("shared"), r, patch, "--id", "exec");
        ok("new", set("up"), "--repo", r, "--layer", "../shared");
        Entries.rewrite(set("up"), r, "run.sh", "hi", "up", "--id", "up");
        repo.git("apply", patch.toString());
        assertThat(Files.getPosixFilePermissions(repo.dir().resolve("run.sh")))
                .contains(PosixFilePermission.OWNER_EXECUTE);
        return repo;
    }

    private String set(String name) {
        return tmp.resolve("sets").resolve(name).toString();
    }
}
