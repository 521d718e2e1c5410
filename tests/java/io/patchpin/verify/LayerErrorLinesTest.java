package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.LayeredSets.LANG_PATCH;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.SmallRepo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every refusal that comes from a {@code layers} value is one line, exit 2, naming the file and the line of that
 * value (the element when it can be found, else the {@code layers} key), though most are found after parsing.
 */
class LayerErrorLinesTest {
    @TempDir
    Path tmp;

    private String repo;
    private String base;

    @BeforeEach
    void repo() throws Exception {
        base = SmallRepo.commit(tmp.resolve("r"), Map.of("run.sh", "echo hi\n"));
        repo = tmp.resolve("r").toString();
        Repo.init(tmp.resolve("sets")); // the repository the sets live in, which holds every layer of theirs
    }

    @Test
    void twoSetsNamingEachOtherAsLayersNameTheLineThatClosesTheCircle() throws Exception {
        write("c1/s", "../../c2/s");
        Path c2 = write("c2/s", "../../c1/s");

        refused(Cli.run("verify", dir("c1/s"), "--repo", repo), c2, 4, "layers go round in a circle through ");
    }

    @Test
    void aCircleWrittenOverSeveralLinesNamesTheElementLine() throws Exception {
        Path c1 = set("c1/s", "layers = [\n  \"../../c2/s\",\n]\n");
        write("c2/s", "../../c1/s");

        refused(Cli.run("verify", dir("c2/s"), "--repo", repo), c1, 5, "layers go round in a circle through ");
    }

    @Test
    void aStackDeeperThanEightNamesTheLayerOfTheSetChecked() throws Exception {
        set("d0", "");
        for (int i = 1; i <= Layers.MAX_DEPTH; i++) {
            write("d" + i, "../d" + (i - 1));
        }
        Path top = write("d" + (Layers.MAX_DEPTH + 1), "../d" + Layers.MAX_DEPTH);

        refused(
                Cli.run("verify", top.getParent(), "--repo", repo, "--rev", "HEAD"),
                top,
                4,
                "layers stack deeper than " + Layers.MAX_DEPTH);
    }

    @Test
    void aLayerNamedTwiceIsRefusedNotRunOnce() throws Exception {
        set("b", "");
        Path s = set("s", "layers = [\"../b\", \"../../sets/b\"]\n");

        refused(
                Cli.run("verify", dir("s"), "--repo", repo),
                s,
                4,
                "names the same layer as ../b (a layer is named once)");
    }

    @Test
    void aLayerFolderThatIsNotAPatchsetNamesItsElement() throws Exception {
        Files.createDirectories(tmp.resolve("sets/empty"));
        Path s = set("s", "layers = [\"therock:amd-mainline\", \"../empty\"]\n");

        refused(Cli.run("verify", dir("s"), "--repo", repo), s, 4, "layer '../empty': no patchset at ");
    }

    @Test
    void aBadTheRockTagNamesItsElement() throws Exception {
        Path s = set("s", "layers = [\n  \"../t\",\n  \"therock:a b\",\n]\n");

        refused(Cli.run("verify", dir("s"), "--repo", repo), s, 6, "layer 'therock:a b': a TheRock tag is letters");
    }

    @Test
    void sealingWhereATheRockLayerIsAbsentAtTheBaseNamesTheLayersLine() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp.resolve("fx")).workTree("therock")) {
            String rock = ex.dir().toString();
            ex.change(
                    ".",
                    "patches for amd-mainline",
                    Map.of("patches/amd-mainline/" + SYSTEMS + "/0001-languages.patch", LANG_PATCH));
            ex.repo().delete("patches").commitStaged("drop amd-mainline patches");
            base = ex.repo().head();
            Path s = set("mine", "layers = [\"therock:amd-mainline\"]\n");

            Cli.Run add = Entries.tryRewrite(dir("mine"), rock, PRE_HOOK, "X86", "X86;NVPTX", "--id", "nvptx");

            refused(add, s, 4, "layer therock:amd-mainline: no patches/amd-mainline at ");
        }
    }

    /** A set at {@code sets/<name>} with one layer. */
    private Path write(String name, String layer) throws Exception {
        return set(name, "layers = [\"" + layer + "\"]\n");
    }

    /** A set at {@code sets/<name>} whose {@code layers} start at line 4 ({@code layers} empty: format 1). */
    private Path set(String name, String layers) throws Exception {
        Path toml = tmp.resolve("sets").resolve(name).resolve("patchset.toml");
        Files.createDirectories(toml.getParent());
        Files.writeString(
                toml,
                "format = " + (layers.isEmpty() ? 1 : 2) + "\nname = \"s\"\nbase = \"" + base + "\"\n" + layers,
                StandardCharsets.UTF_8);
        return toml;
    }

    private String dir(String name) {
        return tmp.resolve("sets").resolve(name).toString();
    }

    private static void refused(Cli.Run run, Path file, int line, String message) {
        assertThat(run.exit()).as(run.out() + run.err()).isEqualTo(2);
        assertThat(run.errLines())
                .singleElement()
                .asString()
                .startsWith("patchpin: " + file + ":" + line + ": ")
                .contains(message);
    }
}
