package io.patchpin.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.patchpin.demo.ExampleWorkspace;

import java.nio.file.Path;
import java.util.Map;

/**
 * A workspace and a patchset {@code p} of three rewrites: {@code readme} on the
 * superproject, {@code anchor} and {@code one} on one perfetto file. After the
 * seal, perfetto is bumped N times: a third of the way the lines around the
 * anchor change (DRIFTED), two thirds of the way the anchor goes (ANCHOR_MISSING).
 *
 * @param drift the superproject commit where the anchor's context changed
 * @param gone  the superproject commit where the anchor went
 */
public record DriftingAnchor(ExampleWorkspace ex, String repo, String set, String drift, String gone) {
    /** Builds it with {@code commits} perfetto bumps after the set is sealed. */
    public static DriftingAnchor create(Path tmp, int commits) {
        ExampleWorkspace ex = ExampleWorkspace.create(tmp);
        ex.change(ExampleWorkspace.PERFETTO, "perfetto anchor", Map.of("CMakeLists.txt", text(0, false, true)));
        String repo = ex.workTree().toString();
        String set = tmp.resolve("patchsets/p").toString();
        run("new", set, "--repo", repo);
        run("add", "rewrite", set, "--repo", repo, "--file", "README.md", "--find", "example", "--replace", "sample",
                "--id", "readme");
        run("add", "rewrite", set, "--repo", repo, "--component", ExampleWorkspace.PERFETTO, "--file",
                "CMakeLists.txt", "--find", "# anchor", "--replace", "# anchor ok", "--id", "anchor");
        run("add", "rewrite", set, "--repo", repo, "--component", ExampleWorkspace.PERFETTO, "--file",
                "CMakeLists.txt", "--find", "# one", "--replace", "# one ok", "--id", "one");
        String drift = null;
        String gone = null;
        for (int i = 1; i <= commits; i++) {
            boolean drifted = i >= commits / 3;
            boolean anchor = i < 2 * commits / 3;
            String c = ex.change(ExampleWorkspace.PERFETTO, "perfetto " + i,
                    Map.of("CMakeLists.txt", text(i, drifted, anchor)));
            drift = i == commits / 3 ? c : drift;
            gone = i == 2 * commits / 3 ? c : gone;
        }
        return new DriftingAnchor(ex, repo, set, drift, gone);
    }

    private static String text(int i, boolean drifted, boolean anchor) {
        return "project(perfetto)\nset(PERFETTO_VERSION " + (50 + i) + ")\n# one\n# two\n# three\n# four\n# five\n"
                + (drifted ? "# six changed\n" : "# six\n") + (anchor ? "# anchor\n" : "") + "# end\n";
    }

    private static void run(String... args) {
        Cli.Run r = Cli.run(args);
        assertThat(r.exit()).as(r.err()).isZero();
    }
}
