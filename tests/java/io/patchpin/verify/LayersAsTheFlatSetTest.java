package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A layer and the set on it behave as the flat set of the same edits in every command that reads the work tree:
 * a layer whose line the set edits again is in place beneath the set's edit, so applying twice writes nothing,
 * and verify and audit of the applied tree are ok, with the layer applied, TheRock's, or committed.
 */
class LayersAsTheFlatSetTest {
    /** rocm-cmake's version line, which the layer raises and the set on it raises again. */
    private static final String FILE = "cmake/rocm.cmake";

    private static final String PRISTINE = "project(rocm-cmake)\nset(VERSION 3.6)\ninclude(a)\ninclude(c)\n";
    private static final String LAYER =
            "--- a/" + FILE + "\n+++ b/" + FILE + "\n@@ -1,4 +1,4 @@\n project(rocm-cmake)\n"
                    + "-set(VERSION 3.6)\n+set(VERSION 3.16)\n include(a)\n include(c)\n";
    /** The set's patch, whose context is the layer's line. */
    private static final String ON_TOP =
            "--- a/" + FILE + "\n+++ b/" + FILE + "\n@@ -1,4 +1,5 @@\n project(rocm-cmake)\n"
                    + " set(VERSION 3.16)\n include(a)\n+include(b)\n include(c)\n";

    private static final String APPLIED =
            "project(rocm-cmake)\nset(VERSION 3.20)\ninclude(a)\ninclude(b)\ninclude(c)\n";

    @TempDir
    Path tmp;

    /** How the three edits are laid out, and how they are applied. */
    private enum Shape {
        FLAT,
        LAYER,
        THEROCK_LAYER,
        LAYER_COMMITTED,
        THEROCK_LAYER_COMMITTED_AS_THEROCK
    }

    @Test
    void everyCommandGivesTheFlatSetsOutcomeOnALayeredSet() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Map<Shape, List<String>> outcomes = new LinkedHashMap<>();
        for (Shape shape : Shape.values()) {
            try (WorkTree ex = fx.workTree("w-" + shape)) {
                outcomes.put(shape, outcomes(ex, shape));
            }
        }
        List<String> flat = outcomes.get(Shape.FLAT);
        assertThat(flat)
                .containsExactly(
                        "apply 0", "content as applied", "apply again 0, nothing written", "verify 0", "audit 0");
        outcomes.forEach((shape, o) -> assertThat(o).as(shape.toString()).isEqualTo(flat));
    }

    @Test
    void revertOfTheSetThenOfItsLayerEachUndoOnlyTheirOwn() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        try (WorkTree ex = fx.workTree("w")) {
            String repo = ex.dir().toString();
            String top = sets(ex, Shape.LAYER);
            Cli.ok("apply", top, "--repo", repo, "--with-layers");

            Cli.ok("revert", top, "--repo", repo);
            assertThat(ex.read(SYSTEMS, FILE)).isEqualTo(PRISTINE.replace("3.6", "3.16"));
            Cli.ok("revert", tmp.resolve("w-sets/low").toString(), "--repo", repo);
            assertThat(ex.read(SYSTEMS, FILE)).isEqualTo(PRISTINE);
            assertThat(ex.repo().git("status", "--porcelain")).isEmpty();
        }
    }

    /** Apply, the file applied, apply again, verify, audit: each exit code, and whether the second apply wrote. */
    private List<String> outcomes(WorkTree ex, Shape shape) {
        String repo = ex.dir().toString();
        String top = sets(ex, shape);
        List<String> apply = new ArrayList<>(List.of("apply", top, "--repo", repo));
        if (shape != Shape.FLAT) {
            apply.add("--with-layers");
        }
        if (shape == Shape.LAYER_COMMITTED || shape == Shape.THEROCK_LAYER_COMMITTED_AS_THEROCK) {
            apply.add("--commit");
        }
        if (shape == Shape.THEROCK_LAYER_COMMITTED_AS_THEROCK) {
            apply.add("--therock");
        }
        List<String> out = new ArrayList<>();
        out.add("apply " + Cli.run(apply.toArray(String[]::new)).exit());
        out.add(ex.read(SYSTEMS, FILE).equals(APPLIED) ? "content as applied" : ex.read(SYSTEMS, FILE));
        String head = ex.repo().id("HEAD:" + SYSTEMS);
        String status = ex.repo().git("status", "--porcelain");
        Cli.Run again = Cli.run(apply.toArray(String[]::new));
        boolean wrote = !ex.read(SYSTEMS, FILE).equals(APPLIED)
                || !ex.repo().git("status", "--porcelain").equals(status)
                || !ex.repo().id("HEAD:" + SYSTEMS).equals(head);
        out.add("apply again " + again.exit() + (wrote ? ", wrote" : ", nothing written"));
        if (shape != Shape.FLAT) {
            // the layer is in place: the set alone applies as nothing to do too
            Cli.Run alone = Cli.run("apply", top, "--repo", repo);
            assertThat(alone.exit()).as(alone.err()).isZero();
        }
        Cli.Run verify = Cli.run("verify", top, "--repo", repo);
        out.add("verify " + verify.exit() + (verify.exit() == 0 ? "" : "\n" + verify.out()));
        Cli.Run audit = Cli.run("audit", top, "--repo", repo);
        out.add("audit " + audit.exit() + (audit.exit() == 0 ? "" : "\n" + audit.out() + audit.err()));
        return out;
    }

    /** The three edits in {@code shape}'s layout; returns the folder of the set to apply. */
    private String sets(WorkTree ex, Shape shape) {
        String repo = ex.dir().toString();
        ex.change(SYSTEMS, "rocm-cmake", Map.of(FILE, PRISTINE));
        Path dir = tmp.resolve(ex.dir().getFileName() + "-sets");
        String top = dir.resolve("top").toString();
        String low = dir.resolve("low").toString();
        if (shape == Shape.THEROCK_LAYER || shape == Shape.THEROCK_LAYER_COMMITTED_AS_THEROCK) {
            ex.change(".", "gfx-local patches", Map.of("patches/gfx-local/" + SYSTEMS + "/0001-version.patch", LAYER));
            Cli.ok("new", top, "--repo", repo, "--layer", "therock:gfx-local");
        } else if (shape == Shape.FLAT) {
            Cli.ok("new", top, "--repo", repo);
            patch(top, repo, dir.resolve("layer.diff"), LAYER, "version");
        } else {
            Cli.ok("new", low, "--repo", repo);
            patch(low, repo, dir.resolve("layer.diff"), LAYER, "version");
            Cli.ok("new", top, "--repo", repo, "--layer", "../low");
        }
        patch(top, repo, dir.resolve("top.diff"), ON_TOP, "include-b");
        Cli.ok(
                "add",
                "rewrite",
                top,
                "--repo",
                repo,
                "--component",
                SYSTEMS,
                "--file",
                FILE,
                "--find",
                "VERSION 3.16",
                "--replace",
                "VERSION 3.20",
                "--id",
                "version-again");
        return top;
    }

    private static void patch(String set, String repo, Path diff, String text, String id) {
        try {
            Files.createDirectories(diff.getParent());
            Files.writeString(diff, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Cli.ok("add", "patch", set, "--repo", repo, "--component", SYSTEMS, diff.toString(), "--id", id);
    }
}
