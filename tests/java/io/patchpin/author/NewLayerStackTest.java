package io.patchpin.author;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.SmallRepo;
import io.patchpin.verify.Layers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code new --layer} refuses at once, writing nothing, a stack of layers that the first verify would refuse:
 * one line, exit 2, verify's wording, at the {@code --layer} value (the new set has no file yet) or, for a
 * fault inside the sets below, at the line verify names.
 */
class NewLayerStackTest {
    @TempDir
    Path tmp;

    private String repo;
    private String base;

    @BeforeEach
    void repo() throws Exception {
        base = SmallRepo.commit(tmp.resolve("r"), Map.of("run.sh", "echo hi\n"));
        repo = tmp.resolve("r").toString();
    }

    @Test
    void newWroteASetWhoseLayerAlreadyNamedItsFolderAsALayer() throws Exception {
        // b was written first, for a set x to come; x on b closes the circle
        write("b", "../x");

        refused(
                Cli.run("new", dir("x"), "--repo", repo, "--layer", "../b"),
                "--layer ../b",
                "layers go round in a circle through ");
        refused(
                Cli.run("new", dir("x"), "--no-base", "--layer", "../b"),
                "--layer ../b",
                "layers go round in a circle through ");
    }

    @Test
    void newWroteASetOnTwoSetsThatNameEachOtherAndVerifyRefusedItLater() throws Exception {
        write("b", "../c");
        Path c = write("c", "../b");

        Cli.Run run = Cli.run("new", dir("x"), "--repo", repo, "--layer", "../b");

        refused(run, c + ":4", "layers go round in a circle through ");
    }

    @Test
    void newWroteAStackDeeperThanEight() throws Exception {
        set("d0", "");
        // d7 down to d0: a stack of eight sets, as deep as verify takes
        for (int i = 1; i < Layers.MAX_DEPTH; i++) {
            write("d" + i, "../d" + (i - 1));
        }
        String deepest = "../d" + (Layers.MAX_DEPTH - 1);

        refused(
                Cli.run("new", dir("top"), "--repo", repo, "--layer", deepest),
                "--layer " + deepest,
                "layers stack deeper than " + Layers.MAX_DEPTH);
        // one set shallower: allowed, and verify takes it
        Cli.ok("new", dir("top"), "--repo", repo, "--layer", "../d" + (Layers.MAX_DEPTH - 2));
        Cli.ok("verify", dir("top"), "--repo", repo);
    }

    @Test
    void newWroteTheSameLayerTwice() throws Exception {
        set("b", "");

        refused(
                Cli.run("new", dir("x"), "--repo", repo, "--layer", "../b", "--layer", "../../sets/b"),
                "--layer ../../sets/b",
                "names the same layer as --layer ../b");
        refused(
                Cli.run(
                        "new",
                        dir("x"),
                        "--no-base",
                        "--layer",
                        "therock:amd-mainline",
                        "--layer",
                        "therock:amd-mainline"),
                "--layer therock:amd-mainline",
                "names the same layer as --layer therock:amd-mainline");
    }

    /** A set at {@code sets/<name>} with one layer, on line 4. */
    @Test
    void aLayerOutsideTheTreeThatHoldsTheSetIsRefusedAtItsLine() throws Exception {
        Path ops = tmp.resolve("srv/ops/patchset.toml");
        Files.createDirectories(ops.getParent());
        Files.writeString(ops, "format = 1\nname = \"ops\"\nbase = \"" + base + "\"\n", StandardCharsets.UTF_8);
        Path up = write("up", "../../srv/ops");
        Files.createSymbolicLink(tmp.resolve("sets/link"), ops.getParent());
        Path linked = write("linked", "../link");

        for (Path set : new Path[] {up, linked}) {
            Cli.Run verify = Cli.run("verify", set.getParent().toString(), "--repo", repo);
            assertThat(verify.exit()).as(verify.out() + verify.err()).isEqualTo(2);
            assertThat(verify.errLines())
                    .singleElement()
                    .asString()
                    .startsWith("patchpin: " + set + ":4: ")
                    .contains("is outside " + tmp.resolve("sets").toRealPath());
        }
        refused(
                Cli.run("new", dir("x"), "--repo", repo, "--layer", "../../srv/ops"),
                "--layer ../../srv/ops",
                "outside");
        refused(
                Cli.run(
                        "new",
                        dir("x"),
                        "--repo",
                        repo,
                        "--layer",
                        ops.getParent().toString()),
                "--layer ../../srv/ops",
                "outside");
    }

    @Test
    void anAbsoluteLayerInsideTheTreeIsStoredRelativeToTheSet() throws Exception {
        set("b", "");

        Cli.Run run = Cli.run("new", dir("x"), "--repo", repo, "--layer", dir("b"));

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(Files.readString(tmp.resolve("sets/x/patchset.toml"), StandardCharsets.UTF_8))
                .contains("layers = [\"../b\"]");
    }

    private Path write(String name, String layer) throws Exception {
        return set(name, "layers = [\"" + layer + "\"]\n");
    }

    private Path set(String name, String layers) throws Exception {
        Path toml = tmp.resolve("sets").resolve(name).resolve("patchset.toml");
        Files.createDirectories(toml.getParent());
        Files.writeString(
                toml,
                "format = " + (layers.isEmpty() ? 1 : 2) + "\nname = \"" + name + "\"\nbase = \"" + base + "\"\n"
                        + layers,
                StandardCharsets.UTF_8);
        return toml;
    }

    private String dir(String name) {
        return tmp.resolve("sets").resolve(name).toString();
    }

    /** One line, exit 2, at {@code place}, and no folder written for the new set. */
    private void refused(Cli.Run run, String place, String message) {
        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("patchpin: " + place + ": ")
                .contains(message);
        assertThat(tmp.resolve("sets/x")).doesNotExist();
        assertThat(tmp.resolve("sets/top")).doesNotExist();
    }
}
